import { Injectable } from '@nestjs/common';

/** Where one item (a file) of a stage stands. */
export type ItemState = 'waiting' | 'running' | 'done' | 'failed';

export interface StageProgress {
  /** e.g. 'Rotate PDF' */
  title: string;
  items: { name: string; state: ItemState }[];
}

/** A job's progress as clients read it. */
export interface JobProgressReport {
  /** `waiting`: nothing recorded under the id (not started yet, or long over). */
  state: 'waiting' | 'running' | 'done' | 'failed';
  stages: StageProgress[];
}

/**
 * What a processor tells about its progress: the stages it will pass through
 * (a pipeline's steps), then each stage's items (files) and their states.
 */
export interface ProgressReporter {
  plan(stages: readonly string[]): void;
  begin(stage: number, items: readonly string[]): void;
  update(stage: number, item: number, state: ItemState): void;
}

/** For a request nobody watches. */
export const SILENT_PROGRESS: ProgressReporter = { plan: () => undefined, begin: () => undefined, update: () => undefined };

/** A client's id for a request's progress: a random UUID it chose, which nobody else can guess. */
export const PROGRESS_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How long a finished job's progress stays readable: the client's last poll comes after the answer. */
const KEPT_AFTER_END_MS = 60_000;
/** Most jobs remembered at once; the oldest go first. */
const MAX_JOBS = 1_000;

/**
 * Progress of running jobs, in memory, under ids their clients chose. Only
 * stage titles, file names and states are kept, never contents.
 */
@Injectable()
export class JobProgress {
  private readonly jobs = new Map<string, { report: JobProgressReport; endedAt?: number }>();

  /** Starts recording a job's progress under `id`; a reporter that records nothing without one. */
  open(id: string | undefined): { reporter: ProgressReporter; end(ok: boolean): void } {
    if (!id || !PROGRESS_ID.test(id)) return { reporter: SILENT_PROGRESS, end: () => undefined };
    this.forgetOld();
    const report: JobProgressReport = { state: 'running', stages: [] };
    const entry: { report: JobProgressReport; endedAt?: number } = { report };
    this.jobs.delete(id);
    this.jobs.set(id, entry);
    const stage = (index: number) => report.stages[index];
    return {
      reporter: {
        plan: (titles) => {
          report.stages = titles.map((title) => ({ title, items: [] }));
        },
        begin: (index, items) => {
          if (stage(index)) stage(index).items = items.map((name) => ({ name, state: 'waiting' }));
        },
        update: (index, item, state) => {
          const target = stage(index)?.items[item];
          if (target) target.state = state;
        },
      },
      end: (ok) => {
        report.state = ok ? 'done' : 'failed';
        for (const item of report.stages.flatMap((s) => s.items)) if (item.state === 'running') item.state = ok ? 'done' : 'failed';
        entry.endedAt = Date.now();
      },
    };
  }

  read(id: string): JobProgressReport | undefined {
    this.forgetOld();
    return this.jobs.get(id)?.report;
  }

  private forgetOld(): void {
    const now = Date.now();
    for (const [id, job] of this.jobs) if (job.endedAt !== undefined && now - job.endedAt > KEPT_AFTER_END_MS) this.jobs.delete(id);
    while (this.jobs.size >= MAX_JOBS) this.jobs.delete(this.jobs.keys().next().value!);
  }
}
