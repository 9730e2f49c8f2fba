import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { vectorToPdfTool } from '@folio/registry';
import { postTool, type Upload } from '../../../test/support/http';
import { flatOdt, officeFixture } from '../../../test/support/office-fixtures';
import { CORRUPT_PDF, encryptPdf, makePdf, pageCount, pageTexts, withTempDir } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';
import { dosEps, epsDrawing, postScriptPages, xpsOf, XPS_TRIANGLE_PAGE } from '../../../test/support/vector-documents';

jest.setTimeout(120_000);

/** A manual from Debian's shared-mime-info package (17 pages, DocBook through a TeX toolchain). */
const DEBIAN_MANUAL = '/usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf';

/** Another program's PostScript: Poppler's pdftops, from a PDF. */
function pdftops(pdf: Buffer, eps = false): Buffer {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    execFileSync('pdftops', [...(eps ? ['-eps', '-f', '1', '-l', '1'] : []), join(dir, 'in.pdf'), join(dir, 'out.ps')]);
    return readFileSync(join(dir, 'out.ps'));
  });
}

/** An XPS document written by Ghostscript's XPS writer, from a PDF. */
function ghostscriptXps(pdf: Buffer): Buffer {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    execFileSync('gs', ['-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', '-sDEVICE=xpswrite', `-sOutputFile=${join(dir, 'out.xps')}`, join(dir, 'in.pdf')]);
    return readFileSync(join(dir, 'out.xps'));
  });
}

/** Page sizes in points, as pdfinfo reads them. */
function pageSizes(pdf: Buffer): { width: number; height: number }[] {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    const info = execFileSync('pdfinfo', ['-f', '1', '-l', '1000', join(dir, 'x.pdf')], { encoding: 'utf8' });
    return [...info.matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/g)].map((m) => ({ width: Number(m[1]), height: Number(m[2]) }));
  });
}

/** The PDF version in the header. e.g. '1.4' */
const pdfVersion = (pdf: Buffer) => /^%PDF-(\d\.\d)/.exec(pdf.subarray(0, 16).toString('latin1'))?.[1];

describe('PostScript to PDF (/api/v1/convert/vector/pdf)', () => {
  const server = useTestServer();
  const convert = (file: Upload, fields: Record<string, string | boolean> = {}) => postTool(server, vectorToPdfTool.endpoint, [file], fields);

  it('converts Poppler’s PostScript of a 17-page manual: every page, its text, PDF 1.4 as the reference writes', async () => {
    const postScript = pdftops(readFileSync(DEBIAN_MANUAL));
    const res = await convert({ name: 'manual.ps', content: postScript, contentType: 'application/postscript' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.fileName).toBe('manual_converted.pdf');
    expect(pdfVersion(res.body)).toBe('1.4');
    const texts = pageTexts(res.body);
    expect(texts).toHaveLength(17);
    expect(texts[0]).toContain('Shared MIME-info Database');
  });

  it('gives an EPS a page the size of its bounding box, whatever its name (.epsf), and keeps its text', async () => {
    const res = await convert({ name: 'figure.epsf', content: epsDrawing('Figure seven', 200, 100) });
    expect(res.status).toBe(200);
    expect(res.fileName).toBe('figure_converted.pdf');
    expect(pageSizes(res.body)).toEqual([{ width: 200, height: 100 }]);
    expect(pageTexts(res.body)[0]).toContain('Figure seven');

    // The same behind the binary header Windows programs write (read by its magic number, not its name).
    const binary = await convert({ name: 'figure.bin', content: dosEps(epsDrawing('Figure eight', 300, 150)) });
    expect(binary.status).toBe(200);
    expect(pageSizes(binary.body)).toEqual([{ width: 300, height: 150 }]);
    expect(pageTexts(binary.body)[0]).toContain('Figure eight');
  });

  it('converts Poppler’s EPS of a manual’s first page, and PostScript under any name (read by content)', async () => {
    const eps = await convert({ name: 'cover.eps', content: pdftops(readFileSync(DEBIAN_MANUAL), true) });
    expect(eps.status).toBe(200);
    expect(pageCount(eps.body)).toBe(1);
    expect(pageTexts(eps.body)[0]).toContain('Shared MIME-info Database');
    const unnamed = await convert({ name: 'job.txt', content: postScriptPages(['First sheet', 'Second sheet']) });
    expect(unnamed.status).toBe(200);
    expect(unnamed.fileName).toBe('job_converted.pdf');
    expect(pageTexts(unnamed.body)).toEqual(['First sheet', 'Second sheet']);
  });

  it('writes with the /prepress settings when asked', async () => {
    const res = await convert({ name: 'job.ps', content: postScriptPages(['Print shop copy']) }, { prepress: true });
    expect(res.status).toBe(200);
    expect(pageTexts(res.body)).toEqual(['Print shop copy']);
    // /prepress embeds every font, the base 14 included (the default leaves Helvetica out).
    const fonts = withTempDir((dir) => {
      writeFileSync(join(dir, 'x.pdf'), res.body);
      return execFileSync('pdffonts', [join(dir, 'x.pdf')], { encoding: 'utf8' });
    });
    expect(
      fonts
        .split('\n')
        .slice(2)
        .filter(Boolean)
        .every((line) => / yes /.test(line)),
    ).toBe(true);
  });

  it('converts an XPS document with MuPDF (Ghostscript’s XPS of a LibreOffice PDF, and one made by hand)', async () => {
    const report = await officeFixture(flatOdt(['First ledger page', 'Second ledger page']), '.fodt', 'writer_pdf_Export', '.pdf');
    const fromGhostscript = await convert({ name: 'ledger.xps', content: ghostscriptXps(report), contentType: 'application/vnd.ms-xpsdocument' });
    expect(fromGhostscript.status).toBe(200);
    expect(fromGhostscript.fileName).toBe('ledger_converted.pdf');
    expect(pageCount(fromGhostscript.body)).toBe(2);
    const a4 = pageSizes(report)[0];
    const converted = pageSizes(fromGhostscript.body)[0];
    expect(Math.abs(converted.width - a4.width)).toBeLessThan(2);
    expect(Math.abs(converted.height - a4.height)).toBeLessThan(2);

    const byHand = await convert({ name: 'drawing.oxps', content: await xpsOf([XPS_TRIANGLE_PAGE, XPS_TRIANGLE_PAGE, XPS_TRIANGLE_PAGE]) });
    expect(byHand.status).toBe(200);
    // XPS units are 1/96 inch: 816 × 1056 is US Letter.
    expect(pageSizes(byHand.body)).toEqual(Array(3).fill({ width: 612, height: 792 }));
  });

  it('keeps an XPS page’s text as text (glyphs with an embedded font)', async () => {
    const font = readFileSync('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf');
    const glyphs =
      '<Glyphs FontUri="/Resources/DejaVuSans.ttf" FontRenderingEmSize="24" OriginX="96" OriginY="144" Fill="#FF000000" UnicodeString="Marmalade harbour"/>';
    const xps = await xpsOf([{ width: 816, height: 1056, body: glyphs }], { 'Resources/DejaVuSans.ttf': font });
    const res = await convert({ name: 'letter.xps', content: xps });
    expect(res.status).toBe(200);
    expect(pageTexts(res.body)[0]).toContain('Marmalade harbour');
  });

  it('answers a PDF as it came, byte for byte, even under a .ps name (the content decides)', async () => {
    const original = await makePdf(2);
    for (const name of ['report.pdf', 'report.ps']) {
      const res = await convert({ name, content: original });
      expect(res.status).toBe(200);
      expect(res.fileName).toBe('report_converted.pdf');
      expect(Buffer.compare(res.body, original)).toBe(0);
    }
  });

  it('refuses PCL, a ZIP that is not XPS, and text named .ps, with a 400 saying what it takes', async () => {
    const pcl = Buffer.concat([Buffer.from('\x1b%-12345X@PJL ENTER LANGUAGE=PCL\r\n\x1bE', 'latin1'), Buffer.from('Hello from PCL\f\x1bE', 'latin1')]);
    for (const [name, content] of [
      ['letter.pcl', pcl],
      ['letter.ps', Buffer.from('Just some text, not PostScript.\n')],
    ] as const) {
      const res = await convert({ name, content });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ type: '/errors/invalid-file-type' });
      expect(res.json.detail).toMatch(/^Unsupported Ghostscript input format\./);
    }
    const notXps = await convert({ name: 'photos.xps', content: zipOfText() });
    expect(notXps.status).toBe(400);
    expect(notXps.json.detail).toContain('not an XPS document');
  });

  it('refuses PostScript that fails, a damaged PDF and a locked one with 400s', async () => {
    const failing = await convert({ name: 'bad.ps', content: Buffer.from('%!PS\n/undefinedoperator-xyz\nundefinedoperator-xyz\n') });
    expect(failing.status).toBe(400);
    expect(failing.json).toMatchObject({ type: '/errors/document-not-convertible' });
    expect((await convert({ name: 'broken.pdf', content: CORRUPT_PDF })).json).toMatchObject({ status: 400, type: '/errors/pdf-corrupted' });
    expect((await convert({ name: 'locked.pdf', content: encryptPdf(await makePdf(1), 'secret') })).json).toMatchObject({
      status: 400,
      type: '/errors/pdf-password',
    });
  });

  it('runs as a pipeline step, its PDF passed on to the next', async () => {
    const definition = { name: 'PostScript in', pipeline: [{ operation: vectorToPdfTool.endpoint, parameters: { prepress: false } }] };
    const res = await postTool(server, '/api/v1/pipeline/handleData', [{ name: 'job.ps', content: postScriptPages(['Piped page one', 'Piped page two']) }], {
      json: JSON.stringify(definition),
    });
    expect(res.status).toBe(200);
    expect(pageTexts(res.body)).toEqual(['Piped page one', 'Piped page two']);
  });
});

/** A ZIP of a text file, made by Info-ZIP's zip, sent under an XPS name. */
function zipOfText(): Buffer {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'page1.txt'), 'not a page');
    execFileSync('zip', ['-q', join(dir, 'photos.zip'), 'page1.txt'], { cwd: dir });
    return readFileSync(join(dir, 'photos.zip'));
  });
}
