import { describePipelineIssue, type PipelineIssue } from '@folio/registry';
import { JobAbortedError } from '../../engines/limiter';
import { InvalidInputError } from '../../refusals/input-errors';
import { StepError } from '../../tool-execution/step-error';

/** Problems found before anything ran: a 400 whose detail is the first, `errors` all of them. */
export function invalidPipeline(issues: readonly PipelineIssue[]): InvalidInputError {
  const sentences = issues.map(describePipelineIssue);
  return new InvalidInputError(sentences[0], sentences);
}

/**
 * A step's failure as the pipeline's: answered with the status and problem type
 * the step's own request would have had, its detail prefixed with the step (an
 * unexpected error: a 500 naming the step, its cause only in the log).
 */
export function stepFailure(error: unknown, at: { step: number; operation: string }): Error {
  // The client went away: nothing to report to anyone.
  if (error instanceof JobAbortedError) return error;
  return new StepError(describePipelineIssue({ ...at, message: '' }), error);
}
