import { Logger } from '@nestjs/common';
import type { ServerConfig } from '../config';
import type { JobFailure } from '../jobs/job';
import type { JobFailures } from '../jobs/job-failures';
import { ApiError, problemBody, unexpectedFailureBody } from './api-error';
import { logStepCause, toApiError } from './api-exception.filter';

/**
 * Job failures as the answers their requests get: the status, problem JSON and
 * headers the exception filter would send for the same error, so that a
 * failed job's answer is the synchronous request's, wherever it is read.
 */
export class ProblemJobFailures implements JobFailures {
  private readonly logger = new Logger('JobFailures');

  constructor(
    private readonly endpointOf: (toolId: string) => string | undefined,
    private readonly config: Pick<ServerConfig, 'maxUploadBytes' | 'maxFiles'>,
  ) {}

  readonly cancelled: JobFailure = {
    status: 410,
    body: { type: '/errors/job-cancelled', title: 'Cancelled', status: 410, error: 'The job was cancelled.', detail: 'The job was cancelled.' },
  };

  get workerLost(): JobFailure {
    return failureOf(
      new ApiError(503, '/errors/worker-lost', 'Worker Lost', 'The server running this job stopped, twice; please send the file again.'),
      '/api/v1/general/job',
    );
  }

  of(job: { id: string; toolId: string }, error: unknown): JobFailure {
    const path = this.endpointOf(job.toolId) ?? '/api/v1';
    const apiError = toApiError(error, this.config);
    if (apiError) {
      logStepCause(error, this.logger, this.config);
      return failureOf(apiError, path);
    }
    this.logger.error(`Job ${job.id} (${job.toolId}) failed`, error instanceof Error ? error.stack : String(error));
    return { status: 500, body: unexpectedFailureBody(path) };
  }
}

function failureOf(error: ApiError, path: string): JobFailure {
  return { status: error.status, body: problemBody(error, path), ...(error.extra.headers ? { headers: { ...error.extra.headers } } : {}) };
}
