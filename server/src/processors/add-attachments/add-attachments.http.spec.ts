import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { addAttachmentsTool } from '@folio/registry';
import { read } from '../../../test/support/active-content-pdfs';
import { postTool, type Upload } from '../../../test/support/http';
import { writePdf } from '../../../test/support/pdf-writer';
import { CORRUPT_PDF, encryptPdf, isEncrypted, makePdf, pageTexts, withTempDir } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';
// PDF to PDF/A's own check of a claimed PDF/A file, used here only as a reader of the result.
import { findArchivalProblems } from '../pdf-to-pdfa/archival-check';

/**
 * Every claim is read back with readers other than the tool's code: Poppler's
 * pdfdetach lists and saves the attachments; qpdf's JSON shows the name tree,
 * the embedded-file streams and the catalog.
 */

/** The attachments as pdfdetach saves them: name → bytes. */
function savedAttachments(pdf: Buffer): Record<string, Buffer> {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    const out = join(dir, 'out');
    execFileSync('mkdir', [out]);
    execFileSync('pdfdetach', ['-saveall', '-o', out, join(dir, 'x.pdf')]);
    return Object.fromEntries(readdirSync(out).map((name) => [name, readFileSync(join(out, name))]));
  });
}

/** pdfdetach's list, in its order (the name tree's). */
function listed(pdf: Buffer): string[] {
  return read(pdf, 'pdfdetach', (f) => ['-list', '-enc', 'UTF-8', f])
    .split('\n')
    .slice(1)
    .filter((line) => line.trim() !== '')
    .map((line) => Buffer.from(line.replace(/^\d+: /, ''), 'latin1').toString('utf8'));
}

/**
 * Name trees sort keys as the strings' bytes: Latin text as single bytes, other
 * text as UTF-16 after its FE FF mark (so after every Latin name).
 */
function byPdfBytes(a: string, b: string): number {
  const bytes = (s: string) =>
    /^[\u0000-\u00ff]*$/.test(s) ? Buffer.from(s, 'latin1') : Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(s, 'utf16le').swap16()]);
  return Buffer.compare(bytes(a), bytes(b));
}

type Objects = Record<string, { value?: any; stream?: { dict: any } }>;

/** qpdf's objects, the catalog, and the name tree's entries walked in order: name → file specification. */
function structureOf(pdf: Buffer) {
  const objects: Objects = JSON.parse(read(pdf, 'qpdf', (f) => ['--json=2', '--json-key=qpdf', f])).qpdf[1];
  const resolve = (value: unknown): any =>
    typeof value === 'string' && / R$/.test(value) ? (objects[`obj:${value}`]?.value ?? objects[`obj:${value}`]?.stream?.dict) : value;
  const catalog = resolve(objects.trailer.value['/Root']);
  const text = (value: string) => Buffer.from(value.startsWith('u:') ? value.slice(2) : value.slice(2), value.startsWith('u:') ? 'utf8' : 'hex').toString();
  const entries: [string, any][] = [];
  const problems: string[] = [];
  const walk = (node: any) => {
    const names: string[] = [];
    const leaves = resolve(node['/Names']) ?? [];
    for (let i = 0; i < leaves.length; i += 2) {
      names.push(text(leaves[i]));
      entries.push([text(leaves[i]), resolve(leaves[i + 1])]);
    }
    const sorted = [...names].sort(byPdfBytes);
    if (names.join('\n') !== sorted.join('\n')) problems.push(`unsorted leaf: ${names.join(', ')}`);
    for (const kid of resolve(node['/Kids']) ?? []) {
      const child = resolve(kid);
      const [low, high] = (child['/Limits'] ?? []).map(text);
      const below = entries.length;
      walk(child);
      const mine = entries.slice(below).map(([name]) => name);
      if (mine.length && (mine[0] !== low || mine[mine.length - 1] !== high)) problems.push(`wrong /Limits [${low} ${high}] for ${mine.join(', ')}`);
    }
  };
  walk(resolve(resolve(catalog['/Names'])['/EmbeddedFiles']));
  const allNames = entries.map(([name]) => name);
  if ([...allNames].sort(byPdfBytes).join() !== allNames.join()) problems.push(`names out of order overall: ${allNames.join(', ')}`);
  const file = (spec: any) => resolve(resolve(spec['/EF'])['/F']);
  return { catalog, entries: new Map(entries), problems, file, resolve };
}

const NOTES = Buffer.from('Meeting notes\nline two\n');
const PIXEL = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** A PDF that already carries attachments in a two-level name tree (b.txt, d.txt), as larger producers write it. */
function withAttachments(): Buffer {
  const stream = (text: string) => `<< /Type /EmbeddedFile /Length ${text.length} >>\nstream\n${text}\nendstream`;
  const content = 'BT /F1 20 Tf 20 200 Td (doc page 1) Tj ET';
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles 5 0 R >> >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 400] /Contents 4 0 R /Resources << /Font << /F1 12 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Kids [6 0 R 7 0 R] >>',
    '<< /Limits [(b.txt) (b.txt)] /Names [(b.txt) 8 0 R] >>',
    '<< /Limits [(d.txt) (d.txt)] /Names [(d.txt) 9 0 R] >>',
    '<< /Type /Filespec /F (b.txt) /UF (b.txt) /EF << /F 10 0 R >> >>',
    '<< /Type /Filespec /F (d.txt) /UF (d.txt) /EF << /F 11 0 R >> >>',
    stream('old b'),
    stream('old d'),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]);
}

describe('Add Attachments (/api/v1/misc/add-attachments)', () => {
  const server = useTestServer();
  let pdf: Upload;
  beforeAll(async () => {
    pdf = { name: 'report.pdf', content: await makePdf(2) };
  });
  const attach = (files: { name: string; content: Buffer; contentType?: string }[], fields: Record<string, string | boolean> = {}, main = pdf) =>
    postTool(
      server,
      addAttachmentsTool.endpoint,
      [main, ...files.map((f) => ({ ...f, field: 'attachments', contentType: f.contentType ?? 'application/octet-stream' }))],
      fields,
    );

  it('embeds every file byte for byte under its own name, and answers <name>_with_attachments.pdf', async () => {
    const res = await attach([
      { name: 'notes.txt', content: NOTES },
      { name: 'pixel.png', content: PIXEL },
    ]);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.fileName).toBe('report_with_attachments.pdf');
    expect(listed(res.body)).toEqual(['notes.txt', 'pixel.png']);
    expect(savedAttachments(res.body)).toEqual({ 'notes.txt': NOTES, 'pixel.png': PIXEL });
    expect(pageTexts(res.body)).toEqual(['doc page 1', 'doc page 2']);
  });

  it('records each file’s MIME type, size, checksum, dates and a description, and opens on the attachments panel', async () => {
    const before = Date.now();
    const res = await attach([
      { name: 'notes.txt', content: NOTES },
      { name: 'pixel.png', content: PIXEL },
      { name: 'data.unknownext', content: Buffer.from('?') },
      { name: 'scan', content: PIXEL },
    ]);
    const { catalog, entries, file } = structureOf(res.body);
    expect(catalog['/PageMode']).toBe('/UseAttachments');
    const expected: [string, string, Buffer][] = [
      ['notes.txt', '/text/plain', NOTES],
      ['pixel.png', '/image/png', PIXEL],
      ['data.unknownext', '/application/octet-stream', Buffer.from('?')],
      // No extension: the content says PNG.
      ['scan', '/image/png', PIXEL],
    ];
    for (const [name, subtype, bytes] of expected) {
      const spec = entries.get(name);
      expect(spec).toMatchObject({ '/Type': '/Filespec', '/F': `u:${name}`, '/UF': `u:${name}`, '/Desc': `u:Embedded attachment: ${name}` });
      const stream = file(spec);
      expect(stream['/Subtype']).toBe(subtype);
      expect(stream['/Params']['/Size']).toBe(bytes.length);
      expect(stream['/Params']['/CheckSum']).toBe(`b:${require('node:crypto').createHash('md5').update(bytes).digest('hex')}`);
      for (const key of ['/CreationDate', '/ModDate']) {
        const [, y, mo, d, h, mi, s] = /^u:D:(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)Z$/.exec(stream['/Params'][key])!.map(Number);
        const written = Date.UTC(y, mo - 1, d, h, mi, s);
        expect(written).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
        expect(written).toBeLessThanOrEqual(Date.now());
      }
    }
  });

  it('merges with the attachments a document has: the tree stays sorted and valid, a same-named one is replaced', async () => {
    const res = await attach(
      [
        { name: 'd.txt', content: Buffer.from('new d') },
        { name: 'a.txt', content: Buffer.from('new a') },
        { name: 'c.txt', content: Buffer.from('new c') },
      ],
      {},
      { name: 'tree.pdf', content: withAttachments() },
    );
    expect(res.status).toBe(200);
    const { problems } = structureOf(res.body);
    expect(problems).toEqual([]);
    expect(listed(res.body)).toEqual(['a.txt', 'b.txt', 'c.txt', 'd.txt']);
    const saved = savedAttachments(res.body);
    expect(Object.fromEntries(Object.entries(saved).map(([name, bytes]) => [name, bytes.toString()]))).toEqual({
      'a.txt': 'new a',
      'b.txt': 'old b',
      'c.txt': 'new c',
      'd.txt': 'new d',
    });
    expect(read(res.body, 'qpdf', (f) => ['--check', f])).toContain('No syntax or stream encoding errors found');
  });

  it('keeps two uploads of one name (the second numbered), and names from any folder a client sent', async () => {
    const res = await attach([
      { name: 'scan.pdf', content: Buffer.from('first') },
      { name: 'scan.pdf', content: Buffer.from('second') },
      { name: 'C:\\Users\\me\\résumé ✓.txt', content: Buffer.from('unicode') },
    ]);
    expect(res.status).toBe(200);
    expect(listed(res.body)).toEqual(['scan (2).pdf', 'scan.pdf', 'résumé ✓.txt']);
    expect(structureOf(res.body).problems).toEqual([]);
    const saved = savedAttachments(res.body);
    expect(saved['scan.pdf'].toString()).toBe('first');
    expect(saved['scan (2).pdf'].toString()).toBe('second');
  });

  it('embeds any bytes as they are: a damaged PDF is an attachment like any other', async () => {
    const res = await attach([{ name: 'broken.pdf', content: CORRUPT_PDF }]);
    expect(res.status).toBe(200);
    expect(savedAttachments(res.body)).toEqual({ 'broken.pdf': CORRUPT_PDF });
    const { entries, file } = structureOf(res.body);
    expect(file(entries.get('broken.pdf'))['/Subtype']).toBe('/application/pdf');
  });

  it('opens an owner-password-only PDF and answers it without encryption, as the reference’s loader does', async () => {
    const res = await attach([{ name: 'notes.txt', content: NOTES }], {}, { name: 'locked.pdf', content: encryptPdf(await makePdf(1), '') });
    expect(res.status).toBe(200);
    expect(isEncrypted(res.body)).toBe(false);
    expect(savedAttachments(res.body)).toEqual({ 'notes.txt': NOTES });
  });

  it('with convertToPdfA3b makes the document PDF/A-3b and declares the files its associated files', async () => {
    const res = await attach([{ name: 'invoice.xml', content: Buffer.from('<invoice total="12"/>') }], { convertToPdfA3b: true });
    expect(res.status).toBe(200);
    expect(res.fileName).toBe('report_with_attachments_PDFA-3b.pdf');
    const { catalog, entries, resolve, file } = structureOf(res.body);
    const spec = entries.get('invoice.xml');
    expect(spec['/AFRelationship']).toBe('/Unspecified');
    expect((resolve(catalog['/AF']) as unknown[]).map(resolve)).toContainEqual(spec);
    expect(file(spec)['/Subtype']).toBe('/application/xml');
    expect(file(spec)['/Params']['/ModDate']).toBeDefined();
    const xmp = read(res.body, 'qpdf', (f) => [`--show-object=${String(catalog['/Metadata']).split(' ')[0]}`, '--filtered-stream-data', f]);
    expect(xmp).toMatch(/pdfaid:part(>|=["'])3/);
    const objects = JSON.parse(read(res.body, 'qpdf', (f) => ['--json=2', '--json-key=qpdf', f])).qpdf[1];
    expect(findArchivalProblems(objects, { standard: 'pdfa', part: 3 }, xmp)).toEqual([]);
    expect(savedAttachments(res.body)['invoice.xml'].toString()).toBe('<invoice total="12"/>');
    expect(pageTexts(res.body)).toEqual(['doc page 1', 'doc page 2']);
  });

  describe('refuses bad input with a 4xx that says what is wrong', () => {
    it('no attachment: the reference’s message', async () => {
      const res = await attach([]);
      expect(res.status).toBe(400);
      expect(res.json.detail).toBe('At least one attachment is required');
    });

    it('an empty attachment', async () => {
      const res = await attach([{ name: 'empty.txt', content: Buffer.alloc(0) }]);
      expect(res.status).toBe(400);
      expect(res.json.detail).toContain('empty.txt');
    });

    it('an attachment over 50 MB', async () => {
      const res = await attach([{ name: 'big.bin', content: Buffer.alloc(50 * 1024 * 1024 + 1) }]);
      expect(res.status).toBe(400);
      expect(res.json.detail).toBe('Attachments: each file may be at most 50 MB.');
    }, 60_000);

    it('attachments over 200 MB together', async () => {
      const chunk = Buffer.alloc(41 * 1024 * 1024);
      const res = await attach(Array.from({ length: 5 }, (_, i) => ({ name: `part${i}.bin`, content: chunk })));
      expect(res.status).toBe(400);
      expect(res.json.detail).toBe('The attachments may weigh at most 200 MB together.');
    }, 60_000);

    it('no PDF, a file that is not a PDF, a damaged PDF', async () => {
      const none = await postTool(server, addAttachmentsTool.endpoint, [
        { name: 'notes.txt', field: 'attachments', content: NOTES, contentType: 'text/plain' },
      ]);
      expect(none.status).toBe(400);
      expect(none.json.detail).toBe('Please select a PDF file to upload.');
      const notPdf = await attach([{ name: 'notes.txt', content: NOTES }], {}, { name: 'notes.txt', content: NOTES, contentType: 'text/plain' });
      expect(notPdf.status).toBe(400);
      const damaged = await attach([{ name: 'notes.txt', content: NOTES }], {}, { name: 'x.pdf', content: CORRUPT_PDF });
      expect(damaged.status).toBe(400);
    });
  });
});
