/**
 * A failure inside one step of a run made of steps (a pipeline's): answered as
 * the step's own request would have been, its message prefixed with `where`.
 * e.g. where 'Step 2 (/api/v1/general/remove-pages): '
 */
export class StepError extends Error {
  constructor(
    readonly where: string,
    readonly failure: unknown,
  ) {
    super(`${where}${failure instanceof Error ? failure.message : String(failure)}`);
    this.name = 'StepError';
  }
}
