import { Controller, Delete, Get, Inject, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { SERVER_CONFIG, type ServerConfig } from '../config';
import { ApiError } from '../http/api-error';
import { clientAddress } from '../http/client-address';
import { EventStreams } from './event-streams';
import { JOB_ID, type JobStatus } from '../jobs/job';
import { isFinished, JOB_QUEUE, jobStatus, type JobQueue, type JobRecord } from '../jobs/job-queue';
import { ToolRequests } from './tool-requests';

/** A comment line every so often keeps proxies from closing a quiet event stream. */
const HEARTBEAT_MS = 15_000;

/**
 * `/api/v1/general/job/{jobId}`: an async job's status, live events, result and
 * cancellation (reference §1.2). The id is the only key; an unknown one is 404.
 */
@Controller('api/v1/general/job')
export class JobsController {
  private readonly streams: EventStreams;

  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly requests: ToolRequests,
    @Inject(SERVER_CONFIG) config: ServerConfig,
  ) {
    this.streams = new EventStreams({ total: config.maxEventStreams, perClient: config.maxEventStreamsPerAddress, perJob: config.maxEventStreamsPerJob });
  }

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

  /** Server-Sent Events: `status` with the job's status now and after every change, until it ends. Capped per job, per address and in all (429). */
  @Get(':id/events')
  async events(@Param('id') id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.find(id);
    const release = this.streams.take(id, clientAddress(req));
    res.once('close', release);
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    let sequence = 0;
    let ended = false;
    let closed = false;
    let stop: (() => void) | undefined;
    const heartbeat = setInterval(() => res.write(': still here\n\n'), HEARTBEAT_MS);
    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      stop?.();
      res.end();
    };
    // Before the watch starts: a client gone meanwhile must still end it.
    res.once('close', close);
    try {
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
    } catch {
      // The store could not be read (Redis away): the stream ends, as a client's reconnection would then find out.
      close();
      return;
    }
    if (closed) stop();
    else if (ended) close();
  }

  private async find(id: string): Promise<JobRecord> {
    const job = JOB_ID.test(id) ? await this.queue.get(id) : undefined;
    if (!job) throw ApiError.noSuchJob();
    return job;
  }
}
