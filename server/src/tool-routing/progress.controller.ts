import { Controller, Get, Header, Inject, Param } from '@nestjs/common';
import { ApiError } from '../http/api-error';
import { JOB_QUEUE, type JobQueue } from '../jobs/job-queue';
import { PROGRESS_ID, type ProgressReport } from '../jobs/progress-record';

/**
 * `GET /api/v1/progress/{id}`: how far the job of a request sent with
 * `?progressId={id}` has got (a pipeline's steps and files), read from the job
 * itself, on whichever node it runs. Before it is queued (the upload still
 * arriving), and a minute after it ended, `waiting` with no stages: a page asks
 * from the moment it sends, and an error status would only fill its console.
 */
@Controller('api/v1/progress')
export class ProgressController {
  constructor(@Inject(JOB_QUEUE) private readonly queue: JobQueue) {}

  @Get(':id')
  @Header('Cache-Control', 'no-store')
  read(@Param('id') id: string): Promise<ProgressReport> {
    if (!PROGRESS_ID.test(id)) throw new ApiError(404, '/errors/not-found', 'Not Found', 'A progress id is a UUID the client chose.');
    return this.queue.progressOf(id);
  }
}
