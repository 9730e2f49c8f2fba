/**
 * The async job API as it travels over HTTP (reference §1.2): a tool request
 * sent with `async=true` is answered at once with a job id, and the job is then
 * read, followed and cancelled under `/api/v1/general/job/{jobId}`. Said once,
 * for the server that answers and the web app that asks.
 */

/** The query (or form) parameter that sends a tool request as a job. e.g. '/api/v1/general/rotate-pdf?async=true' */
export const ASYNC_PARAMETER = 'async';

/** Under this path, followed by the job's id: its status (GET), result (`/result`), events (`/events`) and cancellation (DELETE). */
export const JOB_PATH = '/api/v1/general/job';

/** A job's address, or one of its parts. e.g. jobPath('k3…', 'result') → '/api/v1/general/job/k3…/result' */
export function jobPath(jobId: string, part?: 'result' | 'events'): string {
  const base = `${JOB_PATH}/${encodeURIComponent(jobId)}`;
  return part ? `${base}/${part}` : base;
}

/** A tool endpoint's answer to `async=true`: the job is queued, its result comes later. */
export interface JobAccepted {
  async: true;
  /** The only key to the job and its files (24 URL-safe characters). e.g. 'q0Jx3b9mC1v7ZtRk2wHn8yLa' */
  jobId: string;
  /** Always null here: the reference's field for a result that is fetched later. */
  result: null;
}

/** Whether a parsed JSON body is a queued job's answer (anything else is the tool's own answer: a refusal before queueing). */
export function isJobAccepted(body: unknown): body is JobAccepted {
  if (typeof body !== 'object' || body === null) return false;
  const { async, jobId } = body as Record<string, unknown>;
  return async === true && typeof jobId === 'string' && jobId !== '';
}

/** Where a job is. `done`, `failed` and `cancelled` are final. */
export type JobState = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

/** Where one item (a file) of a stage stands. */
export type JobItemState = 'waiting' | 'running' | 'done' | 'failed';

/** One stage of work done in stages (a pipeline step), with its files. */
export interface JobStage {
  /** e.g. 'Rotate PDF' */
  title: string;
  /** e.g. [{ name: 'report.pdf', state: 'done' }] */
  items: { name: string; state: JobItemState }[];
}

/** How far a job has got, in one line. */
export interface JobProgressMeasure {
  /** From 0 to 1. e.g. 0.4 */
  fraction: number;
  /** What it is doing now. e.g. 'queued', 'page 12 of 30', 'step 2 of 4: Compress' */
  stage: string;
  /** For work in stages (a pipeline's steps), each with its files and their states. */
  steps?: JobStage[];
}

/** How a job ended badly: the status and problem JSON its synchronous request would have been answered with. */
export interface JobFailure {
  /** e.g. 400 */
  status: number;
  /** e.g. { type: '/errors/pdf-password', status: 400, errorCode: 'E004', detail: 'The PDF Document is passworded…' } */
  body: Record<string, unknown>;
}

/** The file a finished job answers with (fetched from `/result`). */
export interface JobResultSummary {
  /** e.g. 'rotated.pdf' */
  fileName: string;
  /** e.g. 'application/pdf' */
  contentType: string;
  /** In bytes. e.g. 48213 */
  size: number;
}

/** What `GET /api/v1/general/job/{jobId}` answers, and each `status` event of `/events` carries. */
export interface JobStatus {
  /** e.g. 'q0Jx3b9mC1v7ZtRk2wHn8yLa' */
  jobId: string;
  /** The tool it runs. e.g. 'rotate' */
  toolId: string;
  /** e.g. 'running' */
  state: JobState;
  /** The reference's flag: the job has ended, well or badly. */
  complete: boolean;
  /** 1 for the next job to start; null once it runs. e.g. 3 */
  queuePosition: number | null;
  /** e.g. { fraction: 0.4, stage: 'page 12 of 30' } */
  progress: JobProgressMeasure;
  /** The failure's detail (the reference's `error` text), null unless failed or cancelled. e.g. 'The file could not be processed.' */
  error: string | null;
  /** Set when failed: the answer the result request gives. */
  failure?: JobFailure;
  /** Set when done: the result file, or null when there was nothing to answer (the result request answers 204). */
  result?: JobResultSummary | null;
  /** ISO 8601. e.g. '2025-01-31T09:30:00.000Z' */
  createdAt: string;
}

/** What `DELETE /api/v1/general/job/{jobId}` answers: the status after cancelling, and what happened. */
export interface JobCancellation extends JobStatus {
  /** e.g. 'Job cancelled successfully' */
  message: string;
}

/**
 * The Server-Sent Events of `/events`: `status` carries a `JobStatus` (now and
 * after every change, until the job ends); `gone` an empty object (the job is
 * no more).
 */
export type JobEventName = 'status' | 'gone';

/**
 * Uploads this large are sent as an async job whatever the tool, by the page and
 * the command line alike: the upload alone may take a while, and the work longer.
 */
export const JOB_THRESHOLD_BYTES = 20 * 1024 * 1024;
