import { EventEmitter } from 'node:events';
import { DONE_PROGRESS, QUEUED_PROGRESS, STARTING_PROGRESS, type QueuedJob } from './job';
import type { JobFailures } from './job-failures';
import { isFinished, jobFollower, reportOfRecord, untilFinished, type HeldResult, type JobQueue, type JobRecord } from './job-queue';
import type { JobStorage } from './job-storage';
import type { JobEnding, JobWorker } from './job-worker';
import { EndedReports, ProgressRecord, WAITING_REPORT, type ProgressReport } from './progress-record';
import type { SlotLimiter } from './slot-limiter';

interface Entry {
  job: QueuedJob;
  record: JobRecord;
  abort: AbortController;
  finishedAt?: number;
  expiry?: NodeJS.Timeout;
}

/**
 * Jobs in this process, synchronous requests' and async ones' alike: they take
 * the slot limiter's slots, and live in memory until their result has been
 * sent or has expired.
 */
export class EmbeddedJobQueue implements JobQueue {
  private readonly jobs = new Map<string, Entry>();
  private readonly endedReports = new EndedReports();
  private readonly changes = new EventEmitter().setMaxListeners(0);

  constructor(
    private readonly worker: JobWorker,
    private readonly slots: SlotLimiter,
    private readonly storage: JobStorage,
    private readonly failures: JobFailures,
    private readonly resultTtlMs: number,
  ) {}

  async submit(job: QueuedJob): Promise<void> {
    this.slots.refuseIfFull(job.clientAddress);
    const abort = new AbortController();
    const record: JobRecord = { id: job.id, toolId: job.toolId, createdAt: job.createdAt, state: 'queued', queuePosition: null, progress: QUEUED_PROGRESS };
    const entry: Entry = { job, record, abort };
    this.jobs.set(job.id, entry);
    const progress = new ProgressRecord(() => {
      record.workProgress = progress.published() ?? record.workProgress;
      if (record.state === 'running') record.progress = record.workProgress ?? record.progress;
      this.changed();
    });
    const run = this.slots.run({ deadline: job.deadline, timeLimitMs: job.timeLimitMs, signal: abort.signal, client: job.clientAddress }, () => {
      record.state = 'running';
      record.progress = STARTING_PROGRESS;
      this.changed();
      return this.worker.run(job, abort.signal, progress);
    });
    this.changed();
    void run.then(
      (ending) => this.end(entry, ending),
      // Never started: cancelled, or out of time, while it waited for a slot.
      (error: unknown) => {
        void this.storage.remove(job.id);
        this.end(entry, abort.signal.aborted ? { cancelled: true } : { failure: this.failures.of(job, error) });
      },
    );
  }

  async get(id: string): Promise<JobRecord | undefined> {
    const entry = this.jobs.get(id);
    if (!entry) return undefined;
    const { record } = entry;
    return { ...record, queuePosition: record.state === 'queued' ? this.slots.positionOf(entry.abort.signal) : null };
  }

  async progressOf(progressId: string): Promise<ProgressReport> {
    const entry = [...this.jobs.values()].find((e) => e.job.progressId === progressId);
    if (entry) return reportOfRecord(entry.record);
    return this.endedReports.get(progressId) ?? WAITING_REPORT;
  }

  async cancel(id: string): Promise<JobRecord | undefined> {
    const entry = this.jobs.get(id);
    if (!entry) return undefined;
    if (!isFinished(entry.record)) {
      entry.abort.abort();
      // Settles once its engines have exited; the folder goes with it.
      await untilFinished(this, id);
    }
    return this.get(id);
  }

  async watch(id: string, listener: (job: JobRecord | undefined) => void): Promise<() => void> {
    const poke = jobFollower(() => this.get(id), listener);
    const onChange = () => void poke();
    this.changes.on('change', onChange);
    await poke();
    return () => this.changes.off('change', onChange);
  }

  async forget(id: string): Promise<void> {
    const entry = this.jobs.get(id);
    if (!entry) return;
    clearTimeout(entry.expiry);
    this.jobs.delete(id);
    if (entry.job.progressId) this.endedReports.keep(entry.job.progressId, reportOfRecord(entry.record));
    await this.storage.remove(id);
    this.changed();
  }

  async depth(): Promise<number> {
    return [...this.jobs.values()].filter((e) => e.record.state === 'queued').length;
  }

  async heldResults(): Promise<HeldResult[]> {
    return [...this.jobs.values()].flatMap(({ job, record, finishedAt }) =>
      record.state === 'done' && record.result ? [{ jobId: job.id, client: job.clientAddress, bytes: record.result.size, finishedAt: finishedAt! }] : [],
    );
  }

  async close(): Promise<void> {
    for (const entry of this.jobs.values()) entry.abort.abort();
    await Promise.all([...this.jobs.keys()].map((id) => this.forget(id)));
  }

  /** A finished job keeps its record (and a result's folder) until its result is sent or expires. */
  private end(entry: Entry, ending: JobEnding): void {
    const { record } = entry;
    if ('result' in ending) Object.assign(record, { state: 'done', result: ending.result, progress: DONE_PROGRESS });
    else if ('failure' in ending) Object.assign(record, { state: 'failed', failure: ending.failure });
    else Object.assign(record, { state: 'cancelled', failure: this.failures.cancelled });
    entry.finishedAt = Date.now();
    entry.expiry = setTimeout(() => void this.forget(entry.job.id), this.resultTtlMs);
    entry.expiry.unref();
    this.changed();
  }

  /** Any job's change may move others' queue positions: watchers re-read theirs. */
  private changed(): void {
    this.changes.emit('change');
  }
}
