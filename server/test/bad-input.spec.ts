import request from 'supertest';
import { acceptsAnything, mergeTool, rotateTool, splitTool, tools, type AnyTool } from '@folio/registry';
import { postTool } from './support/http';
import { CORRUPT_PDF, encryptPdf, makePdf } from './support/pdfs';
import { sampleUpload, wrongTypeSample } from './support/sample-files';
import { leftoversAfterCleanup, startTestServer, type TestServer } from './support/test-server';
import { validFieldUploads, validFields } from './support/valid-fields';

const PASSWORD_TEXT = 'The PDF Document is passworded and either the password was not provided or was incorrect';
const CORRUPT_TEXT =
  "PDF file appears to be corrupted or damaged. Please try using the 'Repair PDF' feature first to fix the file before proceeding with this operation.";

describe('bad input on every tool', () => {
  let server: TestServer;
  beforeAll(async () => (server = await startTestServer({ maxUploadBytes: 64 * 1024 })));
  afterAll(() => server.close());
  afterEach(async () => {
    expect(await leftoversAfterCleanup(server)).toEqual([]);
  });

  /** Options that pass each tool's own checks, so the file is what fails. */
  const send = async (tool: AnyTool, content: Buffer, name = 'input.pdf') => {
    const count = tool.input.minFiles ?? 1;
    return postTool(
      server,
      tool.endpoint,
      [...Array.from({ length: count }, () => ({ name, content })), ...(await validFieldUploads(tool))],
      validFields(tool),
    );
  };

  describe.each(tools.map((t) => [t.id, t] as const))('%s', (_id, tool) => {
    it('asks for a file when none is sent', async () => {
      const res = await postTool(server, tool.endpoint, await validFieldUploads(tool), validFields(tool));
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/json/);
      expect(res.json).toMatchObject({ status: 400, detail: tool.input.messages.missing, error: tool.input.messages.missing });
    });

    // A tool that takes any file (Pipeline: its steps judge them) has no wrong type.
    (acceptsAnything(tool.input.accept) ? it.skip : it)('refuses a file of a type it does not take, whatever its name says', async () => {
      const wrong = await wrongTypeSample(tool);
      const res = await send(tool, wrong.content, wrong.name);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ type: '/errors/invalid-file-type', detail: tool.input.messages.wrongType });
    });

    it('refuses an empty file', async () => {
      const { name } = await sampleUpload(tool);
      const res = await send(tool, Buffer.alloc(0), name);
      expect(res.status).toBe(400);
      expect(res.json.detail).toBe(`The file "${name}" is empty.`);
    });

    // Only uploads taken as PDFs are opened by the runner; other engines judge their own files (fuzz.spec.ts).
    const takesPdf = tool.input.accept.includes('pdf');
    // Repair PDF never points to itself: what it cannot mend is beyond repair, in words of its own.
    if (takesPdf && !tool.input.repairsDamagedPdf)
      it('reports a damaged PDF with the reference text', async () => {
        const res = await send(tool, CORRUPT_PDF);
        expect(res.status).toBe(400);
        expect(res.json).toMatchObject({ type: '/errors/pdf-corrupted', errorCode: 'E001', detail: CORRUPT_TEXT });
      });
    if (takesPdf && tool.input.repairsDamagedPdf)
      it('reports a PDF it can recover nothing from as beyond repair, never pointing to itself', async () => {
        const res = await send(tool, CORRUPT_PDF);
        expect(res.status).toBe(400);
        expect(res.json).toMatchObject({ type: '/errors/pdf-beyond-repair', errorCode: 'E001' });
        expect(res.json.detail).not.toContain('Repair PDF');
      });

    if (takesPdf)
      it('reports a PDF that needs a password with the reference text', async () => {
        const res = await send(tool, encryptPdf(await makePdf(2), 'user-secret'));
        expect(res.status).toBe(400);
        expect(res.json).toMatchObject({ type: '/errors/pdf-password', errorCode: 'E004', detail: PASSWORD_TEXT });
      });

    it('answers 413 for an upload over the size limit', async () => {
      const sample = await sampleUpload(tool);
      const res = await send(tool, Buffer.concat([sample.content, Buffer.alloc(100 * 1024, 32)]), sample.name);
      expect(res.status).toBe(413);
      expect(res.json.type).toBe('/errors/file-too-large');
    });

    it('answers 405 to GET and 415 to a non-multipart POST', async () => {
      const get = await request(server.http).get(tool.endpoint);
      expect(get.status).toBe(405);
      const json = await request(server.http).post(tool.endpoint).send({ angle: 90 });
      expect(json.status).toBe(415);
    });
  });

  it('refuses out-of-domain options with the declared messages', async () => {
    const pdf = await makePdf(1);
    const rotate = await postTool(server, rotateTool.endpoint, [{ name: 'a.pdf', content: pdf }], { angle: 'sideways' });
    expect(rotate.json).toMatchObject({ status: 400, detail: 'Angle must be a multiple of 90', errors: ['angle: Angle must be a multiple of 90'] });
    const split = await postTool(server, splitTool.endpoint, [{ name: 'a.pdf', content: pdf }]);
    expect(split.json.detail).toBe('Please enter pages to split.');
    const merge = await postTool(
      server,
      mergeTool.endpoint,
      [
        { name: 'a.pdf', content: pdf },
        { name: 'b.pdf', content: pdf },
      ],
      { generateToc: 'perhaps' },
    );
    expect(merge.status).toBe(400);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await request(server.http).post('/api/v1/general/no-such-tool');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ status: 404, type: '/errors/not-found' });
    const get = await request(server.http).get('/api/v1/nothing/here');
    expect(get.status).toBe(404);
    expect(get.body.error).toMatch(/No API endpoint/);
  });
});
