import { tools } from '@folio/registry';
import { postTool } from './support/http';
import { HOSTILE_INPUTS } from './support/hostile-pdfs';
import { leftoversAfterCleanup, startTestServer, type TestServer } from './support/test-server';
import { validFieldUploads, validFields } from './support/valid-fields';

jest.setTimeout(60_000);

/**
 * Every tool that takes PDFs against broken and hostile PDFs (html-hostile.spec.ts
 * covers hostile web pages): a 4xx JSON error or a correct
 * result, never a 5xx, never a hang past the job limit, never a leftover file.
 */
describe('hostile and broken input', () => {
  let server: TestServer;
  beforeAll(async () => (server = await startTestServer({ engineTimeoutMs: 20_000 })));
  afterAll(() => server.close());
  afterEach(async () => {
    expect(await leftoversAfterCleanup(server)).toEqual([]);
  });

  const cases = tools.filter((tool) => tool.input.accept.includes('pdf')).flatMap((tool) => Object.keys(HOSTILE_INPUTS).map((input) => [tool.id, input] as const));

  it.each(cases)('%s survives a %s', async (toolId, inputName) => {
    const tool = tools.find((t) => t.id === toolId)!;
    const content = await HOSTILE_INPUTS[inputName]();
    const files = Array.from({ length: tool.input.minFiles ?? 1 }, (_, i) => ({ name: `hostile-${i}.pdf`, content }));
    const res = await postTool(server, tool.endpoint, [...files, ...(await validFieldUploads(tool))], validFields(tool));
    // 204 is a result for a tool that may find nothing to send (PDF to CSV on a page without tables).
    const nothingToSend = res.status === 204 && tool.result.noContentWhen !== undefined;
    if (res.status !== 200 && res.status !== 400 && !nothingToSend) throw new Error(`Answered ${res.status}: ${res.body.toString('utf8').slice(0, 300)}`);
    if (res.status === 400) {
      expect(res.headers['content-type']).toMatch(/json/);
      expect(typeof res.json.error).toBe('string');
    }
  });
});
