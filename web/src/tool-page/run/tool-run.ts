import { JOB_THRESHOLD_BYTES, OUTCOME_HEADER, outcomeKeepsResult, outcomeNotice, type AnyTool, type JobStatus, type RequestEnhancerKey } from '@folio/registry';
import type { RequestEnhancer } from '../../request-enhancers/request-enhancer';
import type { UploadLimits } from '../../site-config/use-site-config';
import type { ToolResult } from '../result/tool-result';
import type { JobRunOptions } from './job-run';
import { filesOfRun, pagesProblem, uploadProblem, type PageCountLookup } from './pre-upload-checks';
import { failureOf, resultOf } from './read-answer';
import { cancelledNotice, nothingFoundMessage, passwordProtectedNote, successMessage, wrongPasswordDetail, type FailureNote } from './run-messages';
import type { MultipartResponse, SendOptions } from './send-multipart';
import { problemText } from './problem-text';
import { needsPassword, readProblem } from './server-problem';
import { toolFormData } from './tool-form-data';

/**
 * One tool run, from the click to what the page shows and says, as a small
 * state machine free of React: checks before upload, the request (direct or as
 * a job), progress, the password retry, cancel, and the outcome. The browser's
 * pieces (requests, site config, pdf.js) come in as ports; `use-tool-run.ts`
 * wires it into the page and turns outcomes into toasts.
 */

/** Where a run stands; each step is what the page shows while it lasts. */
export type RunStep =
  | { name: 'idle' }
  /** Checking the files before upload (`pre-upload-checks.ts`) and computing the request enhancer's values. */
  | { name: 'checking' }
  /** Sending the request: the share of the upload sent, 0 to 1 (at 1 the server is working). */
  | { name: 'uploading'; fraction: number }
  /** Sent as a job (`runsAsJob`): the server's latest status, its place in the queue, then its progress. */
  | { name: 'following-job'; status: JobStatus }
  /** The server needs the PDF's password: the page asks the visitor and answers with `answerPassword`. */
  | { name: 'asking-password'; fileName: string | null; wrong: boolean };

export interface ToolRunState {
  step: RunStep;
  /** The last run's file, until the next run starts or the result is cleared. */
  result: ToolResult | null;
  /** What the last run said on the page instead of a result (nothing found, cancelled). */
  notice: string | null;
}

/** How a run ended: what the page tells the visitor (the toasts are the page's). */
export type RunOutcome =
  /** The success toast's text; the result is in the state. */
  | { kind: 'succeeded'; message: string }
  /**
   * The tool answered, but its outcome says nothing (or not what was asked)
   * happened (`ResultOutcome.notice`, e.g. 'No images found in this PDF.'):
   * a warning, also said on the page; the answer is in the state.
   */
  | { kind: 'noted'; message: string }
  /** Refused before upload (a warning; nothing was sent). e.g. 'a3.pdf is empty.' */
  | { kind: 'refused'; message: string }
  /** The error toast, with the server's words where they help the visitor. */
  | { kind: 'failed'; note?: FailureNote }
  /** The tool answered 204: said on the page (`notice`), no toast. */
  | { kind: 'nothing-found' }
  /** Cancelled, replaced by the next run, the page left, or the password prompt closed: nothing to say. */
  | { kind: 'stopped' };

/** What a run needs from the browser; tests give their own. */
export interface ToolRunPorts {
  /** The server's upload limits, or null when they cannot be had (then only emptiness is checked). */
  uploadLimits(): Promise<UploadLimits | null>;
  pageCount: PageCountLookup;
  requestEnhancers: Readonly<Record<RequestEnhancerKey, RequestEnhancer>>;
  /** Sends the form and answers with the response, whatever its status (`send-multipart.ts`). */
  send(endpoint: string, form: FormData, options: SendOptions): Promise<MultipartResponse>;
  /** Sends the form as a job, follows it and answers with its result as `send` would (`job-run.ts`). */
  sendAsJob(endpoint: string, form: FormData, options: JobRunOptions): Promise<MultipartResponse>;
}

export interface ToolRunMachine {
  /** The state now; the same object until it changes (for useSyncExternalStore). */
  getState(): ToolRunState;
  /** Calls `listener` after every change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** Checks, sends and reads one run; a run still under way is stopped first. */
  run(files: readonly File[], params: Record<string, unknown>): Promise<RunOutcome>;
  /** The visitor's answer to `asking-password`: the password to retry with, or null to give up. */
  answerPassword(password: string | null): void;
  /** The visitor stops the run (a job is cancelled on the server: its engines stop, its files go); the page says so. */
  cancel(): void;
  /** Stops the run quietly: the page is left or closed. */
  stop(): void;
  clearResult(): void;
}

/** Whether a run is sent as an async job: the tool may take long, or the files are large. */
export function runsAsJob(tool: AnyTool, files: readonly File[]): boolean {
  return tool.longRunning === true || files.reduce((sum, file) => sum + file.size, 0) >= JOB_THRESHOLD_BYTES;
}

const IDLE: RunStep = { name: 'idle' };
const STOPPED: RunOutcome = { kind: 'stopped' };

/** One call of `run`: its abort switch, the prompt's answer while it asks, and what it leaves on the page. */
interface Attempt {
  controller: AbortController;
  answer: ((password: string | null) => void) | null;
  leaves: Partial<Pick<ToolRunState, 'result' | 'notice'>>;
}

export function createToolRun(tool: AnyTool, ports: ToolRunPorts): ToolRunMachine {
  let state: ToolRunState = { step: IDLE, result: null, notice: null };
  let current: Attempt | null = null;
  const listeners = new Set<() => void>();

  const update = (change: Partial<ToolRunState>) => {
    state = { ...state, ...change };
    for (const listener of [...listeners]) listener();
  };
  /** A replaced run no longer speaks for the page. */
  const stepTo = (attempt: Attempt, step: RunStep) => {
    if (current === attempt) update({ step });
  };

  async function run(files: readonly File[], params: Record<string, unknown>): Promise<RunOutcome> {
    current?.controller.abort();
    const attempt: Attempt = { controller: new AbortController(), answer: null, leaves: {} };
    current = attempt;
    update({ step: { name: 'checking' }, result: null, notice: null });
    try {
      return await carryOut(attempt, files, params);
    } catch (error) {
      // A request that failed or never got an answer (offline, server down).
      return failed(attempt, error);
    } finally {
      if (current === attempt) {
        current = null;
        update({ step: IDLE, ...attempt.leaves });
      }
    }
  }

  async function carryOut(attempt: Attempt, files: readonly File[], params: Record<string, unknown>): Promise<RunOutcome> {
    const { signal } = attempt.controller;
    const refused = uploadProblem(tool, files, params, await ports.uploadLimits()) ?? (await pagesProblem(tool, files, params, ports.pageCount));
    if (signal.aborted) return STOPPED;
    if (refused) return { kind: 'refused', message: refused };

    const enhancer = tool.requestEnhancer ? ports.requestEnhancers[tool.requestEnhancer] : undefined;
    let sent: Record<string, unknown> = { ...params, ...(enhancer ? await enhancer({ files, params }) : {}) };
    const sentFiles = filesOfRun(tool, files, params);
    const fileName = sentFiles.length === 1 ? sentFiles[0]!.name : null;
    const asJob = runsAsJob(tool, sentFiles);
    const passwordField = tool.input.passwordField;
    let asked = false;
    for (;;) {
      const response = await send(attempt, toolFormData(tool, files, sent), asJob);
      if (response.status === 204) {
        attempt.leaves = { notice: nothingFoundMessage(tool) };
        return { kind: 'nothing-found' };
      }
      const failure = failureOf(tool, response);
      if (!failure) {
        const outcome = response.headers?.[OUTCOME_HEADER.toLowerCase()];
        const notice = outcomeNotice(tool, outcome);
        attempt.leaves = { result: outcomeKeepsResult(tool, outcome) ? resultOf(tool, files, params, response) : null, notice: notice ?? null };
        return notice ? { kind: 'noted', message: notice } : { kind: 'succeeded', message: successMessage(tool, params) };
      }
      const why = new Error(`POST ${tool.endpoint} ${failure}.`);
      const problem = response.ok ? null : await readProblem(response.status, response.body, response.contentType);
      if (problem && needsPassword(problem)) {
        // The server names the locked upload when several were sent (Merge).
        const lockedName = problem.fileName ?? fileName;
        if (passwordField === undefined) return failed(attempt, why, passwordProtectedNote(lockedName));
        // A password typed in the tool's own field is the visitor's answer: say it is wrong rather than ask again.
        if (!asked && passwordGiven(sent, passwordField)) return failed(attempt, why, { detail: wrongPasswordDetail(lockedName) });
        const password = await askPassword(attempt, lockedName, asked);
        if (password === null) return STOPPED;
        sent = { ...sent, [passwordField]: password };
        asked = true;
        continue;
      }
      const detail = problem && problemText(problem, tool.id);
      return failed(attempt, why, detail ? { detail } : undefined);
    }
  }

  function send(attempt: Attempt, form: FormData, asJob: boolean): Promise<MultipartResponse> {
    stepTo(attempt, { name: 'uploading', fraction: 0 });
    const options: SendOptions = {
      signal: attempt.controller.signal,
      onUploadProgress: (fraction) => stepTo(attempt, { name: 'uploading', fraction }),
    };
    if (!asJob) return ports.send(tool.endpoint, form, options);
    return ports.sendAsJob(tool.endpoint, form, { ...options, onStatus: (status) => stepTo(attempt, { name: 'following-job', status }) });
  }

  /** Shows the prompt and waits for the visitor; a stopped run gives up the question too. */
  function askPassword(attempt: Attempt, fileName: string | null, wrong: boolean): Promise<string | null> {
    const { signal } = attempt.controller;
    return new Promise((resolve) => {
      if (signal.aborted) return resolve(null);
      const finish = (password: string | null) => {
        signal.removeEventListener('abort', giveUp);
        attempt.answer = null;
        resolve(password);
      };
      const giveUp = () => finish(null);
      signal.addEventListener('abort', giveUp, { once: true });
      attempt.answer = finish;
      stepTo(attempt, { name: 'asking-password', fileName, wrong });
    });
  }

  /** A failure is the visitor's news only while the run is still theirs: a stopped run says nothing. */
  function failed(attempt: Attempt, error: unknown, note?: FailureNote): RunOutcome {
    if (attempt.controller.signal.aborted) return STOPPED;
    console.error(`Tool "${tool.id}" failed:`, error);
    return note ? { kind: 'failed', note } : { kind: 'failed' };
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    run,
    answerPassword: (password) => current?.answer?.(password),
    cancel() {
      if (!current) return;
      current.controller.abort();
      update({ notice: cancelledNotice() });
    },
    stop: () => current?.controller.abort(),
    clearResult: () => update({ result: null, notice: null }),
  };
}

/** Whether the option the tool opens uploads with (`input.passwordField`) holds a password. */
function passwordGiven(params: Record<string, unknown>, passwordField: string): boolean {
  const value = params[passwordField];
  return typeof value === 'string' && value !== '';
}

/** The run as the page's views read it. */
export interface RunView {
  busy: boolean;
  /** Share of the upload sent, 0 to 1, while one is under way; null otherwise. */
  uploadProgress: number | null;
  /** Once a run sent as a job is uploaded: its place in the queue, then its progress; null otherwise. */
  job: JobStatus | null;
  /** Set while the page should ask for the PDF's password. */
  passwordQuestion: { fileName: string | null; wrong: boolean } | null;
}

export function runView({ step }: ToolRunState): RunView {
  const view: RunView = { busy: step.name !== 'idle', uploadProgress: null, job: null, passwordQuestion: null };
  switch (step.name) {
    case 'checking':
      return { ...view, uploadProgress: 0 };
    case 'uploading':
      return { ...view, uploadProgress: step.fraction };
    case 'following-job':
      return { ...view, job: step.status };
    case 'asking-password':
      return { ...view, passwordQuestion: { fileName: step.fileName, wrong: step.wrong } };
    default:
      return view;
  }
}
