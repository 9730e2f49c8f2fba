import { collectParams, schemaOf, tools, type AnyTool, type CategoryId } from '@folio/registry';
import { deriveQaCases, requestBody, routedTool, type QaCase, type QaLimits } from '../../generators/src/qa-cases';
import type { CategorySlices } from './category-slices';
import { postTool } from './support/http';
import { isStructuralTool, qaCaseParts } from './support/sample-files';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Every tool's QA cases (generators/src/qa-cases.ts, the same ones `npm run
 * qa-matrix` prints) against the real server: status, message, content type,
 * download name, and an empty work folder after each request. One file per
 * category (`tools.matrix.<category>.spec.ts`), each on a server of its own, so
 * jest runs them side by side; tools.matrix.spec.ts checks there is one for
 * each category.
 */
export const QA_MATRIX_SLICES: CategorySlices = { folder: 'server/test', prefix: 'tools.matrix.', suffix: '.spec.ts', runner: 'describeQaMatrixSlice' };

/** Small limits keep the file-count and size cases cheap. */
export const MATRIX_LIMITS: QaLimits = { maxFiles: 3, maxUploadBytes: 64 * 1024 };

/**
 * Structural tools run every success case end to end. The others (office suite,
 * browser, OCR) run every refusal, all answered before the processor starts, and
 * one success, the defaults; their other accepted cases are checked against the
 * schema, and their own spec files test the results.
 */
function runsEndToEnd(tool: AnyTool, c: QaCase): boolean {
  if (c.run !== 'http') return false;
  // A refusal of the sample (SAMPLE_REFUSALS) comes from the processor: it counts as a success case here.
  const refusedUpFront = c.expect.status !== 200 && !c.expect.refusedBecause;
  return refusedUpFront || isStructuralTool(tool) || c.id === 'defaults';
}

/** The QA matrix of the tools in `category`: a slice file's one call. */
export function describeQaMatrixSlice(category: CategoryId): void {
  const sliceTools = tools.filter((t) => t.category === category);
  if (sliceTools.length === 0)
    throw new Error(`QA matrix: no registered tool is in category "${category}"; remove server/test/tools.matrix.${category}.spec.ts.`);
  jest.setTimeout(120_000);

  describe(`QA matrix: every derived case of every ${category} tool`, () => {
    let server: TestServer;

    beforeAll(async () => {
      server = await startTestServer({ maxFiles: MATRIX_LIMITS.maxFiles, maxUploadBytes: MATRIX_LIMITS.maxUploadBytes });
    });
    afterAll(() => server?.close());

    /** Workspaces go when the response closes, a moment after the client has it. */
    afterEach(async () => {
      for (let waited = 0; server.leftovers().length > 0 && waited < 2000; waited += 10) await new Promise((r) => setTimeout(r, 10));
      expect(server.leftovers()).toEqual([]);
    });

    describe.each(sliceTools.map((t) => [t.id, t] as const))('%s', (_id, tool) => {
      const cases = deriveQaCases(tool, tools, MATRIX_LIMITS);
      const endpointTools = tools.filter((t) => t.endpoint === tool.endpoint);

      const run = async (c: QaCase) => {
        const res = await postTool(server, c.endpoint, await qaCaseParts(c, MATRIX_LIMITS.maxUploadBytes), c.fields);
        const { expect: want } = c;
        if (want.status === 204) {
          expect(res.status).toBe(204);
          expect(res.body.length).toBe(0);
        } else if (want.status === 200) {
          if (res.status !== 200) throw new Error(`Expected 200, got ${res.status}: ${res.body.toString('utf8').slice(0, 500)}`);
          expect(res.headers['content-type']).toBe(want.contentType);
          if (want.fileName !== undefined) expect(res.fileName).toBe(want.fileName);
          expect(res.body.length).toBeGreaterThan(0);
          if (want.contentType === 'application/pdf') expect(res.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        } else {
          expect({ status: res.status, detail: res.json?.detail, error: res.json?.error }).toEqual({
            status: want.status,
            detail: want.message,
            error: want.message,
          });
          expect(res.json.type).toBe(want.type);
          expect(res.json.errorCode).toBe(want.errorCode);
          if (want.fieldError) expect(res.json.errors).toContain(want.fieldError);
        }
      };
      const http = cases.filter((c) => runsEndToEnd(tool, c));
      const title = (c: QaCase) => (c.expect.refusedBecause ? `${c.id} (refused: ${c.expect.refusedBecause})` : c.id);
      it.each(http.map((c) => [title(c), c] as const))('%s', (_title, c) => run(c));

      const edges = cases.filter((c) => !runsEndToEnd(tool, c));
      if (edges.length > 0) {
        it.each(edges.map((c) => [c.id, c] as const))('%s (schema)', (_caseId, c) => {
          expect(routedTool(endpointTools, c.fields).id).toBe(tool.id);
          const parsed = schemaOf(tool).safeParse(collectParams(tool, requestBody(c)));
          expect(parsed.error?.issues ?? []).toEqual([]);
        });
      }
    });
  });
}
