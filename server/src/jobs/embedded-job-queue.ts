import { EventEmitter } from 'node:events';
import { publishedProgress, recordingReporter, type JobProgressReport } from '../job-progress/job-progress';
import { QUEUED_PROGRESS, type JobSpec } from './job';
import { CANCELLED_FAILURE, type JobExecutor } from './job-executor';
import type { FairSlots } from './fair-slots';
import { isFinished, jobFollower, untilFinished, type HeldResult, type JobQueue, type JobRecord } from './job-queue';
import type { JobStorage } from './job-storage';

interface Entry {
  spec: JobSpec;
  record: JobRecord;
  abort: AbortController;
  finishedAt?: number;
  expiry?: NodeJS.Timeout;
}

/**
 * Jobs in this process: they take the same slots as synchronous requests (one
 * bound for both), and live in memory until downloaded or expired.
 */
export class EmbeddedJobQueue implements JobQueue {
  readonly inProcess = true;
  private readonly jobs = new Map<string, Entry>();
  private readonly changes = new EventEmitter().setMaxListeners(0);

  constructor(
    private readonly executor: JobExecutor,
    private readonly slots: FairSlots,
    private readonly storage: JobStorage,
    private readonly resultTtlMs: number,
  ) {}

  async submit(spec: JobSpec): Promise<void> {
    this.slots.refuseIfFull(spec.clientAddress);
    const abort = new AbortController();
    const record: JobRecord = { id: spec.id, toolId: spec.toolId, createdAt: spec.createdAt, state: 'queued', queuePosition: null, progress: QUEUED_PROGRESS };
    const entry: Entry = { spec, record, abort };
    this.jobs.set(spec.id, entry);
    const report: JobProgressReport = { state: 'running', stages: [] };
    const progress = recordingReporter(report, () => {
      record.progress = publishedProgress(report) ?? record.progress;
      this.changed();
    });
    const run = this.slots.run({ deadline: spec.deadline, timeLimitMs: spec.timeLimitMs, signal: abort.signal, client: spec.clientAddress }, () => {
      record.state = 'running';
      record.progress = { fraction: 0, stage: 'starting' };
      this.changed();
      return this.executor.execute(spec, abort.signal, progress);
    });
    this.changed();
    void run.then(
      (result) => this.end(entry, { state: 'done', result, progress: { fraction: 1, stage: 'done' } }),
      (error: unknown) =>
        this.end(entry, abort.signal.aborted ? { state: 'cancelled', failure: CANCELLED_FAILURE } : { state: 'failed', failure: this.executor.failureOf(spec, error) }),
    );
  }

  async get(id: string): Promise<JobRecord | undefined> {
    const entry = this.jobs.get(id);
    if (!entry) return undefined;
    const { record } = entry;
    return { ...record, queuePosition: record.state === 'queued' ? this.slots.positionOf(entry.abort.signal) : null };
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
    await this.storage.remove(id);
    this.changed();
  }

  async depth(): Promise<number> {
    return [...this.jobs.values()].filter((e) => e.record.state === 'queued').length;
  }

  async heldResults(): Promise<HeldResult[]> {
    return [...this.jobs.values()].flatMap(({ spec, record, finishedAt }) =>
      record.state === 'done' && record.result ? [{ jobId: spec.id, client: spec.clientAddress, bytes: record.result.size, finishedAt: finishedAt! }] : [],
    );
  }

  async close(): Promise<void> {
    for (const entry of this.jobs.values()) entry.abort.abort();
    await Promise.all([...this.jobs.keys()].map((id) => this.forget(id)));
  }

  /** A finished job keeps its record (and a result's folder) until downloaded or expired; a failed one's files go now. */
  private end(entry: Entry, outcome: Partial<JobRecord>): void {
    Object.assign(entry.record, outcome);
    entry.finishedAt = Date.now();
    if (outcome.state !== 'done' || !outcome.result) void this.storage.remove(entry.spec.id);
    entry.expiry = setTimeout(() => void this.forget(entry.spec.id), this.resultTtlMs);
    entry.expiry.unref();
    this.changed();
  }

  /** Any job's change may move others' queue positions: watchers re-read theirs. */
  private changed(): void {
    this.changes.emit('change');
  }
}
