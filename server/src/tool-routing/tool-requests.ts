import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { fileFieldsOf, type AnyTool } from '@folio/registry';
import { SERVER_CONFIG, type ServerConfig } from '../config';
import { ApiError } from '../http/api-error';
import { clientAddress } from '../http/client-address';
import { newJobId, type QueuedJob, type StoredFile } from '../jobs/job';
import { isFinished, JOB_QUEUE, untilFinished, type JobQueue, type JobRecord } from '../jobs/job-queue';
import { JOB_STORAGE, type JobStorage } from '../jobs/job-storage';
import { refuseOverResultQuota } from '../jobs/result-quota';
import type { SentFile, ToolRequest } from '../tool-execution/tool-request';
import { ToolRunner } from '../tool-execution/tool-runner';
import { progressIdOf, readToolRequest, wantsAsync } from './multipart-request';
import { requestWorkspace } from './request-workspace';
import { sendFailure, sendResult } from './result-response';

/**
 * Every tool request, from its route to its answer: read and checked at once
 * (a request that cannot run gets its 400 and is never queued), then queued as
 * a job. An async request (`async=true`) is answered with the job's id; a
 * synchronous one waits for its job and answers as the job ended, and cancels
 * the job if its client goes away. One path, on the embedded queue and on Redis
 * alike, so the slot limiter, progress and clean-up are the queue's, once.
 */
@Injectable()
export class ToolRequests {
  constructor(
    private readonly runner: ToolRunner,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(JOB_STORAGE) private readonly storage: JobStorage,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async handle(tool: AnyTool, req: Request, res: Response): Promise<void> {
    const request = readToolRequest(tool, req);
    this.runner.checkRequest(tool, request);
    const client = clientAddress(req);
    const async = wantsAsync(req);
    // A synchronous job's result is sent as soon as it exists; an async one's is kept, within a quota.
    if (async) {
      const { maxResultBytes: totalBytes, maxResultBytesPerAddress: perClientBytes, jobResultTtlMs: ttlMs } = this.config;
      await refuseOverResultQuota(this.queue, client, { totalBytes, perClientBytes, ttlMs });
    }
    const job = { id: newJobId(), toolId: tool.id, ...this.timeOf(tool), clientAddress: client, ...withProgressId(progressIdOf(req)) };
    try {
      await this.queue.submit({ ...job, ...(await this.store(tool, job.id, request)) });
    } catch (error) {
      await this.storage.remove(job.id);
      throw error;
    } finally {
      // Its files are the job's now (or gone): the upload folder goes at once, not when the answer has been sent.
      void requestWorkspace(req, this.config.workDir).release();
    }
    if (async) {
      res.status(200).json({ async: true, jobId: job.id, result: null });
      return;
    }
    // A client gone before the end takes its job with it: stopped, its files removed.
    const leave = () =>
      res.writableFinished ||
      void this.queue
        .cancel(job.id)
        .then(() => this.queue.forget(job.id))
        .catch(() => undefined);
    if (res.destroyed) leave();
    else res.once('close', leave);
    const ended = await untilFinished(this.queue, job.id);
    if (res.destroyed) await this.queue.forget(job.id);
    else await this.answer(res, ended);
  }

  /** A finished job's answer, as its synchronous request has it; the job then goes. */
  async answer(res: Response, job: JobRecord | undefined): Promise<void> {
    if (!job) throw ApiError.noSuchJob();
    if (!isFinished(job))
      throw new ApiError(409, '/errors/job-not-finished', 'Job Not Finished', 'The job has not finished yet; its result can be read once it has.');
    if (job.failure) {
      await this.queue.forget(job.id);
      sendFailure(res, job.failure);
      return;
    }
    try {
      if (!job.result) {
        res.status(204).end();
        return;
      }
      const { stream, size } = await this.storage.openResult(job.id, job.result.file);
      await sendResult(res, { ...job.result, stream, size });
    } finally {
      await this.queue.forget(job.id);
    }
  }

  /** Moves the request's files from its upload folder into the job's folder: the job's files, as the job names them. */
  private async store(tool: AnyTool, jobId: string, request: ToolRequest): Promise<Pick<QueuedJob, 'uploads' | 'body'>> {
    const fieldFiles = fileFieldsOf(tool).flatMap(([name, field]) => [name, ...(field.aliases ?? [])]);
    const sent: SentFile[] = [...request.uploads, ...fieldFiles.flatMap((key) => (Array.isArray(request.body[key]) ? (request.body[key] as SentFile[]) : []))];
    const names = await this.storage.putInputs(
      jobId,
      sent.map((file) => file.path),
    );
    const stored = new Map(sent.map((file, index) => [file, { file: names[index], originalName: file.originalName, size: file.size } satisfies StoredFile]));
    const body: Record<string, unknown> = { ...request.body };
    for (const key of fieldFiles) if (Array.isArray(body[key])) body[key] = (body[key] as SentFile[]).map((file) => stored.get(file)!);
    return { uploads: request.uploads.map((file) => stored.get(file)!), body };
  }

  /** The job's time: its whole limit, queueing included, from now. */
  private timeOf(tool: AnyTool): Pick<QueuedJob, 'deadline' | 'timeLimitMs' | 'createdAt'> {
    const timeLimitMs = this.runner.timeLimitOf(tool);
    const now = Date.now();
    return { deadline: now + timeLimitMs, timeLimitMs, createdAt: now };
  }
}

function withProgressId(progressId: string | undefined): Pick<QueuedJob, 'progressId'> {
  return progressId ? { progressId } : {};
}
