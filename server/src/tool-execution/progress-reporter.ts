import type { JobItemState } from '@folio/registry';

/** Where one item (a file) of a stage stands (the wire's states). */
export type ItemState = JobItemState;

/**
 * What a processor tells about its progress: the stages it will pass through
 * (a pipeline's steps), then each stage's items (files) and their states.
 * The job running the tool keeps it in its progress record (jobs/progress-record.ts).
 */
export interface ProgressReporter {
  plan(stages: readonly string[]): void;
  begin(stage: number, items: readonly string[]): void;
  update(stage: number, item: number, state: ItemState): void;
  /** Work without stages tells how far it has got directly: measure(12 / 30, 'page 12 of 30'). */
  measure(fraction: number, stage: string): void;
}

/** For a run nobody watches (a pipeline's inner steps report through the pipeline). */
export const SILENT_PROGRESS: ProgressReporter = { plan: () => undefined, begin: () => undefined, update: () => undefined, measure: () => undefined };
