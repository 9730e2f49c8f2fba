import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { autoRedactTool } from '@folio/registry';
import { postTool, type ToolResponse } from '../../../test/support/http';
import { pageTexts, withTempDir } from '../../../test/support/pdfs';
import { jsonText, PdfObjects, PLANTED_TERM, termEverywherePdf, termOccurrences } from './redaction-pdfs.fixtures';
import { useTestServer } from '../../../test/support/test-server';

jest.setTimeout(120_000);

const TERM = PLANTED_TERM.toLowerCase();

/** Output of a Poppler or qpdf tool run on the PDF. */
function read(pdf: Buffer, command: string, args: string[]): string {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    return execFileSync(command, [...args, join(dir, 'in.pdf')], { encoding: 'utf8' });
  });
}

const holdsTerm = (text: string | undefined) => (text ?? '').toLowerCase().includes(TERM);

/** The embedded files pdfdetach lists, with their content. */
function attachments(pdf: Buffer): Record<string, string> {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    const names = execFileSync('pdfdetach', ['-list', join(dir, 'in.pdf')], { encoding: 'utf8' })
      .split('\n')
      .slice(1)
      .map((line) => /^\d+: (.*)$/.exec(line)?.[1])
      .filter((name): name is string => name !== undefined);
    execFileSync('pdfdetach', ['-saveall', '-o', dir, join(dir, 'in.pdf')]);
    return Object.fromEntries(names.map((name) => [name, readFileSync(join(dir, name), 'utf8')]));
  });
}

/** The page's annotations, as qpdf reads them. */
function annotations(objects: PdfObjects): Record<string, unknown>[] {
  const annots = (objects.get('/Root', '/Pages', '/Kids', 0, '/Annots') ?? []) as string[];
  return annots.map((ref) => objects.resolve(ref) as Record<string, unknown>);
}

/** The strings of a dictionary's text entries, decoded. */
const textsOf = (dict: Record<string, unknown>, keys: string[]) => keys.map((key) => jsonText(dict[key] as string)).filter((text) => text !== undefined);

describe('Auto Redact takes the term out of everything the file carries', () => {
  const server = useTestServer();
  const run = (pdf: Buffer, fields: Record<string, string | boolean>) =>
    postTool(server, autoRedactTool.endpoint, [{ name: 'plan.pdf', content: pdf }], fields);

  const input = termEverywherePdf();
  let res: ToolResponse;
  let objects: PdfObjects;
  beforeAll(async () => {
    res = await run(input, { listOfText: 'secret' });
    objects = new PdfObjects(res.body);
  });

  it('starts from a file that holds the term in every place, spelt every way', () => {
    // As qpdf rewrites it (strings in its own spelling, streams decoded): the kinds of hit the search tells apart.
    const found = new Set(termOccurrences(input, TERM).map((hit) => hit.slice(0, hit.indexOf(':'))));
    expect([...found].sort()).toEqual(['UTF-16BE bytes', 'UTF-16LE bytes', 'bytes', 'hex UTF-16BE string', 'literal string']);
    // Spellings in the planted file itself (qpdf's rewrite normalises them): hex, UTF-16BE with its mark, octal escapes, a kerned TJ.
    const raw = input.toString('latin1');
    expect(raw).toContain('<53656372657420706C616E>');
    expect(raw).toContain('<FEFF0053006500630072006500740020');
    expect(raw).toContain('(\\376\\377\\000S\\000e\\000c');
    expect(raw).toContain('(\\123ecret chapter)');
    expect(raw).toContain('[(Se) -20 (cr) -15 (et) -20 ( kerned text)] TJ');
  });

  it('leaves no spelling of it anywhere in the file, decompressed', () => {
    expect(res.status).toBe(200);
    expect(res.fileName).toBe('plan_redacted.pdf');
    expect(termOccurrences(res.body, TERM)).toEqual([]);
  });

  it('keeps everything that does not match, so the file is not simply emptied', () => {
    const [text] = pageTexts(res.body);
    expect(text).not.toMatch(/secret/i);
    for (const kept of ['Alpha', 'beta', 'Public record stays', 'kerned text', 'Paris']) expect(text).toContain(kept);
    // The page still renders: Poppler draws it, with ink on it.
    const picture = withTempDir((dir) => {
      writeFileSync(join(dir, 'in.pdf'), res.body);
      execFileSync('pdftoppm', ['-r', '36', '-gray', '-singlefile', join(dir, 'in.pdf'), join(dir, 'page')]);
      return readFileSync(join(dir, 'page.pgm'));
    });
    const header = /^P5\s+\d+\s+\d+\s+255\s/.exec(picture.toString('latin1', 0, 32))!;
    const grey = picture.subarray(header[0].length);
    expect(grey.filter((v) => v < 128).length).toBeGreaterThan(100);
  });

  it('clears the document properties, whatever their encoding, and keeps the other words', () => {
    const info = read(res.body, 'pdfinfo', []);
    expect(info).toMatch(/^Title:\s+\[redacted\] plan$/m);
    expect(jsonText(objects.get('/Info', '/Project') as string)).toBe('[redacted] project');
    expect(jsonText(objects.get('/Info', '/Client') as string)).toBe('Public client');
    // Keywords go whole, with Author and Subject, as the reference does after a match.
    expect(objects.get('/Info', '/Keywords')).toBeUndefined();
  });

  it('clears XMP packets: the document’s goes, a page’s is edited and stays well formed', () => {
    expect(read(res.body, 'pdfinfo', ['-meta']).trim()).toBe('');
    const packet = objects.streamData('/Root', '/Pages', '/Kids', 0, '/Metadata')!.toString('utf8');
    expect(packet).toContain('[redacted] page');
    expect(packet).toContain('Public page');
    execFileSync('/usr/bin/python3', ['-c', 'import sys, xml.dom.minidom; xml.dom.minidom.parseString(sys.stdin.buffer.read())'], { input: packet });
  });

  it('clears bookmark titles and keeps the others', () => {
    const { outlines } = JSON.parse(read(res.body, 'qpdf', ['--json', '--json-key=outlines'])) as { outlines: { title: string }[] };
    expect(outlines.map((o) => o.title)).toEqual(['[redacted] chapter', 'Public chapter']);
  });

  it('renames named destinations, and the links pointing at them with them', () => {
    const names = read(res.body, 'pdfinfo', ['-dests']);
    expect(names).toContain('"[redacted]-section"');
    expect(names).toContain('"public-section"');
    const link = annotations(objects).find((a) => a['/Subtype'] === '/Link')!;
    expect(jsonText(link['/Dest'] as string)).toBe('[redacted]-section');
  });

  it('clears every annotation’s text and drops appearances that showed the term', () => {
    const annots = annotations(objects);
    for (const annot of annots) {
      expect(textsOf(annot, ['/Contents', '/T', '/Subj', '/RC']).filter(holdsTerm)).toEqual([]);
    }
    const note = annots.find((a) => a['/Subtype'] === '/Text')!;
    expect(jsonText(note['/Contents'] as string)).toBe('[redacted] note');
    expect(jsonText(note['/T'] as string)).toBe('[redacted] author');
    // The hidden stamp's only trace of the term was its appearance: gone, its own words kept.
    const stamp = annots.find((a) => a['/Subtype'] === '/Stamp')!;
    expect(jsonText(stamp['/Contents'] as string)).toBe('Public stamp');
    expect(stamp['/AP']).toBeUndefined();
    expect(jsonText(annots.find((a) => a['/Subtype'] === '/Square')!['/Contents'] as string)).toBe('Public square');
    // The FreeText memo showed the term on the page: the page redaction deleted it, appearance and all.
    expect(annots.some((a) => a['/Subtype'] === '/FreeText')).toBe(false);
  });

  it('clears form fields: values, tooltips and appearances; a field whose widget went leaves the form', () => {
    const fields = (objects.get('/Root', '/AcroForm', '/Fields') as string[]).map((ref) => objects.resolve(ref) as Record<string, unknown>);
    // "codename" (value "Secret Agent") and "overlay" (over the page's "Secret") had their widgets deleted by the page redaction.
    expect(fields.map((f) => jsonText(f['/T'] as string))).toEqual(['city']);
    const [city] = fields;
    expect(jsonText(city['/TU'] as string)).toBe('[redacted] city tooltip');
    expect(jsonText(city['/V'] as string)).toBe('Paris');
    expect(city['/AP']).toBeUndefined();
    expect(objects.get('/Root', '/AcroForm', '/NeedAppearances')).toBe(true);
  });

  it('drops embedded files whose name or content holds the term, with their attachment annotation, and keeps the others', () => {
    expect(attachments(res.body)).toEqual({ 'public.txt': 'nothing to hide' });
    expect(annotations(objects).some((a) => a['/Subtype'] === '/FileAttachment')).toBe(false);
  });

  it('clears page label prefixes', () => {
    const { pagelabels } = JSON.parse(read(res.body, 'qpdf', ['--json', '--json-key=pagelabels'])) as { pagelabels: { label: Record<string, string> }[] };
    expect(jsonText(pagelabels[0].label['/P'])).toBe('[redacted]-');
  });

  it('clears the structure tree’s /Alt, /ActualText, /E and /T', () => {
    const kids = (objects.get('/Root', '/StructTreeRoot', '/K') as string[]).map((ref) => objects.resolve(ref) as Record<string, unknown>);
    expect(textsOf(kids[0], ['/Alt', '/ActualText', '/E', '/T'])).toEqual([
      '[redacted] diagram',
      '[redacted] words',
      '[redacted] expansion',
      '[redacted] element',
    ]);
    expect(jsonText(kids[1]['/Alt'] as string)).toBe('Public paragraph');
  });

  it('clears marked content’s /ActualText in the page’s content stream, and text split across a kerned TJ', () => {
    expect(decompressedContent(objects)).toContain('/ActualText ([redacted] span) >> BDC');
    const [text] = pageTexts(res.body);
    expect(text).toContain('[redacted] span');
    expect(text).toContain('kerned text');
    expect(text).not.toMatch(/se\s*cr\s*et/i);
  });

  it('removes private application data (/PieceInfo) and clears scripts and thread titles', () => {
    expect(objects.get('/Root', '/PieceInfo')).toBeUndefined();
    expect(objects.get('/Root', '/Pages', '/Kids', 0, '/PieceInfo')).toBeUndefined();
    const scripts = objects.get('/Root', '/Names', '/JavaScript', '/Names') as unknown[];
    expect(jsonText((objects.resolve(scripts[1] as string) as Record<string, string>)['/JS'])).toBe("app.alert('[redacted]');");
    expect(jsonText(objects.get('/Root', '/Threads', 0, '/I', '/Title') as string)).toBe('[redacted] thread');
  });

  it('says where else it cleared the term and which embedded files it dropped', () => {
    expect(res.headers['x-redaction-cleared'].split(', ')).toEqual([
      'annotations',
      'article-threads',
      'bookmarks',
      'document-properties',
      'embedded-files',
      'form-fields',
      'marked-content',
      'named-destinations',
      'page-labels',
      'private-data',
      'scripts',
      'structure-tree',
      'xmp-metadata',
    ]);
    expect(res.headers['x-redaction-dropped-files'].split(', ').map(decodeURIComponent)).toEqual(['Secret-list.csv', 'clip.txt', 'wide.txt']);
    expect(res.headers['x-redaction-not-cleared']).toBeUndefined();
    expect(res.headers['access-control-expose-headers']).toContain('X-Redaction-Cleared');
  });

  it('cleans the properties too when the pages become pictures (convertPDFToImage)', async () => {
    const pictured = await run(input, { listOfText: 'secret', convertPDFToImage: true });
    expect(pictured.status).toBe(200);
    expect(termOccurrences(pictured.body, TERM)).toEqual([]);
    expect(read(pictured.body, 'pdfinfo', [])).toMatch(/^Title:\s+\[redacted\] plan$/m);
    expect(pictured.headers['x-redaction-cleared']).toBe('document-properties');
  });

  it('clears a term found only outside the pages, and still the reference’s metadata', async () => {
    const only = await run(input, { listOfText: 'tooltip' });
    expect(only.status).toBe(200);
    expect(termOccurrences(only.body, 'tooltip')).toEqual([]);
    expect(read(only.body, 'pdfinfo', [])).not.toMatch(/^Author:/m);
    expect(pageTexts(only.body)[0]).toContain('Alpha Secret beta');
  });

  it('leaves the file as it was when the term is nowhere', async () => {
    const none = await run(input, { listOfText: 'nowhere at all' });
    expect(none.status).toBe(200);
    expect(none.headers['x-redaction-cleared']).toBe('private-data');
    expect(read(none.body, 'pdfinfo', [])).toMatch(/^Author:\s+Jane Author$/m);
    expect(termOccurrences(none.body, TERM).length).toBeGreaterThan(10);
  });
});

/** The first page's content streams, decoded, as one text. */
function decompressedContent(objects: PdfObjects): string {
  const contents = objects.get('/Root', '/Pages', '/Kids', 0, '/Contents');
  const refs = Array.isArray(contents)
    ? contents.map((_, i) => ['/Root', '/Pages', '/Kids', 0, '/Contents', i])
    : [['/Root', '/Pages', '/Kids', 0, '/Contents']];
  return refs.map((path) => objects.streamData(...path)?.toString('latin1') ?? '').join('\n');
}
