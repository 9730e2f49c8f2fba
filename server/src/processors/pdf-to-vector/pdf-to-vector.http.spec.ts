import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pdfToVectorTool } from '@folio/registry';
import { postTool, type Upload } from '../../../test/support/http';
import { LAYOUT_TEXT, makeLayoutPdf } from '../../../test/support/layout-pdfs';
import { flatOdt, officeFixture } from '../../../test/support/office-fixtures';
import { CORRUPT_PDF, encryptPdf, makePdf, pageTexts, withTempDir } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

jest.setTimeout(120_000);

/** A manual from Debian's shared-mime-info package (17 pages, DocBook through a TeX toolchain). */
const DEBIAN_MANUAL = '/usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf';

const pdf = (name: string, content: Buffer): Upload => ({ name, content });

/** PostScript or EPS read back by Ghostscript into a PDF, and that PDF's text by Poppler: what a printer or layout program would get. */
function postScriptTexts(postScript: Buffer, extension = '.ps'): string[] {
  const asPdf = withTempDir((dir) => {
    writeFileSync(join(dir, `in${extension}`), postScript);
    execFileSync('gs', ['-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', '-sDEVICE=pdfwrite', `-sOutputFile=${join(dir, 'out.pdf')}`, join(dir, `in${extension}`)]);
    return readFileSync(join(dir, 'out.pdf'));
  });
  return pageTexts(asPdf);
}

/** Every entry of a ZIP, by name, unpacked by Info-ZIP's unzip. */
function unzipAll(zip: Buffer): Map<string, Buffer> {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.zip'), zip);
    execFileSync('unzip', ['-q', join(dir, 'x.zip'), '-d', join(dir, 'out')]);
    const found = new Map<string, Buffer>();
    const walk = (folder: string, prefix: string): void => {
      for (const entry of readdirSync(join(dir, 'out', folder), { withFileTypes: true })) {
        const name = prefix + entry.name;
        if (entry.isDirectory()) walk(join(folder, entry.name), `${name}/`);
        else found.set(name, readFileSync(join(dir, 'out', folder, entry.name)));
      }
    };
    walk('', '');
    return found;
  });
}

/** Page `page` drawn in grey at 48 dpi, as raw 8-bit pixels: XPS by MuPDF, PostScript by Ghostscript, PDF by Poppler. */
function greyPixels(file: Buffer, kind: 'xps' | 'ps' | 'pdf', page = 1): { width: number; height: number; pixels: Buffer } {
  const pgm = withTempDir((dir) => {
    const input = join(dir, `in.${kind}`);
    const output = join(dir, 'page.pgm');
    writeFileSync(input, file);
    if (kind === 'xps') execFileSync('mutool', ['draw', '-q', '-r', '48', '-c', 'gray', '-o', output, input, String(page)]);
    else if (kind === 'ps')
      execFileSync('gs', [
        '-q',
        '-dSAFER',
        '-dBATCH',
        '-dNOPAUSE',
        '-sDEVICE=pgmraw',
        '-r48',
        `-dFirstPage=${page}`,
        `-dLastPage=${page}`,
        `-sOutputFile=${output}`,
        input,
      ]);
    else execFileSync('pdftoppm', ['-r', '48', '-gray', '-f', String(page), '-l', String(page), '-singlefile', input, join(dir, 'page')]);
    return readFileSync(output);
  });
  // PGM (P5): magic, width, height, maxval, each followed by whitespace (and maybe a # comment line), then the pixels.
  const header = /^P5\s+(?:#[^\n]*\n\s*)*(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 256).toString('latin1'))!;
  return { width: Number(header[1]), height: Number(header[2]), pixels: pgm.subarray(header[0].length) };
}

/**
 * The share of the original's dark pixels that are dark in the copy too, a
 * pixel's neighbours counting (two renderers smooth edges differently).
 */
function darkAgreement(original: ReturnType<typeof greyPixels>, copy: ReturnType<typeof greyPixels>): { dark: number; share: number } {
  const darkIn = (image: ReturnType<typeof greyPixels>, x: number, y: number) =>
    x >= 0 && y >= 0 && x < image.width && y < image.height && image.pixels[y * image.width + x] < 128;
  let dark = 0;
  let agreeing = 0;
  for (let y = 0; y < original.height; y++) {
    for (let x = 0; x < original.width; x++) {
      if (!darkIn(original, x, y)) continue;
      dark++;
      if ([-1, 0, 1].some((dy) => [-1, 0, 1].some((dx) => darkIn(copy, x + dx, y + dy)))) agreeing++;
    }
  }
  return { dark, share: agreeing / Math.max(1, dark) };
}

describe('PDF to PostScript (/api/v1/convert/pdf/vector)', () => {
  const server = useTestServer();
  const convert = (file: Upload, outputFormat?: string) =>
    postTool(server, pdfToVectorTool.endpoint, [file], outputFormat === undefined ? {} : { outputFormat });

  it('writes PostScript that Ghostscript reads back with every page and its text (a Debian manual)', async () => {
    const res = await convert(pdf('manual.pdf', readFileSync(DEBIAN_MANUAL)), 'ps');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/postscript');
    expect(res.fileName).toBe('manual_converted.ps');
    expect(res.body.subarray(0, 11).toString('latin1')).toBe('%!PS-Adobe-');
    const texts = postScriptTexts(res.body);
    expect(texts).toHaveLength(17);
    expect(texts[0]).toContain('Shared MIME-info Database');
    expect(texts[0]).toContain('Introduction');
  });

  it('writes PostScript whose pages look like the PDF’s (a LibreOffice PDF with embedded TrueType fonts)', async () => {
    const report = await officeFixture(flatOdt(['Ledger of tangerines', 'Second page of ledgers', 'Third page closes']), '.fodt', 'writer_pdf_Export', '.pdf');
    const res = await convert(pdf('report.pdf', report), 'ps');
    expect(res.status).toBe(200);
    expect(postScriptTexts(res.body)).toHaveLength(3);
    for (const page of [1, 3]) {
      const { dark, share } = darkAgreement(greyPixels(report, 'pdf', page), greyPixels(res.body, 'ps', page));
      expect(dark).toBeGreaterThan(50);
      expect(share).toBeGreaterThan(0.95);
    }
  });

  it('takes the format in any case, and EPS when it is absent or blank: one page gives one EPS with its bounding box', async () => {
    const single = await makePdf(1);
    for (const outputFormat of [undefined, '', 'EPS', 'Eps']) {
      const res = await convert(pdf('figure.pdf', single), outputFormat);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/postscript');
      expect(res.fileName).toBe('figure_converted.eps');
      const head = res.body.subarray(0, 400).toString('latin1');
      expect(head).toMatch(/^%!PS-Adobe-3\.0 EPSF-3\.0/);
      expect(head).toMatch(/%%BoundingBox: \d+ \d+ \d+ \d+/);
    }
  });

  it('writes one EPS per page of a longer document, in a ZIP, each read back with its own page (pdf-lib layout)', async () => {
    const res = await convert(pdf('garden.pdf', await makeLayoutPdf()), 'eps');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.fileName).toBe('garden_converted.zip');
    const entries = unzipAll(res.body);
    expect([...entries.keys()].sort()).toEqual(['garden_1.eps', 'garden_2.eps', 'garden_3.eps']);
    const texts = ['garden_1.eps', 'garden_2.eps', 'garden_3.eps'].map((name) => postScriptTexts(entries.get(name)!, '.eps').join('\n'));
    expect(texts[0]).toContain(LAYOUT_TEXT.title);
    expect(texts[1]).toContain(LAYOUT_TEXT.columnsHeading);
    expect(texts[2]).toContain(LAYOUT_TEXT.boldHeading);
    for (const text of texts) expect(text.split('\f').filter((page) => page.trim()).length).toBeLessThanOrEqual(1);
  });

  it('writes PCL XL (PCL 6), as the reference does: a PJL job announcing the PCL XL stream', async () => {
    const res = await convert(pdf('report.pdf', await makePdf(2)), 'pcl');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.hp-PCL');
    expect(res.fileName).toBe('report_converted.pcl');
    // PJL's universal exit language, then the PCL XL stream header (binding, "HP-PCL XL;" and its version).
    expect(res.body.subarray(0, 9).toString('latin1')).toBe('\x1b%-12345X');
    const head = res.body.subarray(0, 2048).toString('latin1');
    expect(head).toMatch(/@PJL ENTER LANGUAGE\s*=\s*PCLXL/);
    expect(head).toMatch(/\) HP-PCL XL;\d;\d/);
  });

  it('writes XPS whose pages look like the PDF’s, text drawn as outlines (a Debian manual)', async () => {
    const manual = readFileSync(DEBIAN_MANUAL);
    const res = await convert(pdf('manual.pdf', manual), 'xps');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.ms-xpsdocument');
    expect(res.fileName).toBe('manual_converted.xps');
    const parts = unzipAll(res.body);
    expect(parts.has('FixedDocumentSequence.fdseq')).toBe(true);
    const pageParts = [...parts.keys()].filter((name) => name.endsWith('.fpage'));
    expect(pageParts).toHaveLength(17);
    // Outlines: curves, not the 1-pixel rectangles Ghostscript's XPS writer draws glyphs with on its own.
    const firstPage = parts.get('Documents/1/Pages/1.fpage')!.toString('utf8');
    expect(firstPage).toMatch(/<FixedPage[^>]+Width="\d+"/);
    expect((firstPage.match(/ C /g) ?? []).length).toBeGreaterThan(100);

    // Drawn by MuPDF, the XPS's first page matches Poppler's drawing of the PDF's.
    const { dark, share } = darkAgreement(greyPixels(manual, 'pdf'), greyPixels(res.body, 'xps'));
    expect(dark).toBeGreaterThan(500);
    expect(share).toBeGreaterThan(0.9);
  });

  it('refuses an unknown format with the declared message, and a damaged or locked PDF with the runner’s 400s', async () => {
    const wrong = await convert(pdf('report.pdf', await makePdf(1)), 'svg');
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.json)).toContain('Output format must be EPS, PS, PCL or XPS.');
    expect((await convert(pdf('broken.pdf', CORRUPT_PDF), 'ps')).json).toMatchObject({ status: 400, type: '/errors/pdf-corrupted' });
    expect((await convert(pdf('locked.pdf', encryptPdf(await makePdf(1), 'secret')), 'ps')).json).toMatchObject({ status: 400, type: '/errors/pdf-password' });
  });

  it('takes only PDFs: PostScript sent here is refused, not run (the reference runs it)', async () => {
    const res = await convert(
      { name: 'program.pdf', content: Buffer.from('%!PS\n/Helvetica findfont 12 scalefont setfont 72 72 moveto (x) show showpage\n') },
      'ps',
    );
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ type: '/errors/invalid-file-type' });
  });

  it('runs as a pipeline step', async () => {
    const definition = { name: 'To PostScript', pipeline: [{ operation: pdfToVectorTool.endpoint, parameters: { outputFormat: 'ps' } }] };
    const res = await postTool(server, '/api/v1/pipeline/handleData', [pdf('report.pdf', await makePdf(2))], { json: JSON.stringify(definition) });
    expect(res.status).toBe(200);
    expect(res.fileName).toMatch(/^report.*\.ps$/);
    expect(postScriptTexts(res.body)).toHaveLength(2);
  });
});
