import { Logger } from '@nestjs/common';
import { describePipelineIssue, type PipelineIssue } from '@folio/registry';
import type { ServerConfig } from '../../config';
import { JobAbortedError } from '../../engines/limiter';
import { ApiError } from '../../http/api-error';
import { toApiError } from '../../http/api-exception.filter';

const logger = new Logger('Pipeline');

/** Problems found before anything ran: a 400 whose detail is the first, `errors` all of them. */
export function invalidPipeline(issues: readonly PipelineIssue[]): ApiError {
  const sentences = issues.map(describePipelineIssue);
  return ApiError.invalidArgument(sentences[0], sentences);
}

/**
 * A step's failure as the pipeline's answer: the status and problem type the
 * step's own request would have had, its detail prefixed with the step. An
 * unexpected error is a 500 naming the step, its cause only in the log.
 */
export function stepFailure(error: unknown, at: { step: number; operation: string }, config: Pick<ServerConfig, 'maxUploadBytes' | 'maxFiles'>): Error {
  // The client went away: nothing to report to anyone.
  if (error instanceof JobAbortedError) return error;
  const where = describePipelineIssue({ ...at, message: '' });
  const known = toApiError(error, config);
  if (!known) {
    logger.error(`${where}failed`, error instanceof Error ? error.stack : String(error));
    return new ApiError(500, '/errors/pipeline-step-failed', 'Pipeline Step Failed', `${where}the file could not be processed.`);
  }
  return new ApiError(known.status, known.type, known.title, `${where}${known.detail}`, {
    ...known.extra,
    ...(known.extra.errors ? { errors: known.extra.errors.map((e) => `${where}${e}`) } : {}),
  });
}
