import { describe, expect, it } from '@jest/globals';
import { needsPassword, problemOf, readProblem, visitorDetail } from './server-problem';

/** Bodies as server/src/http/api-error.ts (problemBody) and api-exception.filter.ts send them. */
const outOfRange = {
  type: '/errors/invalid-argument',
  title: 'Invalid Argument',
  status: 400,
  detail: 'Page 7 is out of range: "a3.pdf" has 3 pages.',
  error: 'Page 7 is out of range: "a3.pdf" has 3 pages.',
  instance: '/api/v1/general/rearrange-pages',
};
const password = {
  type: '/errors/pdf-password',
  status: 400,
  detail: 'The PDF Document is passworded and either the password was not provided or was incorrect',
  errorCode: 'E004',
};
const jobFailed = { status: 500, error: 'Job failed: the file could not be processed.', detail: 'The file could not be processed.' };

describe('problemOf', () => {
  it('reads type, code and detail from problem JSON', () => {
    expect(problemOf(400, password)).toEqual({ status: 400, type: '/errors/pdf-password', errorCode: 'E004', detail: password.detail });
  });

  it('falls back to `error` where there is no detail, and to the status alone for anything else', () => {
    expect(problemOf(400, { error: 'Bad input.' })).toEqual({ status: 400, detail: 'Bad input.' });
    expect(problemOf(400, { detail: '  ', error: 'Said here.' })).toEqual({ status: 400, detail: 'Said here.' });
    expect(problemOf(502, 'Bad Gateway')).toEqual({ status: 502 });
    expect(problemOf(400, null)).toEqual({ status: 400 });
    expect(problemOf(400, { detail: 42 })).toEqual({ status: 400 });
  });
});

describe('readProblem', () => {
  it('parses a JSON body', async () => {
    const body = new Blob([JSON.stringify(outOfRange)]);
    await expect(readProblem(400, body, 'application/problem+json; charset=utf-8')).resolves.toMatchObject({ detail: outOfRange.detail });
  });

  it('gives the status alone for a body that is not JSON, or not what it says', async () => {
    await expect(readProblem(502, new Blob(['<html>Bad Gateway</html>']), 'text/html')).resolves.toEqual({ status: 502 });
    await expect(readProblem(400, new Blob(['{oops']), 'application/json')).resolves.toEqual({ status: 400 });
  });
});

describe('needsPassword', () => {
  it('knows the password problem by its type or by its code', () => {
    expect(needsPassword(problemOf(400, password))).toBe(true);
    expect(needsPassword({ status: 400, errorCode: 'E004' })).toBe(true);
    expect(needsPassword({ status: 400, type: '/errors/pdf-password' })).toBe(true);
    expect(needsPassword(problemOf(400, outOfRange))).toBe(false);
    expect(needsPassword(problemOf(400, { type: '/errors/pdf-corrupted', errorCode: 'E001' }))).toBe(false);
  });
});

describe('visitorDetail', () => {
  it.each([
    ['a page out of range', 400, outOfRange, outOfRange.detail],
    ['a file too large', 413, { type: '/errors/file-too-large', status: 413, detail: 'Each file may be at most 100 MB.' }, 'Each file may be at most 100 MB.'],
    ['too many files', 400, { type: '/errors/too-many-files', detail: 'At most 50 files can be sent at once.' }, 'At most 50 files can be sent at once.'],
    [
      'a damaged PDF',
      400,
      { type: '/errors/pdf-corrupted', errorCode: 'E001', detail: 'PDF file appears to be corrupted or damaged.' },
      'PDF file appears to be corrupted or damaged.',
    ],
  ])('shows %s', (_label, status, body, shown) => {
    expect(visitorDetail(problemOf(status, body))).toBe(shown);
  });

  it.each([
    ['a 500', 500, jobFailed],
    ['a 504 from a proxy', 504, { detail: 'Gateway Timeout' }],
    ['a busy server (429)', 429, { type: '/errors/too-many-requests', detail: 'The server is busy right now; please try again in a few seconds.' }],
    ['a slow upload (408)', 408, { detail: 'Request body too slow.' }],
    ['a missing endpoint (404)', 404, { type: '/errors/not-found', detail: 'No API endpoint at /api/v1/x.' }],
    ['a request the page got wrong', 400, { type: '/errors/malformed-request', detail: 'Unexpected field' }],
    ['a 4xx without words', 400, {}],
    ['an essay', 400, { detail: 'x'.repeat(401) }],
  ])('keeps quiet for %s', (_label, status, body) => {
    expect(visitorDetail(problemOf(status, body))).toBeNull();
  });
});
