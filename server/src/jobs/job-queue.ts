import type { JobFailure, JobResultFile, JobState, JobStatus, QueuedJob } from './job';
import { progressReport, type ProgressMeasure, type ProgressReport } from './progress-record';

/** A job as a queue knows it; `JobStatus` is what clients see of it. */
export interface JobRecord {
  id: string;
  toolId: string;
  createdAt: number;
  state: JobState;
  queuePosition: number | null;
  /** The status's one-line measure: queued, the work's own while it runs, done. */
  progress: ProgressMeasure;
  /** What the work last published of its progress record (with a pipeline's stages), kept once it has ended. */
  workProgress?: ProgressMeasure;
  failure?: JobFailure;
  /** Once done: the file, or null when the tool had nothing to answer. */
  result?: JobResultFile | null;
}

/**
 * Where jobs wait and run: in this process (embedded), or on BullMQ queues in
 * Redis that every node shares. Every tool request is a job: an async one is
 * answered with its id, a synchronous one waits for its end. Either way a
 * job's files are in the job storage, and any node can answer its status,
 * events, progress and result.
 */
export interface JobQueue {
  /**
   * Queues a job whose files are in its folder. Refuses with BusyError past the
   * bound, ClientShareTakenError past its address's share, QueueUnavailableError
   * when the queue cannot be reached.
   */
  submit(job: QueuedJob): Promise<void>;
  get(id: string): Promise<JobRecord | undefined>;
  /**
   * The progress report of the job sent with this progress id: while it waits
   * and runs, and for a minute after it has ended (its result sent or not);
   * WAITING_REPORT for an id no such job has.
   */
  progressOf(progressId: string): Promise<ProgressReport>;
  /** Stops a job, queued or running (its engines are killed), and removes its files; undefined if there is no such job. */
  cancel(id: string): Promise<JobRecord | undefined>;
  /** Calls `listener` with the job now and after every change until it ends (or the returned function is called). */
  watch(id: string, listener: (job: JobRecord | undefined) => void): Promise<() => void>;
  /** The result has been sent: the job and its files go now rather than at expiry. */
  forget(id: string): Promise<void>;
  /** Jobs waiting for a worker. */
  depth(): Promise<number>;
  /** Finished jobs' results waiting to be downloaded (for the quota of results kept). */
  heldResults(): Promise<HeldResult[]>;
  close(): Promise<void>;
}

/** A finished job's result kept for download: whose it is, its size, and since when. */
export interface HeldResult {
  jobId: string;
  client: string;
  bytes: number;
  finishedAt: number;
}

/** Injection token of the job queue. */
export const JOB_QUEUE = Symbol('JOB_QUEUE');

/** The queue's store cannot be reached (Redis down): new jobs get 503 until it is back. */
export class QueueUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`The job queue cannot be reached: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'QueueUnavailableError';
  }
}

export function isFinished(job: Pick<JobRecord, 'state'>): boolean {
  return job.state === 'done' || job.state === 'failed' || job.state === 'cancelled';
}

/**
 * What a queue's `watch` is made of: `read` the job whenever `poke` is called
 * and tell `listener` only when it has changed (a queue position counts). One
 * read at a time (a poke during a read reads once more after it); a read that
 * fails tells nothing (the store away for a moment is not the job gone).
 */
export function jobFollower(read: () => Promise<JobRecord | undefined>, listener: (job: JobRecord | undefined) => void): () => Promise<void> {
  let last = '';
  let reading = false;
  let again = false;
  const poke = async (): Promise<void> => {
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      const outcome = await read().then(
        (job) => ({ job }),
        () => undefined,
      );
      const seen = outcome && JSON.stringify(outcome.job ?? null);
      if (outcome && seen !== last) {
        last = seen!;
        listener(outcome.job);
      }
    } finally {
      reading = false;
      if (again) {
        again = false;
        void poke();
      }
    }
  };
  return poke;
}

/**
 * Resolves with the job once it has ended, or undefined once it is gone; with
 * `timeoutMs`, undefined when that passes first.
 */
export function untilFinished(queue: Pick<JobQueue, 'watch'>, id: string, timeoutMs?: number): Promise<JobRecord | undefined> {
  return new Promise((resolve) => {
    let stop: (() => void) | undefined;
    let ended = false;
    const finish = (job: JobRecord | undefined) => {
      if (ended) return;
      ended = true;
      clearTimeout(timer);
      stop?.();
      resolve(job);
    };
    const timer = timeoutMs === undefined ? undefined : setTimeout(() => finish(undefined), timeoutMs);
    void queue
      .watch(id, (job) => {
        if (!job || isFinished(job)) finish(job);
      })
      // The watch may have told the end before it was returned.
      .then((unwatch) => (ended ? unwatch() : (stop = unwatch)));
  });
}

/** The progress report of a job as its record has it (a job still waiting for a slot counts as running, with nothing to report yet). */
export function reportOfRecord(job: JobRecord): ProgressReport {
  const state = job.state === 'done' ? 'done' : job.state === 'failed' || job.state === 'cancelled' ? 'failed' : 'running';
  return progressReport(state, job.workProgress);
}

/** What `GET /api/v1/general/job/{id}` answers about a job. */
export function jobStatus(job: JobRecord): JobStatus {
  return {
    jobId: job.id,
    toolId: job.toolId,
    state: job.state,
    complete: isFinished(job),
    queuePosition: job.state === 'queued' ? job.queuePosition : null,
    progress: job.progress,
    error: job.failure ? String(job.failure.body.detail ?? job.failure.body.error ?? 'The job failed.') : null,
    // The headers are the answer's (Retry-After), not the status's.
    ...(job.failure ? { failure: { status: job.failure.status, body: job.failure.body } } : {}),
    ...(job.state === 'done'
      ? { result: job.result ? { fileName: job.result.fileName, contentType: job.result.contentType, size: job.result.size } : null }
      : {}),
    createdAt: new Date(job.createdAt).toISOString(),
  };
}
