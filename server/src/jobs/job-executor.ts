import { stat } from 'node:fs/promises';
import { basename, isAbsolute, join, relative } from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { fileFieldsOf, type AnyTool } from '@folio/registry';
import { SERVER_CONFIG, type ServerConfig } from '../config';
import { ApiError, problemBody, unexpectedFailureBody } from '../http/api-error';
import { toApiError } from '../http/api-exception.filter';
import type { ProgressReporter } from '../job-progress/job-progress';
import { ToolCatalog } from '../tool-routing/tool-catalog';
import { ToolRunner, type SentFile } from '../tool-routing/tool-runner';
import { Metrics, outcomeOf, type JobOutcome } from '../operations/metrics';
import { Workspace } from '../workspace/workspace';
import type { JobFailure, JobResultFile, JobSpec, StoredFile } from './job';
import { JOB_STORAGE, type JobStorage } from './job-storage';

/**
 * What a worker does with a queued job, wherever it was queued: the tool's
 * whole run (checks, options, processor, batch ZIP) in the job's folder, with
 * its engines confined there, as a synchronous request would be run.
 */
@Injectable()
export class JobExecutor {
  private readonly logger = new Logger('JobExecutor');

  constructor(
    private readonly runner: ToolRunner,
    private readonly catalog: ToolCatalog,
    @Inject(JOB_STORAGE) private readonly storage: JobStorage,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
    private readonly metrics: Metrics,
  ) {}

  /** The result file, or null when the tool had nothing to answer (204). Throws what the tool threw. */
  async execute(spec: JobSpec, signal: AbortSignal, progress: ProgressReporter): Promise<JobResultFile | null> {
    const tool = this.catalog.tools.find((t) => t.id === spec.toolId);
    if (!tool) throw new Error(`No tool "${spec.toolId}" is registered on this worker.`);
    const folder = this.storage.folderFor(spec.id);
    const workspace = new Workspace(folder);
    const engine = workspace.engineOptions({ deadline: spec.deadline, timeLimitMs: spec.timeLimitMs, signal });
    // Names only, never paths: a stored name cannot point out of the folder.
    const inFolder = (file: StoredFile): SentFile => ({ path: join(folder, basename(file.file)), originalName: file.originalName, size: file.size });
    let outcome: JobOutcome = 'server_error';
    try {
      const answer = await this.runner.execute(tool, this.catalog.processorOf(tool), { uploads: spec.uploads.map(inFolder), body: withFilesIn(tool, spec.body, inFolder) }, workspace, engine, progress);
      outcome = 'noContent' in answer ? 'no_content' : 'ok';
      if ('noContent' in answer) return null;
      const file = relative(folder, answer.path);
      if (file.startsWith('..') || isAbsolute(file)) throw new Error(`${tool.id} wrote its result outside the job's folder.`);
      const { size } = await stat(answer.path);
      return { file, fileName: answer.fileName, contentType: answer.contentType, size, ...(answer.headers ? { headers: { ...answer.headers } } : {}) };
    } catch (error) {
      outcome = signal.aborted ? 'cancelled' : outcomeOf(toApiError(error, this.config)?.status ?? 500);
      throw error;
    } finally {
      this.metrics.jobEnded(spec.toolId, outcome, spec.createdAt);
      // The result is read later; the folder stays. Engines must have exited first.
      await workspace.processes.allSettled();
    }
  }

  /** The answer a failure gets: the synchronous request's status and problem JSON. */
  failureOf(spec: JobSpec, error: unknown): JobFailure {
    const path = this.catalog.tools.find((t) => t.id === spec.toolId)?.endpoint ?? '/api/v1';
    const apiError = toApiError(error, this.config);
    if (apiError) return { status: apiError.status, body: problemBody(apiError, path) };
    this.logger.error(`Job ${spec.id} (${spec.toolId}) failed`, error instanceof Error ? error.stack : String(error));
    return { status: 500, body: unexpectedFailureBody(path) };
  }
}

/** A job that was cancelled ends with this. */
export const CANCELLED_FAILURE: JobFailure = {
  status: 410,
  body: { type: '/errors/job-cancelled', title: 'Cancelled', status: 410, error: 'The job was cancelled.', detail: 'The job was cancelled.' },
};

/** A job whose worker stopped twice (killed, out of memory, lost its host): retried once, then this. */
export function workerLostFailure(): JobFailure {
  const error = new ApiError(503, '/errors/worker-lost', 'Worker Lost', 'The server running this job stopped, twice; please send the file again.');
  return { status: error.status, body: problemBody(error, '/api/v1/general/job') };
}

/** The body with each file field's parts (stored by name in the spec) as files in the job's folder. */
function withFilesIn(tool: AnyTool, body: Record<string, unknown>, inFolder: (file: StoredFile) => SentFile): Record<string, unknown> {
  const filled = { ...body };
  for (const [name, field] of fileFieldsOf(tool)) {
    for (const key of [name, ...(field.aliases ?? [])]) {
      const value = filled[key];
      if (Array.isArray(value)) filled[key] = (value as StoredFile[]).map(inFolder);
    }
  }
  return filled;
}
