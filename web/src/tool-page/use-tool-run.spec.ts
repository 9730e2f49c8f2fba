import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import {
  defaultsOf,
  emailToPdfTool,
  mergeTool,
  pdfToCsvTool,
  pdfToHtmlTool,
  pdfToImageTool,
  pdfToRtfTool,
  pdfToWordTool,
  removePasswordTool,
  rotateTool,
  splitTool,
  tools,
  type AnyTool,
} from '@folio/registry';
import { NetworkError, sendMultipart, type MultipartResponse } from './send-multipart';
import {
  failureOf,
  FAILURE_MESSAGE,
  nothingFoundMessage,
  passwordProtectedDetail,
  successMessage,
  useToolRun,
  wrongPasswordDetail,
  type ToolRun,
  type ToolRunOptions,
} from './use-tool-run';

// ---------------------------------------------------------------------------
// A stand-in for React's hook runtime, enough to run useToolRun without a DOM or
// a renderer: state and refs live in slots in call order, as React keeps them;
// effects never run (nothing unmounts here); `render()` calls the hook again to
// read the latest state. Only the request is faked (sendMultipart) and the toasts.

const mockHost = { slots: [] as unknown[], cursor: 0 };

function mockSlot<T>(create: () => T): [T, number] {
  const index = mockHost.cursor++;
  if (!(index in mockHost.slots)) mockHost.slots[index] = create();
  return [mockHost.slots[index] as T, index];
}

function mockUseState<T>(initial: T | (() => T)): [T, (next: T | ((previous: T) => T)) => void] {
  const [value, index] = mockSlot(() => (typeof initial === 'function' ? (initial as () => T)() : initial));
  const set = (next: T | ((previous: T) => T)) => {
    mockHost.slots[index] = typeof next === 'function' ? (next as (previous: T) => T)(mockHost.slots[index] as T) : next;
  };
  return [value, set];
}

jest.mock('react', () => ({
  ...jest.requireActual<object>('react'),
  useState: mockUseState,
  useRef: <T>(initial: T) => mockSlot(() => ({ current: initial }))[0],
  useMemo: <T>(create: () => T) => mockSlot(create)[0],
  useCallback: <T>(callback: T) => callback,
  useEffect: () => undefined,
}));

const mockToast = { success: jest.fn(), warning: jest.fn(), error: jest.fn(), dismiss: jest.fn() };
jest.mock('../toast', () => ({ useToast: () => mockToast }));

const mockNavigate = jest.fn();
jest.mock('react-router-dom', () => ({ useNavigate: () => mockNavigate }));

/** The server's limits as /api/v1/site-config serves them; null when it could not be had. */
const mockSiteConfig: { current: object | null } = { current: null };
jest.mock('../site-config/use-site-config', () => ({ loadSiteConfig: async () => mockSiteConfig.current }));

// pdf.js has no place in these tests: page counts come from each test's lookup.
jest.mock('./pdf-page-count', () => ({ pdfPageCount: async () => null }));

jest.mock('./send-multipart', () => ({
  ...jest.requireActual<object>('./send-multipart'),
  sendMultipart: jest.fn(),
}));
const send = jest.mocked(sendMultipart);

/** Mounts the hook; call the result to re-render and read the current state. */
function mount(tool: AnyTool, options: ToolRunOptions = {}): () => ToolRun {
  mockHost.slots = [];
  const render = () => {
    mockHost.cursor = 0;
    return useToolRun(tool, options);
  };
  render();
  return render;
}

// ---------------------------------------------------------------------------

const pdf = (name: string) => new File(['%PDF-1.7'], name, { type: 'application/pdf' });

/** The server's header (server/src/tool-routing/content-disposition.ts). */
const served = (encodedName: string) => `form-data; name="attachment"; filename="${encodedName}"`;

function answer(overrides: Partial<MultipartResponse> = {}): MultipartResponse {
  return { ok: true, status: 200, body: new Blob(['%PDF-1.7']), contentType: 'application/pdf', contentDisposition: null, ...overrides };
}

/** The form the hook sent in its nth request, as [name, value] pairs. */
function sentForm(call = 0): [string, string][] {
  const form = send.mock.calls[call]![1];
  return [...form.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : `file:${value.name}`]);
}

/** A response that arrives when the test says so, or fails the way XHR does when aborted. */
function pendingAnswer() {
  let resolve!: (response: MultipartResponse) => void;
  let signal!: AbortSignal;
  let onUploadProgress!: (fraction: number) => void;
  send.mockImplementationOnce((url, _form, options) => {
    ({ signal, onUploadProgress } = options);
    return new Promise((ok, fail) => {
      resolve = ok;
      signal.addEventListener('abort', () => fail(new NetworkError(`POST ${url} was cancelled.`)));
    });
  });
  return { resolve: (response: MultipartResponse) => resolve(response), signal: () => signal, progress: (f: number) => onUploadProgress(f) };
}

/** Lets runs reach their next await (the checks before a request are asynchronous). */
async function settle(condition: () => boolean) {
  for (let i = 0; i < 100 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

beforeEach(() => {
  send.mockReset();
  mockNavigate.mockReset();
  mockSiteConfig.current = null;
  for (const fn of Object.values(mockToast)) fn.mockReset();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.restoreAllMocks();
});

// ---------------------------------------------------------------------------

describe('FAILURE_MESSAGE', () => {
  it('is spec §8’s error toast: title, a line break, body', () => {
    expect(FAILURE_MESSAGE).toBe('Oops! Something went wrong.\nWe’re experiencing a temporary issue. Our team is on it; please try again shortly.');
  });
});

describe('failureOf', () => {
  it('accepts a 2xx answer of any type from a tool that lists none', () => {
    expect(failureOf(rotateTool, { ok: true, status: 200, contentType: 'application/pdf' })).toBeNull();
    expect(failureOf(pdfToWordTool, { ok: true, status: 200, contentType: 'application/octet-stream' })).toBeNull();
  });

  it('refuses a non-OK answer, naming the status', () => {
    expect(failureOf(rotateTool, { ok: false, status: 400, contentType: 'application/json' })).toBe('answered 400');
    expect(failureOf(rotateTool, { ok: false, status: 500, contentType: 'text/html' })).toBe('answered 500');
  });

  it('refuses 204, which has nothing to show (PDF to CSV without a table)', () => {
    expect(failureOf(pdfToCsvTool, { ok: true, status: 204, contentType: '' })).toBe('answered 204 with nothing to show');
  });

  it('refuses a content type the tool does not list (spec §5: PDF to CSV must answer text/csv)', () => {
    expect(failureOf(pdfToCsvTool, { ok: true, status: 200, contentType: 'text/csv; charset=utf-8' })).toBeNull();
    expect(failureOf(pdfToCsvTool, { ok: true, status: 200, contentType: 'TEXT/CSV' })).toBeNull();
    expect(failureOf(pdfToCsvTool, { ok: true, status: 200, contentType: 'text/html' })).toBe('answered "text/html", not one of text/csv');
  });

  it('takes a ZIP, or one image, from PDF to Image and nothing else', () => {
    for (const type of ['application/zip', 'application/octet-stream', 'image/png']) {
      expect(failureOf(pdfToImageTool, { ok: true, status: 200, contentType: type })).toBeNull();
    }
    expect(failureOf(pdfToImageTool, { ok: true, status: 200, contentType: 'application/json' })).toBe(
      'answered "application/json", not one of application/zip, application/octet-stream, image/',
    );
  });
});

describe('successMessage', () => {
  // Spec §8's success toasts, by tool id; Text/RTF's {FORMAT} is its default, txt.
  const SPEC_TOASTS: Record<string, string> = {
    'crop-pdf': 'PDF cropped successfully! Preview below or download the file.',
    'adjust-page-size': 'PDF adjusted successfully! Preview below or download the file.',
    'multi-page-layout': 'PDF processed successfully! Preview below or download the file.',
    'extract-page': 'Pages extracted successfully! Preview below or download the file.',
    merge: 'PDFs merged successfully! Preview below or download the file.',
    organise: 'PDF rearranged successfully!',
    'single-large-page': 'PDF converted to single large page successfully!',
    remove: 'Pages removed successfully!',
    rotate: 'PDF rotated successfully!',
    split: 'PDF split successfully!',
    'file-to-pdf': 'File converted to PDF successfully!',
    'email-to-pdf': 'Email converted successfully!',
    'html-to-pdf': 'HTML converted to PDF successfully!',
    'markdown-to-pdf': 'Markdown converted to PDF successfully!',
    'image-to-pdf': 'Images converted to PDF successfully!',
    'pdf-to-image': 'PDF converted to images and zipped successfully!',
    'pdf-to-word': 'PDF converted to Word document successfully!',
    'pdf-to-csv': 'PDF converted to CSV successfully!',
    'pdf-to-html': 'PDF converted to HTML successfully!',
    'pdf-to-markdown': 'PDF converted to Markdown successfully!',
    'pdf-to-pdfa': 'PDF converted to PDF/A successfully!',
    'pdf-to-presentation': 'PDF converted to presentation successfully!',
    'pdf-to-rtf': 'PDF converted to TXT successfully!',
    'pdf-to-xml': 'PDF converted to XML successfully!',
  };

  it.each(Object.entries(SPEC_TOASTS))('%s: the spec’s text with the form’s defaults', (id, text) => {
    const tool = tools.find((candidate) => candidate.id === id);
    expect(tool).toBeDefined();
    expect(successMessage(tool!, defaultsOf(tool!))).toBe(text);
  });

  it('fills {FORMAT} with the chosen output format in capitals (PDF to Text/RTF)', () => {
    expect(pdfToRtfTool.toast.success).toBe('PDF converted to {FORMAT} successfully!');
    expect(successMessage(pdfToRtfTool, { outputFormat: 'rtf' })).toBe('PDF converted to RTF successfully!');
    expect(successMessage(pdfToRtfTool, { outputFormat: 'txt' })).toBe('PDF converted to TXT successfully!');
  });

  it('leaves a toast without the placeholder as declared, whatever the format', () => {
    expect(successMessage(pdfToWordTool, { outputFormat: 'odt' })).toBe('PDF converted to Word document successfully!');
  });
});

// ---------------------------------------------------------------------------

describe('useToolRun', () => {
  describe('success', () => {
    it('posts the files and options to the endpoint, shows the result and the success toast (Rotate)', async () => {
      send.mockResolvedValueOnce(answer({ contentDisposition: served('report_rotated.pdf') }));
      const runner = mount(rotateTool);

      await expect(runner().run([pdf('report.pdf')], { angle: 180 })).resolves.toBe(true);

      expect(send).toHaveBeenCalledTimes(1);
      expect(send.mock.calls[0]![0]).toBe('/api/v1/general/rotate-pdf');
      expect(sentForm()).toEqual([
        ['fileInput', 'file:report.pdf'],
        ['angle', '180'],
      ]);
      expect(runner().result).toEqual({ body: expect.any(Blob), fileName: 'rotated.pdf', kind: 'pdf' });
      expect(mockToast.success.mock.calls).toEqual([['PDF rotated successfully!']]);
      expect(mockToast.error).not.toHaveBeenCalled();
      expect(runner().busy).toBe(false);
      expect(runner().uploadProgress).toBeNull();
    });

    it('is busy, with upload progress, until the answer arrives', async () => {
      const pending = pendingAnswer();
      const runner = mount(rotateTool);

      const done = runner().run([pdf('a.pdf')], { angle: 90 });
      expect(runner().busy).toBe(true);
      await settle(() => send.mock.calls.length === 1);
      expect(runner().uploadProgress).toBe(0);
      pending.progress(0.5);
      expect(runner().uploadProgress).toBe(0.5);

      pending.resolve(answer());
      await expect(done).resolves.toBe(true);
      expect(runner().busy).toBe(false);
      expect(runner().uploadProgress).toBeNull();
    });

    it('offers several files through a one-document tool as a ZIP', async () => {
      send.mockResolvedValueOnce(answer({ contentType: 'application/octet-stream' }));
      const runner = mount(rotateTool);
      await runner().run([pdf('a.pdf'), pdf('b.pdf')], { angle: 90 });
      expect(runner().result).toMatchObject({ fileName: 'rotated.zip', kind: 'zip' });
    });

    it('keeps a combining tool’s answer as one document (Merge)', async () => {
      send.mockResolvedValueOnce(answer());
      const runner = mount(mergeTool);
      await runner().run([pdf('a.pdf'), pdf('b.pdf')], { removeCertSign: false, generateToc: false, sortType: 'orderProvided' });
      expect(runner().result).toMatchObject({ fileName: 'merged.pdf', kind: 'pdf' });
      expect(mockToast.success).toHaveBeenCalledWith('PDFs merged successfully! Preview below or download the file.');
    });

    it('never previews as a PDF what is not one', async () => {
      send.mockResolvedValueOnce(answer({ contentType: 'application/octet-stream' }));
      const runner = mount(rotateTool);
      await runner().run([pdf('a.pdf')], { angle: 90 });
      expect(runner().result).toMatchObject({ fileName: 'rotated.pdf', kind: 'download' });
    });

    // The pipeline answers a single file as application/octet-stream under its name (reference §7).
    it('previews bytes served under a .pdf name as a PDF', async () => {
      send.mockResolvedValueOnce(answer({ contentType: 'application/octet-stream', contentDisposition: served('report_rotated.pdf') }));
      const runner = mount(rotateTool);
      await runner().run([pdf('report.pdf')], { angle: 90 });
      expect(runner().result).toMatchObject({ kind: 'pdf' });
    });

    it('downloads bytes served under another name, even where a PDF was declared', async () => {
      send.mockResolvedValueOnce(answer({ contentType: 'application/octet-stream', contentDisposition: served('report.docx') }));
      const runner = mount(rotateTool);
      await runner().run([pdf('report.pdf')], { angle: 90 });
      expect(runner().result).toMatchObject({ kind: 'download' });
    });

    it('saves Email to PDF’s HTML intermediate as HTML, for download', async () => {
      send.mockResolvedValueOnce(answer({ contentType: 'text/html; charset=utf-8', contentDisposition: served('mail.eml.html') }));
      const runner = mount(emailToPdfTool);
      await runner().run([new File(['x'], 'mail.eml')], { downloadHtml: true, includeAttachments: true, maxAttachmentSize: 10 });
      expect(runner().result).toMatchObject({ fileName: 'mail.html', kind: 'download' });
      expect(mockToast.success).toHaveBeenCalledWith('Email converted successfully!');
    });

    it('names the format in the toast and takes the served name (PDF to Text/RTF)', async () => {
      send.mockResolvedValueOnce(answer({ contentType: 'application/octet-stream', contentDisposition: served('report.rtf') }));
      const runner = mount(pdfToRtfTool);
      await runner().run([pdf('report.pdf')], { outputFormat: 'rtf' });
      expect(runner().result).toMatchObject({ fileName: 'report.rtf', kind: 'download' });
      expect(mockToast.success.mock.calls).toEqual([['PDF converted to RTF successfully!']]);
    });

    it('adds the request enhancer’s values to what is sent (PDF to HTML asks for one file)', async () => {
      send.mockResolvedValueOnce(answer({ contentType: 'text/html; charset=utf-8' }));
      const runner = mount(pdfToHtmlTool);
      await runner().run([pdf('report.pdf')], { singleFile: false });
      expect(sentForm()).toEqual([
        ['fileInput', 'file:report.pdf'],
        ['singleFile', 'true'],
      ]);
      expect(runner().result).toMatchObject({ fileName: 'report.html', kind: 'html' });
    });
  });

  describe('failure: one toast, spec §8’s text, for every kind of failure', () => {
    async function expectFailure(tool: AnyTool, files: File[], params: Record<string, unknown>) {
      const runner = mount(tool);
      await expect(runner().run(files, params)).resolves.toBe(false);
      expect(mockToast.error.mock.calls).toEqual([[FAILURE_MESSAGE]]);
      expect(mockToast.success).not.toHaveBeenCalled();
      expect(runner().result).toBeNull();
      expect(runner().busy).toBe(false);
      expect(runner().uploadProgress).toBeNull();
    }

    it.each([400, 413, 500, 503])('an error answer (%i)', async (status) => {
      send.mockResolvedValueOnce(answer({ ok: false, status, contentType: 'application/json' }));
      await expectFailure(rotateTool, [pdf('a.pdf')], { angle: 90 });
    });

    it('a network failure', async () => {
      send.mockRejectedValueOnce(new NetworkError('POST /api/v1/general/rotate-pdf failed before a response arrived.'));
      await expectFailure(rotateTool, [pdf('a.pdf')], { angle: 90 });
    });

    it('a wrong content type (PDF to CSV answering HTML)', async () => {
      send.mockResolvedValueOnce(answer({ contentType: 'text/html' }));
      await expectFailure(pdfToCsvTool, [pdf('a.pdf')], { pageNumbers: '1' });
    });

    it('a wrong content type (PDF to Image answering JSON)', async () => {
      send.mockResolvedValueOnce(answer({ contentType: 'application/json' }));
      await expectFailure(pdfToImageTool, [pdf('a.pdf')], { imageFormat: 'png' });
    });


    it('logs why, naming the tool', async () => {
      send.mockResolvedValueOnce(answer({ ok: false, status: 500 }));
      await mount(rotateTool)().run([pdf('a.pdf')], { angle: 90 });
      expect(console.error).toHaveBeenCalledWith('Tool "rotate" failed:', new Error('POST /api/v1/general/rotate-pdf answered 500.'));
    });

    it('clears the previous result when the next run starts', async () => {
      send.mockResolvedValueOnce(answer());
      send.mockResolvedValueOnce(answer({ ok: false, status: 500 }));
      const runner = mount(rotateTool);
      await runner().run([pdf('a.pdf')], { angle: 90 });
      expect(runner().result).not.toBeNull();
      await runner().run([pdf('a.pdf')], { angle: 90 });
      expect(runner().result).toBeNull();
    });
  });

  describe('a run replaced by another', () => {
    it('is cancelled without a toast and leaves the busy state to the new run', async () => {
      const first = pendingAnswer();
      const second = pendingAnswer();
      const runner = mount(rotateTool);

      const firstDone = runner().run([pdf('a.pdf')], { angle: 90 });
      await settle(() => send.mock.calls.length === 1);
      const secondDone = runner().run([pdf('b.pdf')], { angle: 180 });
      expect(first.signal().aborted).toBe(true);
      await expect(firstDone).resolves.toBe(false);
      expect(mockToast.error).not.toHaveBeenCalled();
      expect(runner().busy).toBe(true);

      await settle(() => send.mock.calls.length === 2);
      second.resolve(answer());
      await expect(secondDone).resolves.toBe(true);
      expect(mockToast.success.mock.calls).toEqual([['PDF rotated successfully!']]);
      expect(runner().busy).toBe(false);
    });

    it('sends nothing when replaced while its files are still being checked', async () => {
      send.mockResolvedValueOnce(answer());
      const runner = mount(rotateTool);
      const firstDone = runner().run([pdf('a.pdf')], { angle: 90 });
      const secondDone = runner().run([pdf('b.pdf')], { angle: 180 });
      await expect(firstDone).resolves.toBe(false);
      await expect(secondDone).resolves.toBe(true);
      expect(send).toHaveBeenCalledTimes(1);
      expect(sentForm()).toContainEqual(['fileInput', 'file:b.pdf']);
    });
  });

  describe('the server’s detail under the error toast', () => {
    /** An error answer as the server sends it (server/src/http/api-error.ts problemBody). */
    const problemAnswer = (status: number, body: object) =>
      answer({ ok: false, status, contentType: 'application/problem+json', body: new Blob([JSON.stringify(body)]) });

    it('shows a 4xx’s detail about the visitor’s input under the standard text', async () => {
      const detail = 'Page 7 is out of range: "a3.pdf" has 3 pages.';
      send.mockResolvedValueOnce(problemAnswer(400, { type: '/errors/invalid-argument', status: 400, detail, error: detail }));
      await expect(mount(rotateTool)().run([pdf('a3.pdf')], { angle: 90 })).resolves.toBe(false);
      expect(mockToast.error.mock.calls).toEqual([[FAILURE_MESSAGE, { detail }]]);
    });

    it('shows the size limit of a 413', async () => {
      const detail = 'Each file may be at most 100 MB.';
      send.mockResolvedValueOnce(problemAnswer(413, { type: '/errors/file-too-large', status: 413, detail }));
      await mount(rotateTool)().run([pdf('a.pdf')], { angle: 90 });
      expect(mockToast.error.mock.calls).toEqual([[FAILURE_MESSAGE, { detail }]]);
    });

    it.each([
      ['a 500 (the server’s own failure)', 500, { status: 500, error: 'Job failed: the file could not be processed.', detail: 'The file could not be processed.' }],
      ['a 429 (busy)', 429, { type: '/errors/too-many-requests', status: 429, detail: 'The server is busy right now; please try again in a few seconds.' }],
      ['a malformed request (the page’s doing)', 400, { type: '/errors/malformed-request', status: 400, detail: 'Unexpected field' }],
    ])('keeps the standard text alone for %s', async (_label, status, body) => {
      send.mockResolvedValueOnce(problemAnswer(status, body));
      await mount(rotateTool)().run([pdf('a.pdf')], { angle: 90 });
      expect(mockToast.error.mock.calls).toEqual([[FAILURE_MESSAGE]]);
    });
  });

  describe('nothing found (204)', () => {
    it('says so on the page, from the declaration, without a toast', async () => {
      send.mockResolvedValueOnce(answer({ status: 204, contentType: '' }));
      const runner = mount(pdfToCsvTool);
      await expect(runner().run([pdf('a.pdf')], { pageNumbers: '1' })).resolves.toBe(false);
      expect(runner().notice).toBe('No table on the chosen pages.');
      expect(runner().result).toBeNull();
      expect(runner().busy).toBe(false);
      expect(mockToast.error).not.toHaveBeenCalled();
      expect(mockToast.success).not.toHaveBeenCalled();
    });

    it('is gone once files change or the next run starts', async () => {
      send.mockResolvedValueOnce(answer({ status: 204, contentType: '' }));
      send.mockResolvedValueOnce(answer({ status: 204, contentType: '' }));
      send.mockResolvedValueOnce(answer({ contentType: 'text/csv' }));
      const runner = mount(pdfToCsvTool);
      await runner().run([pdf('a.pdf')], { pageNumbers: '1' });
      runner().clearResult();
      expect(runner().notice).toBeNull();
      await runner().run([pdf('a.pdf')], { pageNumbers: '1' });
      expect(runner().notice).not.toBeNull();
      await runner().run([pdf('a.pdf')], { pageNumbers: '1' });
      expect(runner().notice).toBeNull();
    });

    it('words an undeclared case plainly', () => {
      expect(nothingFoundMessage(rotateTool)).toBe('The tool found nothing to return for this file.');
    });
  });

  describe('checks before uploading: a warning and no request', () => {
    const MB = 1024 * 1024;
    const limits = { contactEmail: 'a@b.c', governingLaw: 'x', maxUploadBytes: 2 * MB, maxRequestBytes: 5 * MB, maxFiles: 3 };
    const sized = (name: string, bytes: number) => new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });

    async function expectRefused(runner: () => ToolRun, files: File[], params: Record<string, unknown>, message: string) {
      await expect(runner().run(files, params)).resolves.toBe(false);
      expect(send).not.toHaveBeenCalled();
      expect(mockToast.warning.mock.calls).toEqual([[message]]);
      expect(mockToast.error).not.toHaveBeenCalled();
      expect(runner().busy).toBe(false);
    }

    it('an empty file, even without the server’s limits', async () => {
      await expectRefused(mount(rotateTool), [sized('a3.pdf', 0)], { angle: 90 }, 'a3.pdf is empty.');
    });

    it('a file over the server’s size limit', async () => {
      mockSiteConfig.current = limits;
      await expectRefused(mount(rotateTool), [sized('big.pdf', 3 * MB)], { angle: 90 }, 'big.pdf is 3 MB; each file may be at most 2 MB.');
    });

    it('more files than the server takes', async () => {
      mockSiteConfig.current = limits;
      const files = ['a', 'b', 'c', 'd'].map((n) => sized(`${n}.pdf`, 10));
      await expectRefused(mount(rotateTool), files, { angle: 90 }, 'At most 3 files can be sent at once.');
    });

    it('a page the PDF lacks, with the page count the page knows', async () => {
      const pageCount = jest.fn(async () => 3);
      await expectRefused(mount(splitTool, { pageCount }), [sized('a3.pdf', 10)], { pageNumbers: '7' }, 'Page 7 is out of range: a3.pdf has 3 pages.');
      expect(pageCount).toHaveBeenCalledTimes(1);
    });

    it('sends what passes', async () => {
      mockSiteConfig.current = limits;
      send.mockResolvedValueOnce(answer({ contentType: 'application/zip' }));
      const runner = mount(splitTool, { pageCount: async () => 3 });
      await expect(runner().run([sized('a3.pdf', MB)], { pageNumbers: '2' })).resolves.toBe(true);
      expect(send).toHaveBeenCalledTimes(1);
      expect(mockToast.warning).not.toHaveBeenCalled();
    });
  });

  describe('a PDF that needs a password', () => {
    const passwordAnswer = () =>
      answer({
        ok: false,
        status: 400,
        contentType: 'application/problem+json',
        body: new Blob([
          JSON.stringify({
            type: '/errors/pdf-password',
            status: 400,
            errorCode: 'E004',
            detail: 'The PDF Document is passworded and either the password was not provided or was incorrect',
          }),
        ]),
      });

    it('asks for it where the tool takes one, and retries with the answer', async () => {
      send.mockResolvedValueOnce(passwordAnswer());
      send.mockResolvedValueOnce(answer());
      const runner = mount(removePasswordTool);
      const done = runner().run([pdf('payslip.pdf')], {});
      await settle(() => runner().passwordRequest !== null);
      expect(runner().passwordRequest).toMatchObject({ fileName: 'payslip.pdf', wrong: false });
      expect(runner().busy).toBe(true);

      runner().passwordRequest!.answer('open-sesame');
      await expect(done).resolves.toBe(true);
      expect(runner().passwordRequest).toBeNull();
      expect(sentForm(1)).toEqual([
        ['fileInput', 'file:payslip.pdf'],
        ['password', 'open-sesame'],
      ]);
      expect(mockToast.success).toHaveBeenCalledTimes(1);
      expect(mockToast.error).not.toHaveBeenCalled();
    });

    it('asks again after a wrong answer, and a cancel ends the run quietly', async () => {
      send.mockResolvedValueOnce(passwordAnswer());
      send.mockResolvedValueOnce(passwordAnswer());
      const runner = mount(removePasswordTool);
      const done = runner().run([pdf('payslip.pdf')], {});
      await settle(() => runner().passwordRequest !== null);
      runner().passwordRequest!.answer('guess');
      await settle(() => runner().passwordRequest?.wrong === true);
      expect(runner().passwordRequest).toMatchObject({ wrong: true });

      runner().passwordRequest!.answer(null);
      await expect(done).resolves.toBe(false);
      expect(send).toHaveBeenCalledTimes(2);
      expect(mockToast.error).not.toHaveBeenCalled();
      expect(runner().busy).toBe(false);
      expect(runner().passwordRequest).toBeNull();
    });

    it('says a password typed in the tool’s own field is wrong, without asking', async () => {
      send.mockResolvedValueOnce(passwordAnswer());
      const runner = mount(removePasswordTool);
      await expect(runner().run([pdf('payslip.pdf')], { password: 'guess' })).resolves.toBe(false);
      expect(runner().passwordRequest).toBeNull();
      expect(mockToast.error.mock.calls).toEqual([[FAILURE_MESSAGE, { detail: wrongPasswordDetail('payslip.pdf') }]]);
      expect(wrongPasswordDetail('payslip.pdf')).toBe('That password does not open payslip.pdf.');
    });

    it('points to Remove PDF Password where the tool takes none', async () => {
      send.mockResolvedValueOnce(passwordAnswer());
      const runner = mount(rotateTool);
      await expect(runner().run([pdf('payslip.pdf')], { angle: 90 })).resolves.toBe(false);
      expect(runner().passwordRequest).toBeNull();
      const [[message, extras]] = mockToast.error.mock.calls as [[string, { detail: string; link: { text: string; href: string; follow(): void } }]];
      expect(message).toBe(FAILURE_MESSAGE);
      expect(extras.detail).toBe('payslip.pdf is password-protected. Remove its password first with Remove PDF Password, then try again.');
      expect(extras.detail).toBe(passwordProtectedDetail('payslip.pdf'));
      expect(extras.link).toMatchObject({ text: 'Remove PDF Password', href: '/tools/security/remove-password' });
      extras.link.follow();
      expect(mockNavigate).toHaveBeenCalledWith('/tools/security/remove-password');
    });
  });

  it('clearResult drops the result', async () => {
    send.mockResolvedValueOnce(answer());
    const runner = mount(rotateTool);
    await runner().run([pdf('a.pdf')], { angle: 90 });
    runner().clearResult();
    expect(runner().result).toBeNull();
  });
});
