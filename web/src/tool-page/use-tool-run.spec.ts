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
  rotateTool,
  tools,
  type AnyTool,
} from '@folio/registry';
import { NetworkError, sendMultipart, type MultipartResponse } from './send-multipart';
import { failureOf, FAILURE_MESSAGE, successMessage, useToolRun, type ToolRun } from './use-tool-run';

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

jest.mock('./send-multipart', () => ({
  ...jest.requireActual<object>('./send-multipart'),
  sendMultipart: jest.fn(),
}));
const send = jest.mocked(sendMultipart);

/** Mounts the hook; call the result to re-render and read the current state. */
function mount(tool: AnyTool): () => ToolRun {
  mockHost.slots = [];
  const render = () => {
    mockHost.cursor = 0;
    return useToolRun(tool);
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

beforeEach(() => {
  send.mockReset();
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

    it('an empty answer (204)', async () => {
      send.mockResolvedValueOnce(answer({ status: 204, contentType: '' }));
      await expectFailure(pdfToCsvTool, [pdf('a.pdf')], { pageNumbers: '1' });
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
      const secondDone = runner().run([pdf('b.pdf')], { angle: 180 });
      expect(first.signal().aborted).toBe(true);
      await expect(firstDone).resolves.toBe(false);
      expect(mockToast.error).not.toHaveBeenCalled();
      expect(runner().busy).toBe(true);

      second.resolve(answer());
      await expect(secondDone).resolves.toBe(true);
      expect(mockToast.success.mock.calls).toEqual([['PDF rotated successfully!']]);
      expect(runner().busy).toBe(false);
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
