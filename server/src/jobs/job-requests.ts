import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { fileFieldsOf, type AnyTool } from '@folio/registry';
import { SERVER_CONFIG, type ServerConfig } from '../config';
import { ApiError } from '../http/api-error';
import { clientAddress } from '../http/client-address';
import { ToolRunner, type SentFile, type ToolRequest } from '../tool-routing/tool-runner';
import { sendResult } from '../tool-routing/result-response';
import { newJobId, type JobFailure, type JobSpec, type StoredFile } from './job';
import { isFinished, JOB_QUEUE, untilFinished, type JobQueue, type JobRecord } from './job-queue';
import { JOB_STORAGE, type JobStorage } from './job-storage';
import { refuseOverResultQuota } from './result-quota';

/**
 * Tool requests that go through the job queue: every `async=true` request, and
 * every request of a node whose jobs run elsewhere (Redis). An async request is
 * answered at once with the job's id; a synchronous one waits for its job and
 * answers as a direct run would, and cancels the job if its client goes away.
 */
@Injectable()
export class JobRequests {
  constructor(
    private readonly runner: ToolRunner,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(JOB_STORAGE) private readonly storage: JobStorage,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  /** Whether this request is one for the queue. */
  takes(req: Request): boolean {
    return wantsAsync(req) || !this.queue.inProcess;
  }

  async run(tool: AnyTool, req: Request, res: Response): Promise<void> {
    const request = this.runner.readRequest(tool, req);
    // Answered now, not as a failed job: a request that cannot run is not queued.
    this.runner.checkRequest(tool, request);
    const client = clientAddress(req);
    // A synchronous job's result is sent as soon as it exists; an async one's is kept, within a quota.
    if (wantsAsync(req)) {
      const { maxResultBytes: totalBytes, maxResultBytesPerAddress: perClientBytes, jobResultTtlMs: ttlMs } = this.config;
      await refuseOverResultQuota(this.queue, client, { totalBytes, perClientBytes, ttlMs });
    }
    const spec = await this.store(tool, request, client);
    try {
      await this.queue.submit(spec);
    } catch (error) {
      await this.storage.remove(spec.id);
      throw error;
    }
    if (wantsAsync(req)) {
      res.status(200).json({ async: true, jobId: spec.id, result: null });
      return;
    }
    res.once('close', () => res.writableFinished || void this.queue.cancel(spec.id).catch(() => undefined));
    const job = await untilFinished(this.queue, spec.id);
    if (!res.destroyed) await this.answer(res, job);
  }

  /** A finished job's answer, as its synchronous request would have had it; the job then goes. */
  async answer(res: Response, job: JobRecord | undefined): Promise<void> {
    if (!job) throw ApiError.noSuchJob();
    if (!isFinished(job)) throw new ApiError(409, '/errors/job-not-finished', 'Job Not Finished', 'The job has not finished yet; its result can be read once it has.');
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

  /** Moves the request's files from its workspace into the job's folder and describes the job. */
  private async store(tool: AnyTool, request: ToolRequest, client: string): Promise<JobSpec> {
    const id = newJobId();
    const fieldFiles = fileFieldsOf(tool).flatMap(([name, field]) => [name, ...(field.aliases ?? [])]);
    const sent: SentFile[] = [...request.uploads, ...fieldFiles.flatMap((key) => (Array.isArray(request.body[key]) ? (request.body[key] as SentFile[]) : []))];
    const names = await this.storage.putInputs(id, sent.map((file) => file.path));
    const stored = new Map(sent.map((file, index) => [file, { file: names[index], originalName: file.originalName, size: file.size } satisfies StoredFile]));
    const body: Record<string, unknown> = { ...request.body };
    for (const key of fieldFiles) if (Array.isArray(body[key])) body[key] = (body[key] as SentFile[]).map((file) => stored.get(file)!);
    const timeLimitMs = this.runner.timeLimitOf(tool);
    const now = Date.now();
    return { id, toolId: tool.id, uploads: request.uploads.map((file) => stored.get(file)!), body, deadline: now + timeLimitMs, timeLimitMs, createdAt: now, clientAddress: client };
  }
}

/** `async=true` in the query or the form, in the reference's boolean spellings. */
export function wantsAsync(req: Request): boolean {
  const value = req.query.async ?? (req.body as Record<string, unknown> | undefined)?.async;
  return typeof value === 'string' && /^(true|on|yes|1)$/i.test(value);
}

/** A failed job's answer: the status and problem JSON the synchronous request would have had. */
export function sendFailure(res: Response, failure: JobFailure): void {
  res.status(failure.status).type(failure.status < 500 ? 'application/problem+json' : 'application/json').send(JSON.stringify(failure.body));
}
