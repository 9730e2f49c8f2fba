import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { JobStatus } from '@folio/registry';
import { runJob } from './job-run';
import { NetworkError, sendMultipart, type MultipartResponse } from './send-multipart';

// The job API's client against a scripted server: the upload (XHR) and fetch are faked.
jest.mock('./send-multipart', () => ({ ...jest.requireActual<object>('./send-multipart'), sendMultipart: jest.fn() }));
const upload = jest.mocked(sendMultipart);

const JOB_ID = 'q0Jx3b9mC1v7ZtRk2wHn8yLa';
const accepted = (body: object = { async: true, jobId: JOB_ID, result: null }): MultipartResponse => ({
  ok: true,
  status: 200,
  body: new Blob([JSON.stringify(body)]),
  contentType: 'application/json',
  contentDisposition: null,
});

const status = (overrides: Partial<JobStatus>): JobStatus => ({
  jobId: JOB_ID,
  toolId: 'compress',
  state: 'queued',
  complete: false,
  queuePosition: 1,
  progress: { fraction: 0, stage: 'queued' },
  error: null,
  createdAt: '2025-01-31T09:30:00.000Z',
  ...overrides,
});

const json = (body: unknown, init: ResponseInit = {}) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' }, ...init });

/** Answers fetches by method and path, in turn for the same key; records every request. */
function scriptFetch(script: Record<string, (() => Response | Promise<Response>)[]>) {
  const requests: { method: string; url: string; keepalive?: boolean }[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    requests.push({ method, url, ...(init.keepalive ? { keepalive: true } : {}) });
    init.signal?.throwIfAborted();
    const next = script[`${method} ${url}`]?.shift();
    if (!next) return new Promise<Response>(() => undefined);
    return next();
  });
  global.fetch = fetchMock as typeof fetch;
  return requests;
}

const realFetch = global.fetch;
const noProgress = () => undefined;

beforeEach(() => {
  upload.mockReset();
});
afterEach(() => {
  global.fetch = realFetch;
});

describe('runJob', () => {
  it('queues the request with async=true, follows the job and answers with its result as the direct request would', async () => {
    upload.mockResolvedValueOnce(accepted());
    const requests = scriptFetch({
      [`GET /api/v1/general/job/${JOB_ID}`]: [
        () => json(status({ queuePosition: 2 })),
        () => json(status({ state: 'done', complete: true, queuePosition: null, progress: { fraction: 1, stage: 'done' } })),
      ],
      [`GET /api/v1/general/job/${JOB_ID}/result`]: [
        () =>
          new Response('%PDF-1.7', {
            headers: {
              'Content-Type': 'application/pdf',
              'Content-Disposition': 'form-data; name="attachment"; filename="a.pdf"',
              'X-Compression-Original-Size': '9',
            },
          }),
      ],
    });
    const statuses: JobStatus[] = [];
    const response = await runJob('/api/v1/misc/compress-pdf', new FormData(), {
      signal: new AbortController().signal,
      onUploadProgress: noProgress,
      onStatus: (s) => statuses.push(s),
    });

    expect(upload.mock.calls[0]![0]).toBe('/api/v1/misc/compress-pdf?async=true');
    expect(statuses.map((s) => [s.state, s.queuePosition])).toEqual([
      ['queued', 2],
      ['done', null],
    ]);
    expect(requests.map(({ method, url }) => `${method} ${url}`)).toEqual([
      `GET /api/v1/general/job/${JOB_ID}`,
      `GET /api/v1/general/job/${JOB_ID}`,
      `GET /api/v1/general/job/${JOB_ID}/result`,
    ]);
    expect(response).toMatchObject({
      ok: true,
      status: 200,
      contentType: 'application/pdf',
      contentDisposition: 'form-data; name="attachment"; filename="a.pdf"',
    });
    expect(response.headers).toMatchObject({ 'x-compression-original-size': '9' });
    await expect(response.body.text()).resolves.toBe('%PDF-1.7');
  });

  it('answers a refusal before queueing as it came, and follows nothing', async () => {
    const refusal: MultipartResponse = { ok: false, status: 400, body: new Blob(['{}']), contentType: 'application/problem+json', contentDisposition: null };
    upload.mockResolvedValueOnce(refusal);
    const requests = scriptFetch({});
    await expect(
      runJob('/api/v1/misc/compress-pdf', new FormData(), { signal: new AbortController().signal, onUploadProgress: noProgress, onStatus: noProgress }),
    ).resolves.toBe(refusal);
    expect(requests).toEqual([]);
  });

  it('answers JSON that names no job as it came', async () => {
    const own = accepted({ async: false, result: { pages: 3 } });
    upload.mockResolvedValueOnce(own);
    scriptFetch({});
    await expect(
      runJob('/api/v1/security/get-info-on-pdf', new FormData(), { signal: new AbortController().signal, onUploadProgress: noProgress, onStatus: noProgress }),
    ).resolves.toBe(own);
  });

  it('cancels the job on the server when aborted, even as the page goes (keepalive)', async () => {
    upload.mockResolvedValueOnce(accepted());
    const requests = scriptFetch({
      [`GET /api/v1/general/job/${JOB_ID}`]: [() => json(status({}))],
      [`DELETE /api/v1/general/job/${JOB_ID}`]: [() => json({})],
    });
    const controller = new AbortController();
    const done = runJob('/api/v1/misc/compress-pdf', new FormData(), {
      signal: controller.signal,
      onUploadProgress: noProgress,
      onStatus: () => controller.abort(),
    });
    await expect(done).rejects.toThrow(NetworkError);
    expect(requests).toContainEqual({ method: 'DELETE', url: `/api/v1/general/job/${JOB_ID}`, keepalive: true });
  });

  it('fails when the job is gone from the server (404)', async () => {
    upload.mockResolvedValueOnce(accepted());
    scriptFetch({ [`GET /api/v1/general/job/${JOB_ID}`]: [() => json({ status: 404 }, { status: 404 })] });
    await expect(
      runJob('/api/v1/misc/compress-pdf', new FormData(), { signal: new AbortController().signal, onUploadProgress: noProgress, onStatus: noProgress }),
    ).rejects.toThrow('The job is gone from the server.');
  });

  it('makes up for a missed poll with the next', async () => {
    upload.mockResolvedValueOnce(accepted());
    scriptFetch({
      [`GET /api/v1/general/job/${JOB_ID}`]: [() => json({}, { status: 503 }), () => json(status({ state: 'done', complete: true, queuePosition: null }))],
      [`GET /api/v1/general/job/${JOB_ID}/result`]: [() => new Response(null, { status: 204 })],
    });
    const statuses: JobStatus[] = [];
    const response = await runJob('/api/v1/misc/compress-pdf', new FormData(), {
      signal: new AbortController().signal,
      onUploadProgress: noProgress,
      onStatus: (s) => statuses.push(s),
    });
    expect(statuses).toHaveLength(1);
    expect(response.status).toBe(204);
  });
});
