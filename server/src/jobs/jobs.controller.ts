import { Controller, Delete, Get, Inject, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiError } from '../http/api-error';
import { JOB_ID, type JobStatus } from './job';
import { isFinished, JOB_QUEUE, jobStatus, type JobQueue, type JobRecord } from './job-queue';
import { JobRequests } from './job-requests';

/** A comment line every so often keeps proxies from closing a quiet event stream. */
const HEARTBEAT_MS = 15_000;

/**
 * `/api/v1/general/job/{jobId}`: an async job's status, live events, result and
 * cancellation (reference §1.2). The id is the only key; an unknown one is 404.
 */
@Controller('api/v1/general/job')
export class JobsController {
  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly requests: JobRequests,
  ) {}

  @Get(':id')
  async status(@Param('id') id: string, @Res() res: Response): Promise<void> {
    res.setHeader('Cache-Control', 'no-store');
    res.json(jobStatus(await this.find(id)));
  }

  @Get(':id/result')
  async result(@Param('id') id: string, @Res() res: Response): Promise<void> {
    await this.requests.answer(res, await this.find(id));
  }

  /** Stops a queued or running job (its engines are killed) and removes its files; a finished job's result is deleted. */
  @Delete(':id')
  async cancel(@Param('id') id: string): Promise<JobStatus & { message: string }> {
    const found = await this.find(id);
    if (isFinished(found)) {
      await this.queue.forget(id);
      return { ...jobStatus(found), message: 'The job had already ended; its result was deleted.' };
    }
    const job = (await this.queue.cancel(id)) ?? found;
    return { ...jobStatus(job), message: job.state === 'cancelled' ? 'Job cancelled successfully' : 'The job ended before it could be cancelled.' };
  }

  /** Server-Sent Events: `status` with the job's status now and after every change, until it ends. */
  @Get(':id/events')
  async events(@Param('id') id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.find(id);
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    let sequence = 0;
    const heartbeat = setInterval(() => res.write(': still here\n\n'), HEARTBEAT_MS);
    const close = () => {
      clearInterval(heartbeat);
      stop?.();
      res.end();
    };
    let stop: (() => void) | undefined;
    let ended = false;
    stop = await this.queue.watch(id, (job) => {
      if (ended) return;
      if (!job) {
        res.write(`event: gone\nid: ${++sequence}\ndata: {}\n\n`);
        ended = true;
      } else {
        res.write(`event: status\nid: ${++sequence}\ndata: ${JSON.stringify(jobStatus(job))}\n\n`);
        ended = isFinished(job);
      }
      if (ended) setImmediate(close);
    });
    if (ended) close();
    req.once('close', close);
  }

  private async find(id: string): Promise<JobRecord> {
    const job = JOB_ID.test(id) ? await this.queue.get(id) : undefined;
    if (!job) throw ApiError.noSuchJob();
    return job;
  }
}
