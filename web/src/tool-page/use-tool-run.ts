import { removePasswordTool, resolveResult, SHARED_TEXTS, toolPath, type AnyTool, type ResultKind } from '@folio/registry';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { REQUEST_ENHANCERS } from '../request-enhancers';
import { loadSiteConfig } from '../site-config/use-site-config';
import { useToast, type ToastExtras } from '../toast';
import { pdfPageCount } from './pdf-page-count';
import { filesOfRun, pagesProblem, uploadProblem, type PageCountLookup } from './pre-upload-checks';
import { fileNameFromContentDisposition, isBatchRun, resultFileName } from './result-file-name';
import { runJob, runsAsJob, type JobProgressView } from './job-run';
import { sendMultipart, type MultipartResponse } from './send-multipart';
import { needsPassword, readProblem, visitorDetail } from './server-problem';
import { toolFormData } from './tool-form-data';

export interface ToolResult {
  body: Blob;
  fileName: string;
  /**
   * How the page shows it: the tool's result kind, except that several files run
   * through a one-document tool come back as a ZIP, and a PDF is previewed only
   * when one came back.
   */
  kind: ResultKind;
  /** The response's headers, names in lower case, for a result view that reads them. */
  headers?: Readonly<Record<string, string>>;
}

/** The server needs the PDF's password: the page asks the visitor and answers here. */
export interface PasswordRequest {
  /** The file that needs it, where the run had one. e.g. 'payslip.pdf' */
  fileName: string | null;
  /** The password given in this prompt before did not open it. */
  wrong: boolean;
  /** The visitor's answer: the password to retry with, or null to give up. */
  answer(password: string | null): void;
}

export interface ToolRunOptions {
  /** Page counts of chosen PDFs, for the pages check before upload; read with pdf.js unless given. */
  pageCount?: PageCountLookup;
}

export interface ToolRun {
  busy: boolean;
  /** Share of the upload sent, 0 to 1, while busy; null when idle. */
  uploadProgress: number | null;
  /** Once a run sent as a job (`runsAsJob`) is uploaded: its place in the queue, then its progress; null otherwise. */
  job: JobProgressView | null;
  result: ToolResult | null;
  /** What the last run found to say instead of a result (nothing found), shown on the page. */
  notice: string | null;
  /** Set while the page should ask for the PDF's password (the tool declares `input.passwordField`). */
  passwordRequest: PasswordRequest | null;
  /**
   * Checks the files and options (emptiness, sizes and counts against the server's
   * limits, pages the PDFs lack), then sends them; resolves true on success.
   */
  run(files: readonly File[], params: Record<string, unknown>): Promise<boolean>;
  /** Stops the run under way (a job is cancelled on the server: its engines stop, its files go). */
  cancel(): void;
  clearResult(): void;
}

/** Said on the page after the visitor cancels a run. */
export const CANCELLED_NOTICE = 'Cancelled: nothing was kept on the server.';

/** Spec §8: one toast for every failure, the title and the body on two lines. */
export const FAILURE_MESSAGE = `${SHARED_TEXTS.errorToastTitle}\n${SHARED_TEXTS.errorToastBody}`;

function resultKind(tool: AnyTool, params: Record<string, unknown>, fileCount: number, response: MultipartResponse): ResultKind {
  if (isBatchRun(tool, fileCount)) return 'zip';
  const { kind } = resolveResult(tool, params);
  // Never preview as a PDF what is not one.
  if (kind === 'pdf' && !isPdfAnswer(response)) return 'download';
  return kind;
}

/** A PDF by its type, or bytes served under a .pdf name (the pipeline's single result is application/octet-stream, reference §7). */
function isPdfAnswer({ contentType, contentDisposition }: MultipartResponse): boolean {
  const type = contentType.toLowerCase();
  if (type.includes('application/pdf')) return true;
  return type.includes('application/octet-stream') && /\.pdf$/i.test(fileNameFromContentDisposition(contentDisposition) ?? '');
}

function toResult(tool: AnyTool, files: readonly File[], params: Record<string, unknown>, response: MultipartResponse): ToolResult {
  const kind = resultKind(tool, params, files.length, response);
  return {
    body: response.body,
    fileName: resultFileName(tool, files, response.contentDisposition, params, response.contentType),
    kind,
    ...(response.headers ? { headers: response.headers } : {}),
  };
}

/**
 * Why an answer is not a result, or null when it is one. 204 carries nothing to
 * show; a tool that lists `result.contentTypes` takes only those (spec §5: PDF to
 * CSV must answer text/csv, PDF to Image a ZIP).
 */
export function failureOf(tool: AnyTool, response: Pick<MultipartResponse, 'ok' | 'status' | 'contentType'>): string | null {
  if (!response.ok) return `answered ${response.status}`;
  if (response.status === 204) return 'answered 204 with nothing to show';
  const expected = tool.result.contentTypes;
  const type = response.contentType.toLowerCase();
  if (expected && !expected.some((t) => type.includes(t.toLowerCase()))) return `answered "${response.contentType}", not one of ${expected.join(', ')}`;
  return null;
}

/**
 * The success toast with its placeholder filled: `{FORMAT}` is the chosen
 * `outputFormat`, upper-cased (PDF to Text/RTF: 'PDF converted to RTF successfully!').
 */
export function successMessage(tool: AnyTool, params: Record<string, unknown>): string {
  const format = params.outputFormat;
  return tool.toast.success.replaceAll('{FORMAT}', format === undefined || format === null ? '' : String(format).toUpperCase());
}

/**
 * Said on the page when the tool answers 204 (PDF to CSV without a table): the
 * declaration's `result.noContentWhen` as a sentence.
 */
export function nothingFoundMessage(tool: AnyTool): string {
  const when = tool.result.noContentWhen?.trim();
  if (!when) return 'The tool found nothing to return for this file.';
  return `${when.charAt(0).toUpperCase()}${when.slice(1)}${/[.!?]$/.test(when) ? '' : '.'}`;
}

/** Where Remove PDF Password is, for a tool that cannot open a protected PDF. */
const REMOVE_PASSWORD_PATH = toolPath(removePasswordTool);

/** Under the error toast, when the PDF needs a password this tool cannot take. */
export function passwordProtectedDetail(fileName: string | null): string {
  return `${fileName ?? 'One of the PDFs'} is password-protected. Remove its password first with ${removePasswordTool.title}, then try again.`;
}

/** Under the error toast, when the password typed in the tool's own field does not open the PDF. */
export function wrongPasswordDetail(fileName: string | null): string {
  return `That password does not open ${fileName ?? 'the PDF'}.`;
}

/** Whether the option the tool opens uploads with (`input.passwordField`) holds a password. */
function passwordGiven(tool: AnyTool, params: Record<string, unknown>): boolean {
  const field = tool.input.passwordField;
  const value = field === undefined ? undefined : params[field];
  return typeof value === 'string' && value !== '';
}

/** Runs a tool against its endpoint: checks, request, progress, result, and what to tell the visitor. */
export function useToolRun(tool: AnyTool, { pageCount = pdfPageCount }: ToolRunOptions = {}): ToolRun {
  const toast = useToast();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [uploadProgress, setUploadProgress] = useState<number | null>(null);
  const [job, setJob] = useState<JobProgressView | null>(null);
  const [result, setResult] = useState<ToolResult | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [passwordRequest, setPasswordRequest] = useState<PasswordRequest | null>(null);
  const current = useRef<AbortController | null>(null);

  // Leaving the page, or closing the tab, cancels a run still under way (a job on the server too).
  useEffect(() => {
    const leave = () => current.current?.abort();
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, []);

  /** Shows the prompt and waits for the visitor; a cancelled run gives up the question too. */
  const askPassword = useCallback(
    (fileName: string | null, wrong: boolean, signal: AbortSignal) =>
      new Promise<string | null>((resolve) => {
        const finish = (password: string | null) => {
          signal.removeEventListener('abort', cancelled);
          setPasswordRequest(null);
          resolve(password);
        };
        const cancelled = () => finish(null);
        signal.addEventListener('abort', cancelled, { once: true });
        setPasswordRequest({ fileName, wrong, answer: finish });
      }),
    [],
  );

  const run = useCallback(
    async (files: readonly File[], params: Record<string, unknown>) => {
      current.current?.abort();
      const controller = new AbortController();
      current.current = controller;
      setResult(null);
      setNotice(null);
      setBusy(true);
      setUploadProgress(0);
      // What the error toast adds under its text, when the server names the visitor's problem.
      let failureExtras: ToastExtras | undefined;
      try {
        const refused = uploadProblem(tool, files, params, await loadSiteConfig()) ?? (await pagesProblem(tool, files, params, pageCount));
        if (controller.signal.aborted) return false;
        if (refused) {
          toast.warning(refused);
          return false;
        }
        const computed = tool.requestEnhancer ? await REQUEST_ENHANCERS[tool.requestEnhancer]({ files, params }) : {};
        let sent: Record<string, unknown> = { ...params, ...computed };
        const sentFiles = filesOfRun(tool, files, params);
        const fileName = sentFiles.length === 1 ? sentFiles[0]!.name : null;
        let asked = false;
        const asJob = runsAsJob(tool, sentFiles);
        for (;;) {
          setJob(null);
          setUploadProgress(0);
          const form = toolFormData(tool, files, sent);
          const sending = { signal: controller.signal, onUploadProgress: setUploadProgress };
          const response = asJob
            ? await runJob(tool.endpoint, form, {
                ...sending,
                onStatus: (status) => {
                  setUploadProgress(null);
                  setJob(status);
                },
              })
            : await sendMultipart(tool.endpoint, form, sending);
          setJob(null);
          if (response.status === 204) {
            setNotice(nothingFoundMessage(tool));
            return false;
          }
          const failure = failureOf(tool, response);
          if (!failure) {
            setResult(toResult(tool, files, params, response));
            toast.success(successMessage(tool, params));
            return true;
          }
          const problem = response.ok ? null : await readProblem(response.status, response.body, response.contentType);
          const passwordField = tool.input.passwordField;
          if (problem && needsPassword(problem)) {
            // A password typed in the tool's own field is the visitor's answer: say it is wrong rather than ask again.
            if (passwordField !== undefined && (asked || !passwordGiven(tool, sent))) {
              setUploadProgress(null);
              const password = await askPassword(fileName, asked, controller.signal);
              if (password === null) return false;
              sent = { ...sent, [passwordField]: password };
              asked = true;
              continue;
            }
            failureExtras =
              passwordField !== undefined
                ? { detail: wrongPasswordDetail(fileName) }
                : {
                    detail: passwordProtectedDetail(fileName),
                    link: { text: removePasswordTool.title, href: REMOVE_PASSWORD_PATH, follow: () => navigate(REMOVE_PASSWORD_PATH) },
                  };
          } else if (problem) {
            const detail = visitorDetail(problem);
            if (detail) failureExtras = { detail };
          }
          throw new Error(`POST ${tool.endpoint} ${failure}.`);
        }
      } catch (error) {
        if (!controller.signal.aborted) {
          console.error(`Tool "${tool.id}" failed:`, error);
          if (failureExtras) toast.error(FAILURE_MESSAGE, failureExtras);
          else toast.error(FAILURE_MESSAGE);
        }
        return false;
      } finally {
        if (current.current === controller) {
          current.current = null;
          setBusy(false);
          setUploadProgress(null);
          setJob(null);
        }
      }
    },
    [tool, toast, navigate, pageCount, askPassword],
  );

  const cancel = useCallback(() => {
    const running = current.current;
    if (!running) return;
    running.abort();
    setNotice(CANCELLED_NOTICE);
  }, []);

  const clearResult = useCallback(() => {
    setResult(null);
    setNotice(null);
  }, []);

  return { busy, uploadProgress, job, result, notice, passwordRequest, run, cancel, clearResult };
}
