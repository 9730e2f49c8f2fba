import { Controller, Get, Header, Param } from '@nestjs/common';
import { ApiError } from '../http/api-error';
import { JobProgress, PROGRESS_ID, type JobProgressReport } from './job-progress';

/**
 * `GET /api/v1/progress/{id}`: how far a request sent with `?progressId={id}`
 * has got (a pipeline's steps and files). Before it has started (the upload still
 * arriving), and a minute after it ended, `waiting` with no stages: a page asks
 * from the moment it sends, and an error status would only fill its console.
 */
@Controller('api/v1/progress')
export class JobProgressController {
  constructor(private readonly progress: JobProgress) {}

  @Get(':id')
  @Header('Cache-Control', 'no-store')
  read(@Param('id') id: string): JobProgressReport {
    if (!PROGRESS_ID.test(id)) throw new ApiError(404, '/errors/not-found', 'Not Found', 'A progress id is a UUID the client chose.');
    return this.progress.read(id) ?? { state: 'waiting', stages: [] };
  }
}
