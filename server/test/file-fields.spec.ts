import { join } from 'node:path';
import request from 'supertest';
import { deriveQaCases } from '../../generators/src/qa-cases';
import { attachTool } from './fixtures/processors-attach/attach/attach.processor';
import { postTool, type Upload } from './support/http';
import { encryptPdf, makePdf } from './support/pdfs';
import { qaCaseParts, sampleContent } from './support/sample-files';
import { useTestServer } from './support/test-server';

const ATTACH_PROCESSORS = join(__dirname, 'fixtures', 'processors-attach');
const MAX_UPLOAD = 5 * 1024 * 1024;

/** The runner's handling of `file` fields, through a test tool that reports what it was handed. */
describe('file fields', () => {
  const server = useTestServer({ maxUploadBytes: MAX_UPLOAD }, { tools: [attachTool], processorsDir: ATTACH_PROCESSORS });
  let pdf: Buffer;
  let png: Buffer;
  beforeAll(async () => {
    pdf = await makePdf(1);
    png = await sampleContent('png');
  });

  const send = (extra: Upload[], fields: Record<string, string> = {}) =>
    postTool(server, attachTool.endpoint, [{ name: 'main.pdf', content: pdf }, ...extra], fields);

  it('hands the processor each field’s files, checked and typed, under the name or an alias', async () => {
    const threePages = await makePdf(3);
    const res = await send(
      [
        { name: 'stamp.png', content: png, field: 'stampImage', contentType: 'image/png' },
        { name: 'a.pdf', content: threePages, field: 'overlayFiles' },
        { name: 'b.pdf', content: pdf, field: 'overlayFiles' },
        // The field's own name wins over an alias sent as well, as for every field.
        { name: 'c.pdf', content: pdf, field: 'overlays' },
      ],
      { mode: 'image' },
    );
    expect(res.status).toBe(200);
    const report = JSON.parse(res.body.toString('utf8'));
    expect(report.main).toMatchObject({ name: 'main.pdf', type: 'pdf', pageCount: 1 });
    expect(report.stampImage).toMatchObject({ name: 'stamp.png', type: 'png', size: png.length });
    expect(report.overlayFiles.map((f: { name: string; pageCount: number }) => [f.name, f.pageCount])).toEqual([
      ['a.pdf', 3],
      ['b.pdf', 1],
    ]);
    for (const file of [report.stampImage, ...report.overlayFiles]) expect(file.path.startsWith(report.workspace)).toBe(true);
  });

  it('requires a field while it is shown, and ignores its files while hidden', async () => {
    const missing = await send([], { mode: 'image' });
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ detail: 'Please upload a stamp image.', errors: ['stampImage: Please upload a stamp image.'] });

    const hidden = await send([{ name: 'stamp.png', content: pdf, field: 'stampImage' }], { mode: 'text' });
    expect(hidden.status).toBe(200);
    expect(JSON.parse(hidden.body.toString('utf8')).stampImage).toBeUndefined();
  });

  it('judges the type by the content, not the name or the part’s content type', async () => {
    const res = await send([{ name: 'stamp.png', content: pdf, field: 'stampImage', contentType: 'image/png' }], { mode: 'image' });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ type: '/errors/invalid-file-type', errorCode: 'E006', detail: 'Please upload a PNG or JPG image.' });
  });

  it('refuses too many files, a file over the field’s size, an empty file and a locked PDF, naming the field', async () => {
    const tooMany = await send([
      { name: 'a.pdf', content: pdf, field: 'overlayFiles' },
      { name: 'b.pdf', content: pdf, field: 'overlayFiles' },
      { name: 'c.pdf', content: pdf, field: 'overlayFiles' },
    ]);
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.detail).toBe('Overlay PDFs: at most 2 files.');

    const oneTooMany = await send(
      [
        { name: 'a.png', content: png, field: 'stampImage' },
        { name: 'b.png', content: png, field: 'stampImage' },
      ],
      { mode: 'image' },
    );
    expect(oneTooMany.json.detail).toBe('Stamp image: one file only.');

    const large = await send([{ name: 'cert.png', content: Buffer.concat([png, Buffer.alloc(4096)]), field: 'certificate' }]);
    expect(large.status).toBe(400);
    expect(large.json.detail).toBe('Certificate: each file may be at most 2 KB.');

    const empty = await send([{ name: 'empty.pdf', content: Buffer.alloc(0), field: 'overlayFiles' }]);
    expect(empty.status).toBe(400);
    expect(empty.json.detail).toBe('The file "empty.pdf" is empty.');

    const locked = await send([{ name: 'locked.pdf', content: encryptPdf(pdf, 'user-secret'), field: 'overlayFiles' }]);
    expect(locked.status).toBe(400);
    expect(locked.json.errorCode).toBe('E004');
  });

  it('never takes text for a file, even one shaped like an upload', async () => {
    const res = await request(server.http)
      .post(attachTool.endpoint)
      .field('mode', 'image')
      .field('stampImage[path]', '/etc/passwd')
      .field('stampImage[originalName]', 'passwd.png')
      .field('stampImage[size]', '1')
      .attach('fileInput', pdf, { filename: 'main.pdf', contentType: 'application/pdf' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ detail: 'Please upload a stamp image.' });
  });

  it('documents each file field in OpenAPI as binary parts of its own types', async () => {
    const doc = JSON.parse((await request(server.http).get('/api/openapi.json')).text);
    const body = doc.paths[attachTool.endpoint].post.requestBody.content['multipart/form-data'];
    expect(body.schema.properties.stampImage).toMatchObject({ type: 'string', format: 'binary', contentMediaType: 'image/png, image/jpeg' });
    expect(body.schema.properties.overlayFiles).toMatchObject({ type: 'array', maxItems: 2, items: { format: 'binary' } });
    expect(body.schema.properties.certificate.description).toContain('at most 2 KB');
    expect(body.encoding.stampImage).toEqual({ contentType: 'image/png, image/jpeg' });
    expect(body.schema.required).not.toContain('stampImage');
  });

  describe('answers every QA case derived from the declaration', () => {
    const cases = deriveQaCases(attachTool, [attachTool], { maxFiles: 10, maxUploadBytes: MAX_UPLOAD }).filter(
      (c) => c.run === 'http' && c.upload.kind !== 'too-large',
    );
    it('covers the file fields', () => {
      const ids = cases.map((c) => c.id);
      expect(ids).toEqual(
        expect.arrayContaining([
          'stampImage-missing',
          'stampImage-wrong-type',
          'stampImage-too-many',
          'overlayFiles=file',
          'overlays(alias of overlayFiles)',
          'overlayFiles-too-many',
          'certificate-empty',
        ]),
      );
    });
    it.each(cases.map((c) => [c.id, c] as const))('%s', async (_id, c) => {
      const res = await postTool(server, c.endpoint, await qaCaseParts(c, MAX_UPLOAD), c.fields);
      if (c.expect.status === 200) {
        expect(res.status).toBe(200);
        expect(res.fileName).toBe(c.expect.fileName);
      } else {
        expect({ status: res.status, detail: res.json?.detail, type: res.json?.type }).toEqual({
          status: c.expect.status,
          detail: c.expect.message,
          type: c.expect.type,
        });
        if (c.expect.fieldError) expect(res.json.errors).toContain(c.expect.fieldError);
      }
    });
  });
});
