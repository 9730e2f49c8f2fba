import type { JobProgressMeasure, JobStage } from '@folio/registry';
import type { ItemState, ProgressReporter } from '../tool-execution/progress-reporter';

/** One stage of work done in stages (a pipeline step), with its files: the wire's shape. */
export type StageProgress = JobStage;

/** A job's progress in one line: a fraction from 0 to 1 and the stage, e.g. 'step 2 of 4: Compress' (the wire's shape). */
export type ProgressMeasure = JobProgressMeasure;

/** What `GET /api/v1/progress/{id}` answers about the job sent with that progress id. */
export interface ProgressReport {
  /** `waiting`: no job under the id (not sent yet, or ended more than a minute ago). */
  state: 'waiting' | 'running' | 'done' | 'failed';
  stages: StageProgress[];
  /** How far the work has got and what it is doing now, e.g. `{ fraction: 0.4, stage: 'page 12 of 30' }`. */
  current?: ProgressMeasure;
}

/** The report of a job under no (known) progress id. */
export const WAITING_REPORT: ProgressReport = { state: 'waiting', stages: [] };

/** How long a finished job's progress stays readable under its progress id: the client's last poll comes after the answer. */
export const PROGRESS_KEPT_AFTER_END_MS = 60_000;

/**
 * A job's progress record: what its processor reports (the stages a pipeline
 * passes through, each stage's files and their states, or a measured stage)
 * and the one-line measure worked out from it. It is the reporter the job's
 * processor is handed; `onChange` hears of every change. Only stage titles,
 * file names and states are kept, never contents.
 */
export class ProgressRecord implements ProgressReporter {
  private stages: StageProgress[] = [];
  private current?: ProgressMeasure;

  constructor(private readonly onChange: () => void = () => undefined) {}

  plan(titles: readonly string[]): void {
    this.stages = titles.map((title) => ({ title, items: [] }));
    this.changed();
  }

  begin(index: number, items: readonly string[]): void {
    const stage = this.stages[index];
    if (stage) stage.items = items.map((name) => ({ name, state: 'waiting' }));
    this.changed();
  }

  update(index: number, item: number, state: ItemState): void {
    const target = this.stages[index]?.items[item];
    if (target) target.state = state;
    this.changed();
  }

  measure(fraction: number, stage: string): void {
    this.current = { fraction: Math.min(Math.max(fraction, 0), 1), stage };
    this.onChange();
  }

  /** The job has ended: items still running end with it, as done or failed. */
  end(ok: boolean): void {
    for (const item of this.stages.flatMap((s) => s.items)) if (item.state === 'running') item.state = ok ? 'done' : 'failed';
    this.changed();
  }

  /** The record as a job publishes it: the one-line measure, with the stages when there are any (a copy, safe to keep); undefined before any report. */
  published(): ProgressMeasure | undefined {
    if (!this.current) return undefined;
    const { fraction, stage } = this.current;
    return this.stages.length > 0 ? { fraction, stage, steps: structuredClone(this.stages) } : { fraction, stage };
  }

  private changed(): void {
    this.current = measureOfStages(this.stages) ?? this.current;
    this.onChange();
  }
}

/** The report of a job in `state` whose work last published `published` (nothing yet while it waits for a slot). */
export function progressReport(state: ProgressReport['state'], published: ProgressMeasure | undefined): ProgressReport {
  if (!published) return { state, stages: [] };
  const { fraction, stage, steps } = published;
  return { state, stages: steps ?? [], current: { fraction, stage } };
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

/** Most ended jobs' reports one process remembers at once; the oldest go first. */
const MAX_ENDED_REPORTS = 1_000;

/**
 * The reports of jobs that have ended and been forgotten, under their progress
 * ids, for PROGRESS_KEPT_AFTER_END_MS (the embedded queue's; Redis keeps them
 * with an expiry of their own).
 */
export class EndedReports {
  private readonly reports = new Map<string, { report: ProgressReport; endedAt: number }>();

  keep(progressId: string, report: ProgressReport): void {
    this.forgetOld();
    this.reports.delete(progressId);
    this.reports.set(progressId, { report, endedAt: Date.now() });
  }

  get(progressId: string): ProgressReport | undefined {
    this.forgetOld();
    return this.reports.get(progressId)?.report;
  }

  private forgetOld(): void {
    const now = Date.now();
    for (const [id, { endedAt }] of this.reports) if (now - endedAt > PROGRESS_KEPT_AFTER_END_MS) this.reports.delete(id);
    while (this.reports.size >= MAX_ENDED_REPORTS) this.reports.delete(this.reports.keys().next().value!);
  }
}
