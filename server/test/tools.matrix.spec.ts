import { collectParams, schemaOf, tools, type AnyTool } from '@folio/registry';
import { deriveQaCases, requestBody, routedTool, RUNNER_ERRORS, RUNNER_TEXTS, type QaCase, type QaLimits } from '../../generators/src/qa-cases';
import { ApiError } from '../src/http/api-error';
import { postTool } from './support/http';
import { isStructuralTool, qaCaseParts } from './support/sample-files';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Every tool's QA cases (generators/src/qa-cases.ts, the same ones `npm run
 * qa-matrix` prints) against the real server: status, message, content type,
 * download name, and an empty work folder after each request. Small limits keep
 * the file-count and size cases cheap.
 */
const LIMITS: QaLimits = { maxFiles: 3, maxUploadBytes: 64 * 1024 };

jest.setTimeout(120_000);

/**
 * Structural tools run every success case end to end. The others (office suite,
 * browser, OCR) run every refusal, all answered before the processor starts, and
 * one success, the defaults; their other accepted cases are checked against the
 * schema, and their own spec files test the results.
 */
function runsEndToEnd(tool: AnyTool, c: QaCase): boolean {
  if (c.run !== 'http') return false;
  return c.expect.status !== 200 || isStructuralTool(tool) || c.id === 'defaults';
}

/**
 * Cases where the server and the declaration disagree, each with the file to fix.
 * They run as `it.failing`: once fixed they fail, until their line here goes.
 */
const KNOWN_GAPS: Record<string, Record<string, string>> = {
  'split-chapters': Object.fromEntries(
    ['defaults', 'defaults-sent', 'includeMetadata=true', 'allowDuplicates=true'].map((id) => [
      id,
      'server/test/support/sample-files.ts: the sample PDF has no bookmarks, which the tool answers with 400 as the reference does',
    ]),
  ),
};

describe('the runner answers with the texts the QA matrix expects', () => {
  it('keeps each fixed status, type, code and text', () => {
    const pick = (e: ApiError) => ({ status: e.status, type: e.type, ...(e.extra.errorCode ? { errorCode: e.extra.errorCode } : {}) });
    expect(pick(ApiError.invalidArgument('x'))).toEqual(RUNNER_ERRORS.invalidArgument);
    expect(pick(ApiError.missingFile('x'))).toEqual(RUNNER_ERRORS.missingFile);
    expect(pick(ApiError.tooManyFiles(3))).toEqual(RUNNER_ERRORS.tooManyFiles);
    expect(pick(ApiError.wrongFileType('x'))).toEqual(RUNNER_ERRORS.wrongFileType);
    expect(pick(ApiError.pdfCorrupted())).toEqual(RUNNER_ERRORS.pdfCorrupted);
    expect(pick(ApiError.pdfPassword())).toEqual(RUNNER_ERRORS.pdfPassword);
    expect(pick(ApiError.fileTooLarge(LIMITS.maxUploadBytes))).toEqual(RUNNER_ERRORS.fileTooLarge);
    expect(ApiError.tooManyFiles(3).detail).toBe(RUNNER_TEXTS.tooManyFiles(3));
    expect(ApiError.pdfCorrupted().detail).toBe(RUNNER_TEXTS.pdfCorrupted);
    expect(ApiError.pdfPassword().detail).toBe(RUNNER_TEXTS.pdfPassword);
    expect(ApiError.fileTooLarge(100 * 1024 * 1024).detail).toBe(RUNNER_TEXTS.fileTooLarge(100 * 1024 * 1024));
    expect(ApiError.fileTooLarge(LIMITS.maxUploadBytes).detail).toBe(RUNNER_TEXTS.fileTooLarge(LIMITS.maxUploadBytes));
  });
});

describe('QA matrix: every derived case of every tool', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ maxFiles: LIMITS.maxFiles, maxUploadBytes: LIMITS.maxUploadBytes });
  });
  afterAll(() => server?.close());

  /** Workspaces go when the response closes, a moment after the client has it. */
  afterEach(async () => {
    for (let waited = 0; server.leftovers().length > 0 && waited < 2000; waited += 10) await new Promise((r) => setTimeout(r, 10));
    expect(server.leftovers()).toEqual([]);
  });

  describe.each(tools.map((t) => [t.id, t] as const))('%s', (_id, tool) => {
    const cases = deriveQaCases(tool, tools, LIMITS);
    const endpointTools = tools.filter((t) => t.endpoint === tool.endpoint);

    const run = async (c: QaCase) => {
      const res = await postTool(server, c.endpoint, await qaCaseParts(c, LIMITS.maxUploadBytes), c.fields);
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
        expect({ status: res.status, detail: res.json?.detail, error: res.json?.error }).toEqual({ status: want.status, detail: want.message, error: want.message });
        expect(res.json.type).toBe(want.type);
        expect(res.json.errorCode).toBe(want.errorCode);
        if (want.fieldError) expect(res.json.errors).toContain(want.fieldError);
      }
    };
    const gaps = KNOWN_GAPS[tool.id] ?? {};
    const http = cases.filter((c) => runsEndToEnd(tool, c));
    it.each(http.filter((c) => !gaps[c.id]).map((c) => [c.id, c] as const))('%s', (_caseId, c) => run(c));
    const failing = http.filter((c) => gaps[c.id]);
    if (failing.length > 0) it.failing.each(failing.map((c) => [c.id, c] as const))('%s (known gap)', (_caseId, c) => run(c));

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
