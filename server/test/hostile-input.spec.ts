import { tools } from '@folio/registry';
import { postTool } from './support/http';
import { HOSTILE_INPUTS } from './support/hostile-pdfs';
import { dealByReader, familiesOf, PDF_READERS, readerFamiliesOf } from './support/reader-families';
import { leftoversAfterCleanup, startTestServer, type TestServer } from './support/test-server';
import { validFieldUploads, validFields } from './support/valid-fields';

jest.setTimeout(60_000);

/**
 * Tools that take PDFs against broken and hostile PDFs (html-hostile.spec.ts
 * covers hostile web pages): a 4xx JSON error or a correct result, never a 5xx,
 * never a hang past the job limit, never a leftover file.
 *
 * A hostile file hurts the parser that reads it, and most tools share theirs:
 * each input goes to TOOLS_PER_READER tools of every family of PDF readers
 * (support/reader-families.ts: the engines the tools' processors reach, the
 * runner's qpdf opening and content budget included), the least used first,
 * and a crowded family (qpdf: every tool) to as many more as it takes for
 * each tool to meet INPUTS_PER_TOOL inputs. So every input meets every reader
 * and every tool some (two to four of the twelve today), and the suite grows
 * with readers, and with tools only by INPUTS_PER_TOOL requests each.
 */
const TOOLS_PER_READER = 1;
/** Every tool meets at least this many of the inputs. */
const INPUTS_PER_TOOL = 1;

const pdfTools = tools.filter((tool) => tool.input.accept.includes('pdf'));
const readsPdf = (family: string) => PDF_READERS.has(family);
const inputNames = Object.keys(HOSTILE_INPUTS);
const deal = dealByReader(pdfTools, inputNames.length, TOOLS_PER_READER, readsPdf, INPUTS_PER_TOOL);
const cases = inputNames.flatMap((input, i) => deal[i].map((tool) => [tool.id, input] as const));

it('deals every hostile input to every reader of PDFs, and INPUTS_PER_TOOL inputs at least to every tool', () => {
  const readers = [...familiesOf(pdfTools, readsPdf).keys()];
  for (const [i, input] of inputNames.entries()) {
    const met = new Set(deal[i].flatMap((tool) => readerFamiliesOf(tool)));
    expect({ input, missing: readers.filter((family) => !met.has(family)) }).toEqual({ input, missing: [] });
  }
  const short = pdfTools.filter((tool) => cases.filter(([id]) => id === tool.id).length < INPUTS_PER_TOOL).map((tool) => tool.id);
  expect(short).toEqual([]);
});

describe('hostile and broken input', () => {
  let server: TestServer;
  beforeAll(async () => (server = await startTestServer({ engineTimeoutMs: 20_000 })));
  afterAll(() => server.close());
  afterEach(async () => {
    expect(await leftoversAfterCleanup(server)).toEqual([]);
  });

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
