import { Controller, Get, Header, Param } from '@nestjs/common';
import { ApiError } from '../http/api-error';
import { JobProgress, PROGRESS_ID, type JobProgressReport } from './job-progress';

/**
 * `GET /api/v1/progress/{id}`: how far a request sent with `?progressId={id}`
 * has got (a pipeline's steps and files). 404 until it starts and a minute after it ends.
 */
@Controller('api/v1/progress')
export class JobProgressController {
  constructor(private readonly progress: JobProgress) {}

  @Get(':id')
  @Header('Cache-Control', 'no-store')
  read(@Param('id') id: string): JobProgressReport {
    const report = PROGRESS_ID.test(id) ? this.progress.read(id) : undefined;
    if (!report) throw new ApiError(404, '/errors/not-found', 'Not Found', 'No progress is recorded under this id.');
    return report;
  }
}
