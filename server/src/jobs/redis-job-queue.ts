import { EventEmitter } from 'node:events';
import { Logger } from '@nestjs/common';
import { Job, Queue, QueueEvents, UnrecoverableError, Worker, type ConnectionOptions } from 'bullmq';
import IORedis, { type RedisOptions } from 'ioredis';
import { BusyError } from '../engines/limiter';
import { DONE_PROGRESS, QUEUED_PROGRESS, STARTING_PROGRESS, type JobFailure, type JobResultFile, type QueuedJob } from './job';
import { ClientShareTakenError } from './job-errors';
import type { JobFailures } from './job-failures';
import { isFinished, jobFollower, QueueUnavailableError, reportOfRecord, untilFinished, type HeldResult, type JobQueue, type JobRecord } from './job-queue';
import type { JobStorage } from './job-storage';
import type { JobWorker } from './job-worker';
import { PROGRESS_KEPT_AFTER_END_MS, ProgressRecord, WAITING_REPORT, type ProgressMeasure, type ProgressReport } from './progress-record';

const QUEUE_NAME = 'folio-jobs';
const PREFIX = 'folio';

interface RedisAddress {
  host: string;
  port: number;
  username?: string;
  password?: string;
  db: number;
  tls?: object;
}
/** Where API nodes ask the worker running a job to stop it. */
const CANCEL_CHANNEL = `${PREFIX}:cancel`;
/** A job cancelled while it waited is removed from the queue; this mark answers for it meanwhile. */
const cancelledKey = (id: string) => `${PREFIX}:cancelled:${id}`;
/** The jobs one client address has queued or running, each scored by its deadline (a job whose worker died is counted no longer than that). */
const clientJobsKey = (client: string) => `${PREFIX}:client-jobs:${client}`;
/**
 * A job's progress id: the job's id while it is kept, then its last progress
 * report (JSON) for a minute after it has been forgotten.
 */
const progressKey = (progressId: string) => `${PREFIX}:progress:${progressId}`;
/** How long a client's set outlives its latest job's deadline, so that it is removed once unused. */
const CLIENT_JOBS_GRACE_MS = 60 * 60_000;
/** How often a running job's progress is written to Redis at most. */
const PROGRESS_EVERY_MS = 250;
/** How often a watched job is read even without an event. */
const WATCH_POLL_MS = 2_000;
/** How often each API node looks for abandoned job folders and expired results. */
const SWEEP_EVERY_MS = 30_000;

export interface RedisJobQueueOptions {
  redisUrl: string;
  /** This node takes requests: it answers status and results and sweeps expired jobs. */
  api: boolean;
  /** This node runs jobs, `concurrency` at once. */
  worker: boolean;
  concurrency: number;
  maxQueued: number;
  /** Jobs one client address may have queued or running, on every node together. */
  maxPerClient: number;
  resultTtlMs: number;
  lockMs: number;
}

/** How a job failed, as the worker writes it into BullMQ's failed reason. */
type FailedReason = { failure: JobFailure } | { cancelled: true };

/**
 * Jobs on a BullMQ queue in Redis, shared by every node: API nodes add jobs and
 * read their state, workers run them. A worker that dies leaves its job's lock
 * to expire; another worker then runs it once more (`maxStalledCount: 1`), and
 * a second loss fails it with a clear error. Nothing about a job lives only in
 * one process: state, progress and results' descriptions are in Redis, files
 * in the shared storage.
 */
export class RedisJobQueue implements JobQueue {
  private readonly logger = new Logger('RedisJobQueue');
  /** Commands wait for one reconnection at most while Redis is away, then fail (503) instead of piling up. */
  private readonly commands: IORedis;
  private readonly queue: Queue;
  private readonly events?: QueueEvents;
  private readonly bullWorker?: Worker;
  private readonly cancelListener?: IORedis;
  private readonly changes = new EventEmitter().setMaxListeners(0);
  private readonly sweeper?: NodeJS.Timeout;

  constructor(
    private readonly options: RedisJobQueueOptions,
    private readonly worker: JobWorker,
    private readonly storage: JobStorage,
    private readonly failures: JobFailures,
  ) {
    const base = redisOptions(options.redisUrl);
    this.commands = new IORedis({ ...base, maxRetriesPerRequest: 1 });
    this.commands.on('error', () => undefined); // reconnects by itself; requests meanwhile get 503
    this.queue = new Queue(QUEUE_NAME, { connection: this.commands, prefix: PREFIX });
    this.queue.on('error', () => undefined);
    // Blocking connections: BullMQ wants them to retry forever, which is how they come back after a Redis restart.
    const blocking = { ...base, maxRetriesPerRequest: null } satisfies ConnectionOptions & RedisOptions;
    if (options.api) {
      this.events = new QueueEvents(QUEUE_NAME, { connection: blocking, prefix: PREFIX });
      this.events.on('error', () => undefined);
      for (const event of ['active', 'progress', 'completed', 'failed', 'removed', 'waiting', 'stalled'] as const)
        this.events.on(event, () => this.changes.emit('change'));
      this.sweeper = setInterval(() => void this.sweep().catch(() => undefined), SWEEP_EVERY_MS);
      this.sweeper.unref();
    }
    if (options.worker) {
      this.bullWorker = new Worker(QUEUE_NAME, (job, _token, signal) => this.run(job as Job<QueuedJob>, signal), {
        connection: blocking,
        prefix: PREFIX,
        concurrency: options.concurrency,
        lockDuration: options.lockMs,
        stalledInterval: options.lockMs,
        maxStalledCount: 1,
      });
      this.bullWorker.on('error', (error) => this.logger.warn(`Worker: ${error.message}`));
      this.cancelListener = new IORedis(blocking);
      this.cancelListener.on('error', () => undefined);
      void this.cancelListener.subscribe(CANCEL_CHANNEL).catch(() => undefined);
      this.cancelListener.on('message', (_channel, id: string) => this.bullWorker?.cancelJob(id, 'cancelled'));
    }
  }

  /** Redis answers (readiness). */
  async ping(): Promise<boolean> {
    try {
      return (await this.commands.ping()) === 'PONG';
    } catch {
      return false;
    }
  }

  /**
   * Queues the job unless the queue is full or its client address has its share.
   * BullMQ serves the lowest priority number first: a client's n-th job
   * outstanding gets priority n, so everyone's first job goes before anyone's
   * second (round robin, as near as BullMQ's open-source queue allows).
   */
  async submit(spec: QueuedJob): Promise<void> {
    if ((await this.depth()) >= this.options.maxQueued) throw new BusyError('jobs', 5);
    const outstanding = await this.countClientJob(spec);
    try {
      if (outstanding > this.options.maxPerClient) throw new ClientShareTakenError(this.options.maxPerClient);
      const keepSeconds = Math.ceil(this.options.resultTtlMs / 1000);
      if (spec.progressId) {
        const keptMs = spec.deadline - Date.now() + this.options.resultTtlMs + PROGRESS_KEPT_AFTER_END_MS;
        await this.redis(() => this.commands.set(progressKey(spec.progressId!), spec.id, 'PX', Math.max(keptMs, 1)));
      }
      await this.redis(() =>
        this.queue.add('run', spec, {
          jobId: spec.id,
          attempts: 1,
          priority: outstanding,
          removeOnComplete: { age: keepSeconds },
          removeOnFail: { age: keepSeconds },
        }),
      );
    } catch (error) {
      await this.uncountClientJob(spec).catch(() => undefined);
      throw error;
    }
  }

  /** Counts the job against its client address (expired entries dropped first); answers how many that address now has. */
  private async countClientJob(spec: QueuedJob): Promise<number> {
    const key = clientJobsKey(spec.clientAddress);
    const now = Date.now();
    const replies = await this.redis(() =>
      this.commands
        .multi()
        .zremrangebyscore(key, '-inf', now)
        .zadd(key, spec.deadline, spec.id)
        .zcard(key)
        .pexpire(key, spec.deadline - now + CLIENT_JOBS_GRACE_MS)
        .exec(),
    );
    const [error, count] = replies?.[2] ?? [new Error('The transaction was discarded.'), 0];
    if (error) throw new QueueUnavailableError(error);
    return Number(count);
  }

  private async uncountClientJob(spec: Pick<QueuedJob, 'id' | 'clientAddress'>): Promise<void> {
    await this.redis(() => this.commands.zrem(clientJobsKey(spec.clientAddress), spec.id));
  }

  async get(id: string): Promise<JobRecord | undefined> {
    // The state first, then the job: a job read first could finish in between and be reported done without its result.
    const state = await this.redis(() => this.queue.getJobState(id));
    const job = (await this.redis(() => Job.fromId(this.queue, id))) as Job<QueuedJob> | undefined;
    if (!job) {
      const cancelled = await this.redis(() => this.commands.get(cancelledKey(id)));
      return cancelled ? { ...(JSON.parse(cancelled) as JobRecord), state: 'cancelled', failure: this.failures.cancelled } : undefined;
    }
    const workProgress = progressOf(job);
    const base = {
      id,
      toolId: job.data.toolId,
      createdAt: job.data.createdAt,
      queuePosition: null,
      progress: workProgress ?? STARTING_PROGRESS,
      ...(workProgress ? { workProgress } : {}),
    };
    switch (state) {
      case 'completed':
        return { ...base, state: 'done', result: (job.returnvalue as JobResultFile | null) ?? null, progress: DONE_PROGRESS };
      case 'failed': {
        const reason = parseReason(job.failedReason);
        return reason && 'cancelled' in reason
          ? { ...base, state: 'cancelled', failure: this.failures.cancelled }
          : { ...base, state: 'failed', failure: reason?.failure ?? this.failures.workerLost };
      }
      case 'active':
        return { ...base, state: 'running' };
      case 'unknown':
        return undefined;
      default: {
        const waiting = await this.redis(() => this.queue.getRanges(['waiting', 'prioritized'], 0, -1, true));
        const index = waiting.indexOf(id);
        return { ...base, state: 'queued', queuePosition: index < 0 ? null : index + 1, progress: QUEUED_PROGRESS };
      }
    }
  }

  async cancel(id: string): Promise<JobRecord | undefined> {
    const job = await this.get(id);
    if (!job || isFinished(job)) return job;
    if (job.state === 'queued') {
      try {
        const spec = ((await this.redis(() => Job.fromId(this.queue, id))) as Job<QueuedJob> | undefined)?.data;
        await this.redis(() => this.queue.remove(id));
        if (spec) await this.uncountClientJob(spec).catch(() => undefined);
        const mark = JSON.stringify({ ...job, queuePosition: null });
        await this.redis(() => this.commands.set(cancelledKey(id), mark, 'PX', this.options.resultTtlMs));
        await this.storage.remove(id);
        return this.get(id);
      } catch (error) {
        if (error instanceof QueueUnavailableError) throw error;
        // A worker took it meanwhile: stop it where it runs.
      }
    }
    await this.redis(() => this.commands.publish(CANCEL_CHANNEL, id));
    return untilFinished(this, id, 30_000);
  }

  async watch(id: string, listener: (job: JobRecord | undefined) => void): Promise<() => void> {
    const poke = jobFollower(() => this.get(id), listener);
    const onChange = () => void poke();
    this.changes.on('change', onChange);
    // Events missed while Redis was away are made up for by reading now and then.
    const poll = setInterval(onChange, WATCH_POLL_MS);
    await poke();
    return () => {
      clearInterval(poll);
      this.changes.off('change', onChange);
    };
  }

  async progressOf(progressId: string): Promise<ProgressReport> {
    const kept = await this.redis(() => this.commands.get(progressKey(progressId)));
    if (!kept) return WAITING_REPORT;
    if (kept.startsWith('{')) return JSON.parse(kept) as ProgressReport;
    const job = await this.get(kept);
    return job ? reportOfRecord(job) : WAITING_REPORT;
  }

  /** The job and its files go; its progress report stays readable under its progress id for a minute. */
  async forget(id: string): Promise<void> {
    const progressId = ((await this.redis(() => Job.fromId(this.queue, id)).catch(() => undefined)) as Job<QueuedJob> | undefined)?.data.progressId;
    const record = progressId ? await this.get(id).catch(() => undefined) : undefined;
    if (progressId && record) {
      await this.redis(() => this.commands.set(progressKey(progressId), JSON.stringify(reportOfRecord(record)), 'PX', PROGRESS_KEPT_AFTER_END_MS)).catch(
        () => undefined,
      );
    }
    await this.redis(() => this.queue.remove(id)).catch(() => undefined);
    await this.storage.remove(id);
  }

  async depth(): Promise<number> {
    return this.redis(() => this.queue.getJobCountByTypes('waiting', 'prioritized'));
  }

  async heldResults(): Promise<HeldResult[]> {
    const done = (await this.redis(() => this.queue.getJobs(['completed']))) as Job<QueuedJob>[];
    return done.flatMap((job) => {
      const result = job.returnvalue as JobResultFile | null;
      return result ? [{ jobId: job.id!, client: job.data.clientAddress, bytes: result.size, finishedAt: job.finishedOn ?? Date.now() }] : [];
    });
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    await this.bullWorker?.close();
    await this.events?.close();
    await this.queue.close();
    this.cancelListener?.disconnect();
    this.commands.disconnect();
  }

  /** A worker's run of one job; failures are written as the answer they stand for, and never retried. */
  private async run(job: Job<QueuedJob>, signal: AbortSignal | undefined): Promise<JobResultFile | null> {
    const spec = job.data;
    const publishNow = () => {
      const progress = record.published();
      return progress ? job.updateProgress(progress).catch(() => undefined) : Promise.resolve();
    };
    const publish = throttled(PROGRESS_EVERY_MS, () => void publishNow());
    const record = new ProgressRecord(publish.call);
    try {
      const ending = await this.worker.run(spec, signal ?? new AbortController().signal, record);
      // The final record (items still running marked done or failed) is in Redis before the job ends.
      publish.cancel();
      await publishNow();
      if ('result' in ending) return ending.result;
      const reason: FailedReason = 'cancelled' in ending ? { cancelled: true } : { failure: ending.failure };
      throw new UnrecoverableError(JSON.stringify(reason));
    } finally {
      await this.uncountClientJob(spec).catch(() => undefined);
    }
  }

  /** Removes expired jobs and folders no job owns any more (their job removed, or never queued: the API node died mid-way). */
  private async sweep(): Promise<void> {
    const now = Date.now();
    for (const { jobId, changedAt } of await this.storage.list()) {
      if (now - changedAt < 60_000) continue;
      const job = await this.queue.getJob(jobId);
      if (!job) {
        await this.storage.remove(jobId);
        continue;
      }
      if (job.finishedOn !== undefined && now - job.finishedOn > this.options.resultTtlMs) await this.forget(jobId);
    }
  }

  /** A Redis call; Redis away is QueueUnavailableError (503), not a 500. */
  private async redis<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (isConnectionError(error)) throw new QueueUnavailableError(error);
      throw error;
    }
  }
}

/** Where Redis is, from its URL (`redis://[user:password@]host:port/db`; `rediss:` for TLS). */
function redisOptions(url: string): RedisAddress {
  const parsed = new URL(url);
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 6379),
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0,
    ...(parsed.protocol === 'rediss:' ? { tls: {} } : {}),
  };
}

/** What the job's work last published of its progress, if anything. */
function progressOf(job: Job): ProgressMeasure | undefined {
  const progress = job.progress as Partial<ProgressMeasure> | number;
  return typeof progress === 'object' && typeof progress.fraction === 'number' && typeof progress.stage === 'string'
    ? { fraction: progress.fraction, stage: progress.stage, ...(Array.isArray(progress.steps) ? { steps: progress.steps } : {}) }
    : undefined;
}

/** The worker's JSON, or undefined for BullMQ's own reasons (a job stalled twice: its worker died). */
function parseReason(reason: string | undefined): FailedReason | undefined {
  try {
    const parsed = JSON.parse(reason ?? '') as FailedReason;
    return typeof parsed === 'object' && parsed !== null && ('failure' in parsed || 'cancelled' in parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function isConnectionError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /LOADING|TRYAGAIN|READONLY|enableOfflineQueue|max retries per request|Connection is closed|ECONNREFUSED|ECONNRESET|max retries|Stream isn't writeable|ETIMEDOUT|EPIPE/i.test(
    message,
  );
}

/** Calls `fn` at most once per `ms`, and once more after the last call (unless cancelled). */
function throttled(ms: number, fn: () => void): { call: () => void; cancel: () => void } {
  let last = 0;
  let timer: NodeJS.Timeout | undefined;
  return {
    call: () => {
      const wait = last + ms - Date.now();
      if (wait <= 0) {
        last = Date.now();
        fn();
      } else {
        timer ??= setTimeout(() => {
          timer = undefined;
          last = Date.now();
          fn();
        }, wait);
      }
    },
    cancel: () => {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
