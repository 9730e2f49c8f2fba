import type { JobFailure, QueuedJob } from './job';

/**
 * How a job's failure becomes the answer its request gets (status, problem
 * JSON, headers), as the synchronous request would have had it. The HTTP edge
 * knows (http/job-failures.ts); the queue only keeps what it is told, so that
 * any node can answer it later.
 */
export interface JobFailures {
  /** The answer to `error`, thrown by `job`'s run. Unexpected errors are logged here, once. */
  of(job: Pick<QueuedJob, 'id' | 'toolId'>, error: unknown): JobFailure;
  /** A job cancelled by its client (DELETE, or a synchronous client gone). */
  readonly cancelled: JobFailure;
  /** A job whose worker stopped twice (killed, out of memory, lost its host). */
  readonly workerLost: JobFailure;
}

/** Injection token of the job failures. */
export const JOB_FAILURES = Symbol('JOB_FAILURES');
