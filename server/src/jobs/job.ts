import { randomBytes } from 'node:crypto';
import type { JobFailure as WireJobFailure, JobState, JobStatus as WireJobStatus } from '@folio/registry';
import type { ProgressMeasure } from './progress-record';

/**
 * A queued job: a tool request as it waits in a queue, with everything a
 * worker on any node needs to run it. File paths are relative to the job's
 * folder in the job storage, so the folder may be mounted anywhere (and later
 * live in an object store). Every request is one, synchronous or async.
 */
export interface QueuedJob {
  id: string;
  toolId: string;
  /** The main files. */
  uploads: StoredFile[];
  /** The option values as sent; a file field's parts are `{ file, originalName, size }` too. */
  body: Record<string, unknown>;
  /** Epoch ms by which it must be done, queueing included (the tool's time limit from when it was sent). */
  deadline: number;
  timeLimitMs: number;
  createdAt: number;
  /** `clientAddress(req)` of the request that sent it: the per-address limits count it there. */
  clientAddress: string;
  /** The UUID the client chose to follow the job's progress by (`?progressId=`), if any. */
  progressId?: string;
}

/** An upload in a job's folder: its name there, and the name it was sent under. */
export interface StoredFile {
  file: string;
  originalName: string;
  size: number;
}

/** A finished job's file, in its folder, with what the synchronous answer would have said about it. */
export interface JobResultFile {
  file: string;
  fileName: string;
  contentType: string;
  size: number;
  headers?: Record<string, string>;
}

/** How a job ended badly: the wire's failure (the synchronous request's status and problem JSON) and the headers that answer carries. */
export interface JobFailure extends WireJobFailure {
  /** Headers the answer carries. e.g. `{ 'Retry-After': '5' }` */
  headers?: Record<string, string>;
}

export type { JobState };

/** What `GET /api/v1/general/job/{id}` answers (the kit's wire type), with the failure's headers kept for the result request. */
export interface JobStatus extends Omit<WireJobStatus, 'failure'> {
  failure?: JobFailure;
}

/** 128 random bits or more: the id is the only key to a job and its files. */
export function newJobId(): string {
  return randomBytes(18).toString('base64url');
}

/** A job id as `newJobId` makes them (24 URL-safe characters); anything else names no job. */
export const JOB_ID = /^[A-Za-z0-9_-]{24}$/;

export const QUEUED_PROGRESS: ProgressMeasure = { fraction: 0, stage: 'queued' };
export const STARTING_PROGRESS: ProgressMeasure = { fraction: 0, stage: 'starting' };
export const DONE_PROGRESS: ProgressMeasure = { fraction: 1, stage: 'done' };
