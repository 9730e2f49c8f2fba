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
  /** How far the work has got and what it is doing now, e.g. `{ fraction: 0.4, stage: 'page 12 of 30' }`. */
  current?: ProgressMeasure;
}

/** A job's progress in one line: a fraction from 0 to 1 and the stage, e.g. 'step 2 of 4: Compress'. */
export interface ProgressMeasure {
  fraction: number;
  stage: string;
  /** For work in stages (a pipeline's steps), each with its files and their states. */
  steps?: StageProgress[];
}

/** The report as jobs publish it: the one-line measure, with the stages when there are any (a copy, safe to keep). */
export function publishedProgress(report: JobProgressReport): ProgressMeasure | undefined {
  if (!report.current) return undefined;
  const { fraction, stage } = report.current;
  return report.stages.length > 0 ? { fraction, stage, steps: structuredClone(report.stages) } : { fraction, stage };
}

/**
 * What a processor tells about its progress: the stages it will pass through
 * (a pipeline's steps), then each stage's items (files) and their states.
 */
export interface ProgressReporter {
  plan(stages: readonly string[]): void;
  begin(stage: number, items: readonly string[]): void;
  update(stage: number, item: number, state: ItemState): void;
  /** Work without stages tells how far it has got directly: measure(12 / 30, 'page 12 of 30'). */
  measure(fraction: number, stage: string): void;
}

/** For a request nobody watches. */
export const SILENT_PROGRESS: ProgressReporter = { plan: () => undefined, begin: () => undefined, update: () => undefined, measure: () => undefined };

/**
 * A reporter that keeps a report and tells `onChange` after every change: the
 * stages as the pipeline page lists them, and the one-line measure jobs publish
 * (a measured stage, or one worked out from the stages' items).
 */
export function recordingReporter(report: JobProgressReport, onChange: (report: JobProgressReport) => void = () => undefined): ProgressReporter {
  const stage = (index: number) => report.stages[index];
  const changed = () => {
    report.current = measureOfStages(report.stages) ?? report.current;
    onChange(report);
  };
  return {
    plan: (titles) => {
      report.stages = titles.map((title) => ({ title, items: [] }));
      changed();
    },
    begin: (index, items) => {
      if (stage(index)) stage(index).items = items.map((name) => ({ name, state: 'waiting' }));
      changed();
    },
    update: (index, item, state) => {
      const target = stage(index)?.items[item];
      if (target) target.state = state;
      changed();
    },
    measure: (fraction, label) => {
      report.current = { fraction: Math.min(Math.max(fraction, 0), 1), stage: label };
      onChange(report);
    },
  };
}

/** Stages' progress in one line: steps count equally, and within a step its files. e.g. 'step 2 of 4: Compress (file 1 of 3)' */
function measureOfStages(stages: readonly StageProgress[]): ProgressMeasure | undefined {
  if (stages.length === 0) return undefined;
  const finished = (item: { state: ItemState }) => item.state === 'done' || item.state === 'failed';
  let index = stages.findIndex((s) => s.items.length === 0 || !s.items.every(finished));
  if (index < 0) index = stages.length - 1;
  const { title, items } = stages[index];
  const doneItems = items.filter(finished).length;
  const withinStage = items.length === 0 ? 0 : doneItems / items.length;
  const running = items.findIndex((item) => item.state === 'running');
  const fileNote = items.length > 1 && running >= 0 ? ` (file ${running + 1} of ${items.length})` : '';
  return { fraction: (index + withinStage) / stages.length, stage: `step ${index + 1} of ${stages.length}: ${title}${fileNote}` };
}

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
    return {
      reporter: recordingReporter(report),
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
