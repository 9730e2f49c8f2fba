import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { undeclaredTool } from './fixtures/processors-undeclared/undeclared/undeclared.processor';
import { postTool } from './support/http';
import { makePdf, pageTexts } from './support/pdfs';
import { useTestServer } from './support/test-server';

jest.setTimeout(60_000);

const PROCESSORS = join(__dirname, 'fixtures', 'processors-undeclared');

/**
 * A tool's answers are its declaration's: the runner names, types and heads
 * each result from `result` and `download`. Under test a processor that
 * answers anything else fails the request, naming the tool, what it did and
 * where to declare it; in service the declared answer goes out and the rest is
 * left out (and logged).
 */
describe('results the declaration does not allow', () => {
  describe('under test (refuseUndeclaredResults)', () => {
    const server = useTestServer({}, { tools: [undeclaredTool], processorsDir: PROCESSORS, logger: false });
    const send = async (answer: string) =>
      postTool(server, undeclaredTool.endpoint, [{ name: 'report.pdf', content: await makePdf(1, { label: 'declared' }) }], { answer });

    it('answers a declared result with the declared name, type and header', async () => {
      const res = await send('declared');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.fileName).toBe('report_answered.pdf');
      expect(res.headers['x-test-pages']).toBe('1');
      expect(res.headers['access-control-expose-headers']).toBe('Content-Disposition, X-Test-Pages');
      expect(pageTexts(res.body)).toEqual(['declared page 1']);
    });

    it('answers a declared outcome with its own name and type', async () => {
      const res = await send('outcome');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.fileName).toBe('report_notes.txt');
      expect(res.body.toString()).toBe('notes\n');
      // The page reads which outcome it was (and what to say about it) from this header.
      expect(res.headers['x-folio-outcome']).toBe('notes');
      expect(res.headers['access-control-expose-headers']).toBe('Content-Disposition, X-Folio-Outcome');
    });

    it.each([
      ['header', 'sent the header X-Secret-Path, which registry/undeclared.tool.ts does not declare (result.headers)'],
      ['name', 'named its result "chosen.pdf" itself, where registry/undeclared.tool.ts names it (download.api "{base}_answered.pdf")'],
      ['unknown-outcome', 'returned the outcome "missing", which registry/undeclared.tool.ts does not declare (result.outcomes)'],
      ['not-a-pdf', 'wrote a file that is not the application/pdf registry/undeclared.tool.ts declares for these options'],
      ['nothing', 'answered with no content (204), which registry/undeclared.tool.ts does not declare (result.noContentWhen)'],
    ])('refuses an undeclared %s with a 500, and says what to fix in the log', async (answer, problem) => {
      const logged: string[] = [];
      const error = jest
        .spyOn(Logger.prototype, 'error')
        .mockImplementation((message: unknown, stack?: unknown) => void logged.push(`${String(message)} ${String(stack)}`));
      try {
        const res = await send(answer);
        expect(res.status).toBe(500);
        expect(res.json).toMatchObject({ status: 500, error: 'Job failed: the file could not be processed.' });
        expect(logged.join('\n')).toContain(`UndeclaredResultError: The processor of "undeclared" ${problem}`);
      } finally {
        error.mockRestore();
      }
    });
  });

  describe('in service', () => {
    const server = useTestServer({ refuseUndeclaredResults: false }, { tools: [undeclaredTool], processorsDir: PROCESSORS, logger: false });

    it('sends the declared answer: undeclared headers and names left out', async () => {
      const pdf = await makePdf(1, { label: 'kept' });
      const header = await postTool(server, undeclaredTool.endpoint, [{ name: 'report.pdf', content: pdf }], { answer: 'header' });
      expect(header.status).toBe(200);
      expect(header.headers['x-test-pages']).toBe('1');
      expect(header.headers['x-secret-path']).toBeUndefined();
      const named = await postTool(server, undeclaredTool.endpoint, [{ name: 'report.pdf', content: pdf }], { answer: 'name' });
      expect(named.fileName).toBe('report_answered.pdf');
      expect(pageTexts(named.body)).toEqual(['kept page 1']);
    });
  });
});
