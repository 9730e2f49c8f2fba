import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { svgToPdfTool } from '@folio/registry';
import { postTool, type Upload } from '../../../test/support/http';
import { pageCount, pageTexts, withTempDir } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

jest.setTimeout(120_000);

/** SVGs other programs made, shipped by Debian packages. */
const REAL_WORLD = {
  /** Dia, with a DOCTYPE, 65 cm × 24 cm, its boxes labelled with text. */
  dia: '/usr/share/doc/postgresql-common/dependencies.svg',
  /** Adobe Illustrator 12, with a DOCTYPE and an (empty) internal subset. */
  illustrator: '/usr/share/gdal/GDALLogoColor.svg',
  /** Inkscape. */
  inkscape: '/usr/share/libwacom/layouts/intuos-pro-2-m.svg',
};
const whenPresent = (path: string) => (existsSync(path) ? it : it.skip);

const svg = (name: string, content: string | Buffer): Upload => ({ name, content: Buffer.from(content), contentType: 'image/svg+xml' });

const drawing = (text: string, width = 300, height = 120) =>
  `<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect x="4" y="4" width="${width - 8}" height="${height - 8}" fill="none" stroke="#2f6fdf"/><text x="20" y="60" font-family="DejaVu Sans" font-size="24">${text}</text></svg>\n`;

function poppler(program: string, args: string[], pdf: Buffer): string {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    return execFileSync(program, [...args, join(dir, 'x.pdf')], { encoding: 'utf8' });
  });
}

/** Page sizes in points, as pdfinfo reads them. */
const pageSizes = (pdf: Buffer) =>
  [...poppler('pdfinfo', ['-f', '1', '-l', '1000'], pdf).matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/g)].map((m) => ({
    width: Math.round(Number(m[1])),
    height: Math.round(Number(m[2])),
  }));

/** The raster images in a PDF, as pdfimages lists them (none for a drawing of vectors). */
const rasterImages = (pdf: Buffer) => poppler('pdfimages', ['-list'], pdf).trim().split('\n').slice(2);

/** Every entry of a ZIP, by name, unpacked by Info-ZIP's unzip. */
function unzipAll(zip: Buffer): Map<string, Buffer> {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.zip'), zip);
    const names = execFileSync('unzip', ['-Z1', join(dir, 'x.zip')], { encoding: 'utf8' })
      .trim()
      .split('\n');
    return new Map(names.map((name) => [name, execFileSync('unzip', ['-p', join(dir, 'x.zip'), name])]));
  });
}

describe('SVG to PDF (/api/v1/convert/svg/pdf)', () => {
  const server = useTestServer();
  const convert = (files: Upload[], fields: Record<string, string | boolean> = {}) => postTool(server, svgToPdfTool.endpoint, files, fields);

  it('draws one SVG as one page of vectors the drawing’s size: text stays text, no picture made', async () => {
    const res = await convert([svg('badge.svg', drawing('Vector badge', 300, 120))]);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.fileName).toBe('badge.pdf');
    expect(pageSizes(res.body)).toEqual([{ width: 300, height: 120 }]);
    expect(pageTexts(res.body)[0]).toContain('Vector badge');
    expect(rasterImages(res.body)).toEqual([]);
  });

  it('sizes the page by the drawing’s units (210 mm × 297 mm is A4) and by its viewBox alone', async () => {
    const a4 = `<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="297mm" viewBox="0 0 210 297"><text x="10" y="30" font-size="10">Folded map</text></svg>`;
    const viewBoxOnly = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 250"><text x="10" y="30" font-size="20">Box only</text></svg>`;
    const res = await convert([svg('map.svg', a4), svg('box.svg', viewBoxOnly)], { combineIntoSinglePdf: true });
    expect(res.status).toBe(200);
    expect(pageSizes(res.body)).toEqual([
      { width: 595, height: 842 },
      { width: 400, height: 250 },
    ]);
  });

  it('answers several SVGs as a ZIP of one PDF each, named after the first, equal names numbered', async () => {
    const res = await convert([svg('first.svg', drawing('One')), svg('second.svg', drawing('Two')), svg('first.svg', drawing('Three'))]);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.fileName).toBe('first_converted_svgs.zip');
    const entries = unzipAll(res.body);
    expect([...entries.keys()]).toEqual(['first.pdf', 'second.pdf', 'first (2).pdf']);
    expect(pageTexts(entries.get('second.pdf')!)[0]).toContain('Two');
    expect(pageTexts(entries.get('first (2).pdf')!)[0]).toContain('Three');
  });

  it('combines them into one PDF, one page each in the order sent, named <first>_combined.pdf', async () => {
    const res = await convert([svg('cover.svg', drawing('Cover', 200, 100)), svg('back.svg', drawing('Back', 400, 300))], { combineIntoSinglePdf: true });
    expect(res.status).toBe(200);
    expect(res.fileName).toBe('cover_combined.pdf');
    expect(pageCount(res.body)).toBe(2);
    expect(pageTexts(res.body).map((text) => text.trim())).toEqual(['Cover', 'Back']);
    expect(pageSizes(res.body)).toEqual([
      { width: 200, height: 100 },
      { width: 400, height: 300 },
    ]);
    // Alone, combined still names the result so.
    expect((await convert([svg('cover.svg', drawing('Cover'))], { combineIntoSinglePdf: 'true' })).fileName).toBe('cover_combined.pdf');
  });

  whenPresent(REAL_WORLD.dia)('converts Dia’s diagram (DOCTYPE, centimetres): its labels as text, 65 cm × 24 cm', async () => {
    const res = await convert([svg('dependencies.svg', readFileSync(REAL_WORLD.dia))]);
    expect(res.status).toBe(200);
    expect(pageSizes(res.body)).toEqual([{ width: 1843, height: 680 }]);
    expect(pageTexts(res.body)[0]).toMatch(/postgresql/i);
    expect(rasterImages(res.body)).toEqual([]);
  });

  whenPresent(REAL_WORLD.illustrator)('converts an Adobe Illustrator logo and an Inkscape drawing, combined', async () => {
    const files = [svg('logo.svg', readFileSync(REAL_WORLD.illustrator))];
    if (existsSync(REAL_WORLD.inkscape)) files.push(svg('tablet.svg', readFileSync(REAL_WORLD.inkscape)));
    const res = await convert(files, { combineIntoSinglePdf: true });
    expect(res.status).toBe(200);
    expect(pageCount(res.body)).toBe(files.length);
    expect(pageSizes(res.body)[0]).toEqual({ width: 572, height: 632 });
    expect(rasterImages(res.body)).toEqual([]);
  });

  it('draws the SVG without what reaches outside it or runs code: scripts, foreign content, external pictures', async () => {
    const hostile = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="300" height="120" onload="alert(1)">
      <script>alert('x')</script>
      <foreignObject width="300" height="60"><div xmlns="http://www.w3.org/1999/xhtml">FOREIGN-HTML</div></foreignObject>
      <image xlink:href="file:///etc/passwd" width="10" height="10"/>
      <image href="http://127.0.0.1:9/x.png" width="10" height="10"/>
      <text x="20" y="90" font-size="20">Safe text</text></svg>`;
    const res = await convert([svg('hostile.svg', hostile)]);
    expect(res.status).toBe(200);
    const text = pageTexts(res.body)[0];
    expect(text).toContain('Safe text');
    expect(text).not.toContain('FOREIGN-HTML');
    expect(text).not.toMatch(/root:/);
    expect(rasterImages(res.body)).toEqual([]);
  });

  it('refuses an XXE SVG, an entity bomb, a drawing larger than a PDF page may be, and a file that is not SVG, each with a 400', async () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY leak SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&leak;</text></svg>`;
    const levels = 'abcdefghij'.split('');
    const bomb = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "lollollollollollollollollollol">${levels
      .slice(1)
      .map((name, i) => `<!ENTITY ${name} "${`&${levels[i]};`.repeat(10)}">`)
      .join('')}]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&j;</text></svg>`;
    const huge = `<svg xmlns="http://www.w3.org/2000/svg" width="1000000000" height="1000000000"><rect width="10" height="10"/></svg>`;
    for (const [name, content, detail] of [
      ['xxe.svg', xxe, 'could not be read: it declares an external entity'],
      ['bomb.svg', bomb, 'could not be read'],
      ['huge.svg', huge, 'a PDF page may be at most 14400 pt'],
    ] as const) {
      const res = await convert([svg(name, content)]);
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json.detail).toContain(`"${name}"`);
      expect(res.json.detail).toContain(detail);
    }
    const notSvg = await convert([{ name: 'photo.svg', content: Buffer.from('%PDF-1.4 not a drawing'), contentType: 'image/svg+xml' }]);
    expect(notSvg.json).toMatchObject({ status: 400, type: '/errors/invalid-file-type', detail: 'Please upload SVG files only.' });
    expect((await convert([])).json).toMatchObject({ status: 400, detail: 'No files provided.' });
  });

  it('runs as a pipeline step', async () => {
    const definition = { name: 'Drawings', pipeline: [{ operation: svgToPdfTool.endpoint, parameters: { combineIntoSinglePdf: true } }] };
    const res = await postTool(server, '/api/v1/pipeline/handleData', [svg('one.svg', drawing('Piped one')), svg('two.svg', drawing('Piped two'))], {
      json: JSON.stringify(definition),
    });
    expect(res.status).toBe(200);
    expect(pageTexts(res.body).map((text) => text.trim())).toEqual(['Piped one', 'Piped two']);
  });
});
