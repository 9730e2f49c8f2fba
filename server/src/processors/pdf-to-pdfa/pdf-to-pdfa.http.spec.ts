import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import { pdfToPdfaTool } from '@folio/registry';
import { checkArchivalPdf } from './archival-check';
import { postTool } from '../../../test/support/http';
import { encryptPdf, isEncrypted, pageTexts, withTempDir } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

jest.setTimeout(120_000);

/** Text in the standard Helvetica, which pdf-lib does not embed; plus document JavaScript. */
async function plainPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([300, 400]).drawText('Keep this for ever', { x: 20, y: 300, size: 18, font });
  doc.addPage([300, 400]).drawText('Second archived page', { x: 20, y: 300, size: 18, font });
  const { context } = doc;
  doc.catalog.set(PDFName.of('OpenAction'), context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') }));
  return Buffer.from(await doc.save());
}

const run = (command: string, args: string[]) => execFileSync(command, args, { encoding: 'utf8' });

/** What a PDF says about itself: XMP identification, output intents, fonts, JavaScript. */
function inspect(pdf: Buffer) {
  return withTempDir((dir) => {
    const path = join(dir, 'x.pdf');
    writeFileSync(path, pdf);
    const objects = JSON.parse(run('qpdf', ['--json=2', '--json-key=qpdf', path])).qpdf[1] as Record<string, { value?: any }>;
    const catalogRef = objects.trailer.value['/Root'] as string;
    const catalog = objects[`obj:${catalogRef}`].value;
    const metadataId = (catalog['/Metadata'] as string | undefined)?.split(' ')[0];
    const xmp = metadataId ? run('qpdf', [`--show-object=${metadataId}`, '--filtered-stream-data', path]) : '';
    const intents = ((catalog['/OutputIntents'] ?? []) as string[]).map((ref) => objects[`obj:${ref}`].value);
    const fonts = run('pdffonts', [path])
      .split('\n')
      .slice(2)
      .filter((line) => line.trim() !== '')
      .map((line) => ({ name: line.split(/\s+/)[0], embedded: / yes (yes|no) (yes|no)\s+\d+\s+\d+\s*$/.test(line) }));
    const info = run('pdfinfo', [path]);
    return {
      part: /pdfaid:part\s*=\s*['"](\d)['"]|<pdfaid:part>(\d)</.exec(xmp)?.slice(1).find(Boolean),
      conformance: /pdfaid:conformance\s*=\s*['"](\w)['"]|<pdfaid:conformance>(\w)</.exec(xmp)?.slice(1).find(Boolean),
      intents: intents.map((intent) => intent['/S']),
      profileStreams: intents.filter((intent) => objects[`obj:${intent['/DestOutputProfile']}`]?.hasOwnProperty('stream')).length,
      fonts,
      javaScript: /JavaScript:\s+yes/.test(info) || JSON.stringify(objects).includes('/JavaScript'),
      pdfxVersion: /PDF subtype:\s+(PDF\/X\S*)/.exec(info)?.[1],
    };
  });
}

describe('PDF to PDF/A (/api/v1/convert/pdf/pdfa)', () => {
  const server = useTestServer();
  let pdf: Buffer;
  beforeAll(async () => {
    pdf = await plainPdf();
  });

  const convert = (fields: Record<string, string> = {}, content = pdf, name = 'letter.pdf') =>
    postTool(server, pdfToPdfaTool.endpoint, [{ name, content }], fields);

  it('the input is not PDF/A: fonts not embedded, no intent, no identification, JavaScript', async () => {
    const before = inspect(pdf);
    expect(before.fonts).toEqual([{ name: 'Helvetica', embedded: false }]);
    expect(before.intents).toEqual([]);
    expect(before.javaScript).toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'folio-pdfa-'));
    let problems: string[];
    try {
      writeFileSync(join(dir, 'in.pdf'), pdf);
      problems = await checkArchivalPdf(
        join(dir, 'in.pdf'),
        { standard: 'pdfa', part: 2 },
        { deadline: Date.now() + 20_000, timeLimitMs: 20_000, folder: dir },
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(problems.join('\n')).toMatch(/GTS_PDFA1/);
    expect(problems.join('\n')).toMatch(/PDF\/A-2b/);
    expect(problems.join('\n')).toMatch(/fonts not embedded: Helvetica/);
    expect(problems.join('\n')).toMatch(/JavaScript/);
  });

  it.each([
    [undefined, 2, 'letter_PDFA-2b.pdf'],
    ['pdfa-1', 1, 'letter_PDFA-1b.pdf'],
    [' PDFA-3 ', 3, 'letter_PDFA-3b.pdf'],
    ['pdfa', 2, 'letter_PDFA-2b.pdf'],
    ['something-else', 2, 'letter_PDFA-2b.pdf'],
  ])('outputFormat %p gives PDF/A-%pb with an sRGB intent, fonts embedded, text kept, no JavaScript', async (format, part, fileName) => {
    const res = await convert(format === undefined ? {} : { outputFormat: format });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.fileName).toBe(fileName);
    const after = inspect(res.body);
    expect(after.part).toBe(String(part));
    expect(after.conformance).toBe('B');
    expect(after.intents).toEqual(['/GTS_PDFA1']);
    expect(after.profileStreams).toBe(1);
    expect(after.fonts.length).toBeGreaterThan(0);
    expect(after.fonts.every((font) => font.embedded)).toBe(true);
    expect(after.javaScript).toBe(false);
    expect(isEncrypted(res.body)).toBe(false);
    expect(pageTexts(res.body)).toEqual(['Keep this for ever', 'Second archived page']);
  });

  it('writes PDF/X when asked', async () => {
    const res = await convert({ outputFormat: 'PDFX' });
    expect(res.status).toBe(200);
    expect(res.fileName).toBe('letter_PDFX.pdf');
    const after = inspect(res.body);
    expect(after.pdfxVersion).toMatch(/^PDF\/X-3/);
    expect(after.intents).toEqual(['/GTS_PDFX']);
    expect(after.fonts.every((font) => font.embedded)).toBe(true);
  });

  it('converts an owner-password-only PDF into an unencrypted one; refuses one that needs a password', async () => {
    const owner = await convert({}, encryptPdf(pdf, ''));
    expect(owner.status).toBe(200);
    expect(isEncrypted(owner.body)).toBe(false);
    expect(inspect(owner.body).part).toBe('2');
    const locked = await convert({}, encryptPdf(pdf, 'secret'));
    expect(locked.status).toBe(400);
    expect(locked.json.detail).toMatch(/passworded/);
  });
});
