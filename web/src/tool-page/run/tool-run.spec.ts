import { JOB_THRESHOLD_BYTES } from '@folio/registry';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import {
  addImageTool,
  compressTool,
  mergeTool,
  pdfToCsvTool,
  pdfToHtmlTool,
  pdfToImageTool,
  removePasswordTool,
  rotateTool,
  splitTool,
  type AnyTool,
  type JobStatus,
} from '@folio/registry';
import { REQUEST_ENHANCERS, type RequestEnhancer } from '../../request-enhancers';
import { passwordProtectedDetail, wrongPasswordDetail } from './run-messages';
import { NetworkError, type MultipartResponse, type SendOptions } from './send-multipart';
import { createToolRun, runsAsJob, runView, type RunStep, type ToolRunMachine, type ToolRunPorts, type ToolRunState } from './tool-run';

// The machine runs here as on the page, with the browser's pieces replaced:
// requests are answered by each test, the site config and page counts are given.

const pdf = (name: string) => new File(['%PDF-1.7'], name, { type: 'application/pdf' });
const MB = 1024 * 1024;
const sized = (name: string, bytes: number) => new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });

/** The server's header (server/src/tool-routing/content-disposition.ts). */
const served = (encodedName: string) => `form-data; name="attachment"; filename="${encodedName}"`;

function answer(overrides: Partial<MultipartResponse> = {}): MultipartResponse {
  return { ok: true, status: 200, body: new Blob(['%PDF-1.7']), contentType: 'application/pdf', contentDisposition: null, ...overrides };
}

/** An error answer as the server sends it (server/src/http/api-error.ts problemBody). */
const problemAnswer = (status: number, body: object) =>
  answer({ ok: false, status, contentType: 'application/problem+json', body: new Blob([JSON.stringify(body)]) });

/** ApiError.pdfPassword's answer (reference §1.3). */
const passwordAnswer = (fileName?: string) =>
  problemAnswer(400, {
    type: '/errors/pdf-password',
    status: 400,
    errorCode: 'E004',
    detail: 'The PDF Document is passworded and either the password was not provided or was incorrect',
    ...(fileName ? { fileName } : {}),
  });

/** The server's limits as /api/v1/site-config serves them. */
const LIMITS = { maxUploadBytes: 2 * MB, maxRequestBytes: 5 * MB, maxFiles: 3 };

const send = jest.fn<ToolRunPorts['send']>();
const sendAsJob = jest.fn<ToolRunPorts['sendAsJob']>();

/** A machine for `tool` with these ports, and every step it passed through. */
function machineFor(tool: AnyTool, ports: Partial<ToolRunPorts> = {}) {
  const machine = createToolRun(tool, {
    uploadLimits: async () => null,
    pageCount: async () => null,
    requestEnhancers: REQUEST_ENHANCERS,
    send,
    sendAsJob,
    ...ports,
  });
  const steps: RunStep[] = [];
  machine.subscribe(() => {
    const { step } = machine.getState();
    if (steps.at(-1) !== step) steps.push(step);
  });
  return { machine, steps, state: () => machine.getState(), view: () => runView(machine.getState()) };
}

/** The form sent in the nth request, as [name, value] pairs. */
function sentForm(mock: typeof send | typeof sendAsJob, call = 0): [string, string][] {
  const form = mock.mock.calls[call]![1];
  return [...form.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : `file:${value.name}`]);
}

/** A request answered when the test says so, or failing the way XHR does when aborted. */
function pendingAnswer(mock: typeof send | typeof sendAsJob = send) {
  let resolve!: (response: MultipartResponse) => void;
  let options!: SendOptions & { onStatus?(status: JobStatus): void };
  mock.mockImplementationOnce((url, _form, given) => {
    options = given;
    return new Promise((ok, fail) => {
      resolve = ok;
      given.signal.addEventListener('abort', () => fail(new NetworkError(`POST ${url} was cancelled.`)));
    });
  });
  return {
    resolve: (response: MultipartResponse) => resolve(response),
    signal: () => options.signal,
    progress: (fraction: number) => options.onUploadProgress(fraction),
    status: (status: JobStatus) => options.onStatus!(status),
  };
}

/** Lets runs reach their next await (the checks before a request are asynchronous). */
async function settle(condition: () => boolean) {
  for (let i = 0; i < 100 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

const stepNames = (steps: RunStep[]) => steps.map((step) => step.name);

beforeEach(() => {
  send.mockReset();
  sendAsJob.mockReset();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('a tool run', () => {
  describe('success', () => {
    it('posts the files and options to the endpoint, keeps the result and names the success toast (Rotate)', async () => {
      send.mockResolvedValueOnce(answer({ contentDisposition: served('report_rotated.pdf') }));
      const { machine, state, steps } = machineFor(rotateTool);

      await expect(machine.run([pdf('report.pdf')], { angle: 180 })).resolves.toEqual({ kind: 'succeeded', message: 'PDF rotated successfully!' });

      expect(send).toHaveBeenCalledTimes(1);
      expect(sendAsJob).not.toHaveBeenCalled();
      expect(send.mock.calls[0]![0]).toBe('/api/v1/general/rotate-pdf');
      expect(sentForm(send)).toEqual([
        ['fileInput', 'file:report.pdf'],
        ['angle', '180'],
      ]);
      expect(state()).toEqual({ step: { name: 'idle' }, result: { body: expect.any(Blob), fileName: 'rotated.pdf', kind: 'pdf' }, notice: null });
      expect(stepNames(steps)).toEqual(['checking', 'uploading', 'idle']);
    });

    it('is busy, with upload progress, until the answer arrives', async () => {
      const pending = pendingAnswer();
      const { machine, view } = machineFor(rotateTool);

      const done = machine.run([pdf('a.pdf')], { angle: 90 });
      expect(view()).toEqual({ busy: true, uploadProgress: 0, job: null, passwordQuestion: null });
      await settle(() => send.mock.calls.length === 1);
      expect(view().uploadProgress).toBe(0);
      pending.progress(0.5);
      expect(view()).toEqual({ busy: true, uploadProgress: 0.5, job: null, passwordQuestion: null });

      pending.resolve(answer());
      await expect(done).resolves.toMatchObject({ kind: 'succeeded' });
      expect(view()).toEqual({ busy: false, uploadProgress: null, job: null, passwordQuestion: null });
    });

    it('keeps the answer’s headers for a result view that reads them (Compress’s sizes)', async () => {
      send.mockResolvedValueOnce(answer({ headers: { 'x-compression-original-size': '2048' } }));
      const { machine, state } = machineFor(rotateTool);
      await machine.run([pdf('a.pdf')], { angle: 90 });
      expect(state().result?.headers).toEqual({ 'x-compression-original-size': '2048' });
    });

    it('says, as a warning and on the page, an outcome whose declaration says nothing happened, and keeps the answer', async () => {
      const tool: AnyTool = {
        ...rotateTool,
        result: { ...rotateTool.result, outcomes: { 'no-change': { when: 'nothing needed turning', notice: 'Nothing needed turning.' } } },
      };
      send.mockResolvedValueOnce(answer({ headers: { 'x-folio-outcome': 'no-change' } }));
      const { machine, state } = machineFor(tool);
      await expect(machine.run([pdf('report.pdf')], { angle: 90 })).resolves.toEqual({ kind: 'noted', message: 'Nothing needed turning.' });
      expect(state()).toMatchObject({ notice: 'Nothing needed turning.', result: { kind: 'pdf' } });

      // An answer that holds nothing worth keeping is said, and not offered for download.
      const empty: AnyTool = {
        ...tool,
        result: { ...tool.result, outcomes: { 'no-change': { when: 'nothing needed turning', notice: 'Nothing needed turning.', nothingToKeep: true } } },
      };
      send.mockResolvedValueOnce(answer({ headers: { 'x-folio-outcome': 'no-change' } }));
      const bare = machineFor(empty);
      await expect(bare.machine.run([pdf('report.pdf')], { angle: 90 })).resolves.toEqual({ kind: 'noted', message: 'Nothing needed turning.' });
      expect(bare.state()).toMatchObject({ notice: 'Nothing needed turning.', result: null });

      // An outcome without a notice, or one the tool does not declare, is a plain success.
      send.mockResolvedValueOnce(answer({ headers: { 'x-folio-outcome': 'something-else' } }));
      await expect(machine.run([pdf('report.pdf')], { angle: 90 })).resolves.toEqual({ kind: 'succeeded', message: 'PDF rotated successfully!' });
      expect(state().notice).toBeNull();
    });

    it('offers several files through a one-document tool as a ZIP, and a combining tool’s answer as one document', async () => {
      send.mockResolvedValueOnce(answer({ contentType: 'application/octet-stream' }));
      const rotate = machineFor(rotateTool);
      await rotate.machine.run([pdf('a.pdf'), pdf('b.pdf')], { angle: 90 });
      expect(rotate.state().result).toMatchObject({ fileName: 'rotated.zip', kind: 'zip' });

      send.mockResolvedValueOnce(answer());
      const merge = machineFor(mergeTool);
      const params = { removeCertSign: false, generateToc: false, sortType: 'orderProvided' };
      await expect(merge.machine.run([pdf('a.pdf'), pdf('b.pdf')], params)).resolves.toEqual({
        kind: 'succeeded',
        message: 'PDFs merged successfully! Preview below or download the file.',
      });
      expect(merge.state().result).toMatchObject({ fileName: 'merged.pdf', kind: 'pdf' });
    });

    it('adds the request enhancer’s values to what is sent (PDF to HTML asks for one file)', async () => {
      send.mockResolvedValueOnce(answer({ contentType: 'text/html; charset=utf-8' }));
      const { machine, state } = machineFor(pdfToHtmlTool);
      await machine.run([pdf('report.pdf')], { singleFile: false });
      expect(sentForm(send)).toEqual([
        ['fileInput', 'file:report.pdf'],
        ['singleFile', 'true'],
      ]);
      expect(state().result).toMatchObject({ fileName: 'report.html', kind: 'html' });
    });

    it('gives the enhancer the files and options as chosen, and only for the tool that declares it', async () => {
      const singleHtmlFile = jest.fn<RequestEnhancer>(async () => ({ singleFile: true, extra: 'computed' }));
      const enhancers = { ...REQUEST_ENHANCERS, 'single-html-file': singleHtmlFile };
      send.mockResolvedValue(answer({ contentType: 'text/html' }));
      const files = [pdf('report.pdf')];
      await machineFor(pdfToHtmlTool, { requestEnhancers: enhancers }).machine.run(files, { singleFile: false });
      expect(singleHtmlFile).toHaveBeenCalledWith({ files, params: { singleFile: false } });
      expect(sentForm(send)).toContainEqual(['extra', 'computed']);

      send.mockResolvedValue(answer());
      await machineFor(rotateTool, { requestEnhancers: enhancers }).machine.run([pdf('a.pdf')], { angle: 90 });
      expect(singleHtmlFile).toHaveBeenCalledTimes(1);
    });
  });

  describe('sent directly or as a job', () => {
    it('sends a quick tool’s small files directly', async () => {
      send.mockResolvedValueOnce(answer());
      await machineFor(rotateTool).machine.run([sized('a.pdf', MB)], { angle: 90 });
      expect(send).toHaveBeenCalledTimes(1);
      expect(sendAsJob).not.toHaveBeenCalled();
    });

    it('sends a long-running tool’s run as a job, whatever its size (Compress)', async () => {
      sendAsJob.mockResolvedValueOnce(answer());
      const { machine } = machineFor(compressTool);
      await expect(machine.run([pdf('a.pdf')], { optimizeLevel: 2 })).resolves.toMatchObject({ kind: 'succeeded' });
      expect(send).not.toHaveBeenCalled();
      expect(sendAsJob).toHaveBeenCalledTimes(1);
      expect(sendAsJob.mock.calls[0]![0]).toBe('/api/v1/misc/compress-pdf');
    });

    it('sends any run of 20 MB or more as a job', () => {
      expect(JOB_THRESHOLD_BYTES).toBe(20 * MB);
      expect(runsAsJob(rotateTool, [sized('a.pdf', 20 * MB - 1)])).toBe(false);
      expect(runsAsJob(rotateTool, [sized('a.pdf', 20 * MB)])).toBe(true);
      expect(runsAsJob(rotateTool, [sized('a.pdf', 10 * MB), sized('b.pdf', 10 * MB)])).toBe(true);
      expect(runsAsJob(compressTool, [sized('a.pdf', 1)])).toBe(true);
    });

    it('counts the files of file fields toward the 20 MB (Add image’s picture)', async () => {
      sendAsJob.mockResolvedValueOnce(answer());
      const picture = new File([new Uint8Array(20 * MB - 10)], 'photo.png', { type: 'image/png' });
      await machineFor(addImageTool).machine.run([sized('a.pdf', 10)], { imageFile: picture, x: 0, y: 0, everyPage: false });
      expect(send).not.toHaveBeenCalled();
      expect(sendAsJob).toHaveBeenCalledTimes(1);
      expect(sentForm(sendAsJob)).toContainEqual(['imageFile', 'file:photo.png']);
    });

    it('sends a 20 MB run of a quick tool as a job', async () => {
      sendAsJob.mockResolvedValueOnce(answer());
      await machineFor(rotateTool).machine.run([sized('big.pdf', 20 * MB)], { angle: 90 });
      expect(send).not.toHaveBeenCalled();
      expect(sendAsJob).toHaveBeenCalledTimes(1);
    });
  });

  describe('a job’s place in the queue, then its progress', () => {
    const status = (overrides: Partial<JobStatus>): JobStatus => ({
      jobId: 'q0Jx3b9mC1v7ZtRk2wHn8yLa',
      toolId: 'compress',
      state: 'queued',
      complete: false,
      queuePosition: 2,
      progress: { fraction: 0, stage: 'queued' },
      error: null,
      createdAt: '2025-01-31T09:30:00.000Z',
      ...overrides,
    });

    it('shows the upload, then each status in turn instead of the upload, then the result', async () => {
      const pending = pendingAnswer(sendAsJob);
      const { machine, view, steps } = machineFor(compressTool);
      const done = machine.run([pdf('a.pdf')], { optimizeLevel: 2 });
      await settle(() => sendAsJob.mock.calls.length === 1);

      pending.progress(1);
      expect(view()).toMatchObject({ busy: true, uploadProgress: 1, job: null });
      const queued = status({});
      pending.status(queued);
      expect(view()).toEqual({ busy: true, uploadProgress: null, job: queued, passwordQuestion: null });
      const running = status({ state: 'running', queuePosition: null, progress: { fraction: 0.4, stage: 'page 12 of 30' } });
      pending.status(running);
      expect(view().job).toBe(running);

      pending.resolve(answer());
      await expect(done).resolves.toMatchObject({ kind: 'succeeded' });
      expect(view()).toEqual({ busy: false, uploadProgress: null, job: null, passwordQuestion: null });
      expect(stepNames(steps)).toEqual(['checking', 'uploading', 'uploading', 'following-job', 'following-job', 'idle']);
    });

    it('ignores the statuses of a run it has replaced', async () => {
      const first = pendingAnswer(sendAsJob);
      pendingAnswer(sendAsJob);
      const { machine, view } = machineFor(compressTool);
      void machine.run([pdf('a.pdf')], { optimizeLevel: 2 });
      await settle(() => sendAsJob.mock.calls.length === 1);
      void machine.run([pdf('b.pdf')], { optimizeLevel: 2 });
      first.status(status({ queuePosition: 9 }));
      expect(view().job).toBeNull();
    });
  });

  describe('failure: one error toast for every kind of failure', () => {
    async function expectFailure(tool: AnyTool, files: File[], params: Record<string, unknown>) {
      const { machine, state } = machineFor(tool);
      await expect(machine.run(files, params)).resolves.toEqual({ kind: 'failed' });
      expect(state()).toEqual({ step: { name: 'idle' }, result: null, notice: null });
    }

    it.each([400, 413, 500, 503])('an error answer (%i)', async (status) => {
      send.mockResolvedValueOnce(answer({ ok: false, status, contentType: 'application/json' }));
      await expectFailure(rotateTool, [pdf('a.pdf')], { angle: 90 });
    });

    it('a network failure', async () => {
      send.mockRejectedValueOnce(new NetworkError('POST /api/v1/general/rotate-pdf failed before a response arrived.'));
      await expectFailure(rotateTool, [pdf('a.pdf')], { angle: 90 });
    });

    it('a wrong content type (PDF to CSV answering HTML, PDF to Image answering JSON)', async () => {
      send.mockResolvedValueOnce(answer({ contentType: 'text/html' }));
      await expectFailure(pdfToCsvTool, [pdf('a.pdf')], { pageNumbers: '1' });
      send.mockResolvedValueOnce(answer({ contentType: 'application/json' }));
      await expectFailure(pdfToImageTool, [pdf('a.pdf')], { imageFormat: 'png' });
    });

    it('a failed job (its result request answers as the direct request would have)', async () => {
      sendAsJob.mockResolvedValueOnce(answer({ ok: false, status: 500, contentType: 'application/json' }));
      await expectFailure(compressTool, [pdf('a.pdf')], { optimizeLevel: 2 });
    });

    it('logs why, naming the tool', async () => {
      send.mockResolvedValueOnce(answer({ ok: false, status: 500 }));
      await machineFor(rotateTool).machine.run([pdf('a.pdf')], { angle: 90 });
      expect(console.error).toHaveBeenCalledWith('Tool "rotate" failed:', new Error('POST /api/v1/general/rotate-pdf answered 500.'));
    });

    it('clears the previous result when the next run starts', async () => {
      send.mockResolvedValueOnce(answer());
      const pending = pendingAnswer();
      const { machine, state } = machineFor(rotateTool);
      await machine.run([pdf('a.pdf')], { angle: 90 });
      expect(state().result).not.toBeNull();
      const done = machine.run([pdf('a.pdf')], { angle: 90 });
      expect(state().result).toBeNull();
      await settle(() => send.mock.calls.length === 2);
      pending.resolve(answer({ ok: false, status: 500 }));
      await done;
      expect(state().result).toBeNull();
    });

    describe('with the server’s words under the toast where they help', () => {
      it('a 4xx’s detail about the visitor’s input', async () => {
        const detail = 'Page 7 is out of range: "a3.pdf" has 3 pages.';
        send.mockResolvedValueOnce(problemAnswer(400, { type: '/errors/invalid-argument', status: 400, detail, error: detail }));
        await expect(machineFor(rotateTool).machine.run([pdf('a3.pdf')], { angle: 90 })).resolves.toEqual({ kind: 'failed', note: { detail } });
      });

      it('the size limit of a 413', async () => {
        const detail = 'Each file may be at most 100 MB.';
        send.mockResolvedValueOnce(problemAnswer(413, { type: '/errors/file-too-large', status: 413, detail }));
        await expect(machineFor(rotateTool).machine.run([pdf('a.pdf')], { angle: 90 })).resolves.toEqual({ kind: 'failed', note: { detail } });
      });

      it.each([
        [
          'a 500 (the server’s own failure)',
          500,
          { status: 500, error: 'Job failed: the file could not be processed.', detail: 'The file could not be processed.' },
        ],
        ['a 429 (busy)', 429, { type: '/errors/too-many-requests', status: 429, detail: 'The server is busy right now; please try again in a few seconds.' }],
        ['a malformed request (the page’s doing)', 400, { type: '/errors/malformed-request', status: 400, detail: 'Unexpected field' }],
      ])('but not for %s', async (_label, status, body) => {
        send.mockResolvedValueOnce(problemAnswer(status, body));
        await expect(machineFor(rotateTool).machine.run([pdf('a.pdf')], { angle: 90 })).resolves.toEqual({ kind: 'failed' });
      });
    });
  });

  describe('nothing found (204)', () => {
    it('says so on the page, from the declaration, without a toast', async () => {
      send.mockResolvedValueOnce(answer({ status: 204, contentType: '' }));
      const { machine, state } = machineFor(pdfToCsvTool);
      await expect(machine.run([pdf('a.pdf')], { pageNumbers: '1' })).resolves.toEqual({ kind: 'nothing-found' });
      expect(state()).toEqual({ step: { name: 'idle' }, result: null, notice: 'No table on the chosen pages.' });
    });

    it('from a job too', async () => {
      sendAsJob.mockResolvedValueOnce(answer({ status: 204, contentType: '' }));
      const { machine, state } = machineFor(pdfToCsvTool);
      await expect(machine.run([sized('big.pdf', 20 * MB)], { pageNumbers: '1' })).resolves.toEqual({ kind: 'nothing-found' });
      expect(state().notice).toBe('No table on the chosen pages.');
    });

    it('is gone once the result is cleared (files changed) or the next run starts', async () => {
      send.mockResolvedValueOnce(answer({ status: 204, contentType: '' }));
      send.mockResolvedValueOnce(answer({ status: 204, contentType: '' }));
      send.mockResolvedValueOnce(answer({ contentType: 'text/csv' }));
      const { machine, state } = machineFor(pdfToCsvTool);
      await machine.run([pdf('a.pdf')], { pageNumbers: '1' });
      machine.clearResult();
      expect(state().notice).toBeNull();
      await machine.run([pdf('a.pdf')], { pageNumbers: '1' });
      expect(state().notice).not.toBeNull();
      await machine.run([pdf('a.pdf')], { pageNumbers: '1' });
      expect(state().notice).toBeNull();
      expect(state().result).not.toBeNull();
    });
  });

  describe('checks before uploading: a warning and no request', () => {
    async function expectRefused(machine: ToolRunMachine, files: File[], params: Record<string, unknown>, message: string) {
      await expect(machine.run(files, params)).resolves.toEqual({ kind: 'refused', message });
      expect(send).not.toHaveBeenCalled();
      expect(sendAsJob).not.toHaveBeenCalled();
      expect(machine.getState()).toEqual({ step: { name: 'idle' }, result: null, notice: null });
    }

    it('an empty file, even without the server’s limits', async () => {
      await expectRefused(machineFor(rotateTool).machine, [sized('a3.pdf', 0)], { angle: 90 }, 'a3.pdf is empty.');
    });

    it('a file over the server’s size limit', async () => {
      const { machine } = machineFor(rotateTool, { uploadLimits: async () => LIMITS });
      await expectRefused(machine, [sized('big.pdf', 3 * MB)], { angle: 90 }, 'big.pdf is 3 MB; each file may be at most 2 MB.');
    });

    it('more files than the server takes', async () => {
      const { machine } = machineFor(rotateTool, { uploadLimits: async () => LIMITS });
      const files = ['a', 'b', 'c', 'd'].map((n) => sized(`${n}.pdf`, 10));
      await expectRefused(machine, files, { angle: 90 }, 'At most 3 files can be sent at once.');
    });

    it('a page the PDF lacks, with the page count the page knows', async () => {
      const pageCount = jest.fn(async () => 3);
      await expectRefused(
        machineFor(splitTool, { pageCount }).machine,
        [sized('a3.pdf', 10)],
        { pageNumbers: '7' },
        'Page 7 is out of range: a3.pdf has 3 pages.',
      );
      expect(pageCount).toHaveBeenCalledTimes(1);
    });

    it('sends what passes', async () => {
      send.mockResolvedValueOnce(answer({ contentType: 'application/zip' }));
      const { machine } = machineFor(splitTool, { uploadLimits: async () => LIMITS, pageCount: async () => 3 });
      await expect(machine.run([sized('a3.pdf', MB)], { pageNumbers: '2' })).resolves.toMatchObject({ kind: 'succeeded' });
      expect(send).toHaveBeenCalledTimes(1);
    });
  });

  describe('a PDF that needs a password', () => {
    it('asks for it where the tool takes one, and retries with the answer', async () => {
      send.mockResolvedValueOnce(passwordAnswer());
      send.mockResolvedValueOnce(answer());
      const { machine, view, steps } = machineFor(removePasswordTool);
      const done = machine.run([pdf('payslip.pdf')], {});
      await settle(() => view().passwordQuestion !== null);
      expect(view()).toEqual({ busy: true, uploadProgress: null, job: null, passwordQuestion: { fileName: 'payslip.pdf', wrong: false } });

      machine.answerPassword('open-sesame');
      await expect(done).resolves.toEqual({ kind: 'succeeded', message: 'Password removed successfully!' });
      expect(view().passwordQuestion).toBeNull();
      expect(sentForm(send, 1)).toEqual([
        ['fileInput', 'file:payslip.pdf'],
        ['password', 'open-sesame'],
      ]);
      expect(stepNames(steps)).toEqual(['checking', 'uploading', 'asking-password', 'uploading', 'idle']);
    });

    it('retries a job as a job', async () => {
      sendAsJob.mockResolvedValueOnce(passwordAnswer());
      sendAsJob.mockResolvedValueOnce(answer());
      const { machine, view } = machineFor(removePasswordTool);
      const done = machine.run([sized('payslip.pdf', 20 * MB)], {});
      await settle(() => view().passwordQuestion !== null);
      machine.answerPassword('open-sesame');
      await expect(done).resolves.toMatchObject({ kind: 'succeeded' });
      expect(sendAsJob).toHaveBeenCalledTimes(2);
      expect(send).not.toHaveBeenCalled();
    });

    it('asks again after a wrong answer, and closing the prompt ends the run quietly', async () => {
      send.mockResolvedValueOnce(passwordAnswer());
      send.mockResolvedValueOnce(passwordAnswer());
      const { machine, view } = machineFor(removePasswordTool);
      const done = machine.run([pdf('payslip.pdf')], {});
      await settle(() => view().passwordQuestion !== null);
      machine.answerPassword('guess');
      await settle(() => view().passwordQuestion?.wrong === true);
      expect(view().passwordQuestion).toEqual({ fileName: 'payslip.pdf', wrong: true });

      machine.answerPassword(null);
      await expect(done).resolves.toEqual({ kind: 'stopped' });
      expect(send).toHaveBeenCalledTimes(2);
      expect(view()).toEqual({ busy: false, uploadProgress: null, job: null, passwordQuestion: null });
      expect(console.error).not.toHaveBeenCalled();
    });

    it('says a password typed in the tool’s own field is wrong, without asking', async () => {
      send.mockResolvedValueOnce(passwordAnswer());
      const { machine, steps } = machineFor(removePasswordTool);
      await expect(machine.run([pdf('payslip.pdf')], { password: 'guess' })).resolves.toEqual({
        kind: 'failed',
        note: { detail: 'That password does not open payslip.pdf.' },
      });
      expect(wrongPasswordDetail('payslip.pdf')).toBe('That password does not open payslip.pdf.');
      expect(stepNames(steps)).not.toContain('asking-password');
    });

    it('points to Remove PDF Password where the tool takes none', async () => {
      send.mockResolvedValueOnce(passwordAnswer());
      const { machine, steps } = machineFor(rotateTool);
      await expect(machine.run([pdf('payslip.pdf')], { angle: 90 })).resolves.toEqual({
        kind: 'failed',
        note: {
          detail: 'payslip.pdf is password-protected. Remove its password first with Remove PDF Password, then try again.',
          link: { text: 'Remove PDF Password', href: '/tools/security/remove-password' },
        },
      });
      expect(passwordProtectedDetail('payslip.pdf')).toBe(
        'payslip.pdf is password-protected. Remove its password first with Remove PDF Password, then try again.',
      );
      expect(stepNames(steps)).not.toContain('asking-password');
    });

    it('names the locked file among several as the server names it, and none when it does not', async () => {
      send.mockResolvedValueOnce(passwordAnswer('b.pdf'));
      const merged = await machineFor(mergeTool).machine.run([pdf('a.pdf'), pdf('b.pdf')], {
        removeCertSign: false,
        generateToc: false,
        sortType: 'orderProvided',
      });
      expect(merged).toMatchObject({ note: { detail: passwordProtectedDetail('b.pdf') } });

      send.mockResolvedValueOnce(passwordAnswer());
      const outcome = await machineFor(rotateTool).machine.run([pdf('a.pdf'), pdf('b.pdf')], { angle: 90 });
      expect(outcome).toMatchObject({ note: { detail: passwordProtectedDetail(null) } });
      expect(passwordProtectedDetail(null)).toBe('One of the PDFs is password-protected. Remove its password first with Remove PDF Password, then try again.');
    });
  });

  describe('cancel', () => {
    it('stops the request, says so on the page, and tells nothing else', async () => {
      const pending = pendingAnswer();
      const { machine, state } = machineFor(rotateTool);
      const done = machine.run([pdf('a.pdf')], { angle: 90 });
      await settle(() => send.mock.calls.length === 1);

      machine.cancel();
      expect(pending.signal().aborted).toBe(true);
      await expect(done).resolves.toEqual({ kind: 'stopped' });
      expect(state()).toEqual({ step: { name: 'idle' }, result: null, notice: 'Cancelled: nothing was kept on the server.' });
      expect(console.error).not.toHaveBeenCalled();
    });

    it('stops a job (job-run.ts then cancels it on the server)', async () => {
      const pending = pendingAnswer(sendAsJob);
      const { machine, state } = machineFor(compressTool);
      const done = machine.run([pdf('a.pdf')], { optimizeLevel: 2 });
      await settle(() => sendAsJob.mock.calls.length === 1);
      machine.cancel();
      expect(pending.signal().aborted).toBe(true);
      await expect(done).resolves.toEqual({ kind: 'stopped' });
      expect(state().step).toEqual({ name: 'idle' });
    });

    it('closes the password prompt', async () => {
      send.mockResolvedValueOnce(passwordAnswer());
      const { machine, view } = machineFor(removePasswordTool);
      const done = machine.run([pdf('payslip.pdf')], {});
      await settle(() => view().passwordQuestion !== null);
      machine.cancel();
      await expect(done).resolves.toEqual({ kind: 'stopped' });
      expect(view()).toEqual({ busy: false, uploadProgress: null, job: null, passwordQuestion: null });
      expect(send).toHaveBeenCalledTimes(1);
    });

    it('does nothing when no run is under way', async () => {
      send.mockResolvedValueOnce(answer());
      const { machine, state } = machineFor(rotateTool);
      await machine.run([pdf('a.pdf')], { angle: 90 });
      const before = state();
      machine.cancel();
      expect(state()).toBe(before);
    });

    it('is quiet when the page is left (stop)', async () => {
      const pending = pendingAnswer();
      const { machine, state } = machineFor(rotateTool);
      const done = machine.run([pdf('a.pdf')], { angle: 90 });
      await settle(() => send.mock.calls.length === 1);
      machine.stop();
      expect(pending.signal().aborted).toBe(true);
      await expect(done).resolves.toEqual({ kind: 'stopped' });
      expect(state()).toEqual({ step: { name: 'idle' }, result: null, notice: null });
    });
  });

  describe('a run replaced by another', () => {
    it('is stopped without a word and leaves the busy state to the new run', async () => {
      const first = pendingAnswer();
      const second = pendingAnswer();
      const { machine, view } = machineFor(rotateTool);

      const firstDone = machine.run([pdf('a.pdf')], { angle: 90 });
      await settle(() => send.mock.calls.length === 1);
      const secondDone = machine.run([pdf('b.pdf')], { angle: 180 });
      expect(first.signal().aborted).toBe(true);
      await expect(firstDone).resolves.toEqual({ kind: 'stopped' });
      expect(view().busy).toBe(true);

      await settle(() => send.mock.calls.length === 2);
      second.resolve(answer());
      await expect(secondDone).resolves.toEqual({ kind: 'succeeded', message: 'PDF rotated successfully!' });
      expect(view().busy).toBe(false);
      expect(console.error).not.toHaveBeenCalled();
    });

    it('sends nothing when replaced while its files are still being checked', async () => {
      send.mockResolvedValueOnce(answer());
      const { machine } = machineFor(rotateTool);
      const firstDone = machine.run([pdf('a.pdf')], { angle: 90 });
      const secondDone = machine.run([pdf('b.pdf')], { angle: 180 });
      await expect(firstDone).resolves.toEqual({ kind: 'stopped' });
      await expect(secondDone).resolves.toMatchObject({ kind: 'succeeded' });
      expect(send).toHaveBeenCalledTimes(1);
      expect(sentForm(send)).toContainEqual(['fileInput', 'file:b.pdf']);
    });
  });

  describe('its state, as the page reads it', () => {
    it('tells subscribers of each change and keeps the same state object between changes', async () => {
      send.mockResolvedValueOnce(answer());
      const { machine } = machineFor(rotateTool);
      const listener = jest.fn();
      const unsubscribe = machine.subscribe(listener);
      const idle = machine.getState();
      expect(machine.getState()).toBe(idle);
      await machine.run([pdf('a.pdf')], { angle: 90 });
      expect(listener).toHaveBeenCalled();
      expect(machine.getState()).not.toBe(idle);

      listener.mockClear();
      unsubscribe();
      machine.clearResult();
      expect(listener).not.toHaveBeenCalled();
      expect(machine.getState().result).toBeNull();
    });

    it.each<[string, ToolRunState['step'], ReturnType<typeof runView>]>([
      ['idle', { name: 'idle' }, { busy: false, uploadProgress: null, job: null, passwordQuestion: null }],
      ['checking', { name: 'checking' }, { busy: true, uploadProgress: 0, job: null, passwordQuestion: null }],
      ['uploading', { name: 'uploading', fraction: 0.25 }, { busy: true, uploadProgress: 0.25, job: null, passwordQuestion: null }],
      [
        'asking-password',
        { name: 'asking-password', fileName: null, wrong: true },
        { busy: true, uploadProgress: null, job: null, passwordQuestion: { fileName: null, wrong: true } },
      ],
    ])('%s', (_name, step, view) => {
      expect(runView({ step, result: null, notice: null })).toEqual(view);
    });
  });
});
