import { stat } from 'node:fs/promises';
import { basename, isAbsolute, join, relative } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { fileFieldsOf, type AnyTool } from '@folio/registry';
import { Metrics, outcomeOf, type JobOutcome } from '../operations/metrics';
import type { SentFile } from '../tool-execution/tool-request';
import { ToolCatalog } from '../tool-execution/tool-catalog';
import { ToolRunner } from '../tool-execution/tool-runner';
import { Workspace } from '../workspace/workspace';
import type { JobFailure, JobResultFile, QueuedJob, StoredFile } from './job';
import { JOB_FAILURES, type JobFailures } from './job-failures';
import { JOB_STORAGE, type JobStorage } from './job-storage';
import type { ProgressRecord } from './progress-record';

/** How a run of a queued job ended: its result (null: nothing to answer, a 204), its failure, or cancelled. */
export type JobEnding = { result: JobResultFile | null } | { failure: JobFailure } | { cancelled: true };

/**
 * What a worker does with a queued job, wherever it was queued: the tool's
 * run (tool-execution/tool-runner.ts) in the job's folder, with its engines
 * confined there. A failed or cancelled job's files go at once; a result's
 * folder stays until the result has been sent or has expired.
 */
@Injectable()
export class JobWorker {
  constructor(
    private readonly runner: ToolRunner,
    private readonly catalog: ToolCatalog,
    @Inject(JOB_STORAGE) private readonly storage: JobStorage,
    @Inject(JOB_FAILURES) private readonly failures: JobFailures,
    private readonly metrics: Metrics,
  ) {}

  async run(job: QueuedJob, signal: AbortSignal, progress: ProgressRecord): Promise<JobEnding> {
    let ending: JobEnding;
    try {
      ending = { result: await this.runTool(job, signal, progress) };
    } catch (error) {
      ending = signal.aborted ? { cancelled: true } : { failure: this.failures.of(job, error) };
      await this.storage.remove(job.id);
    }
    progress.end('result' in ending);
    this.metrics.jobEnded(job.toolId, outcomeOfEnding(ending), job.createdAt);
    return ending;
  }

  /** The result file, or null when the tool had nothing to answer (204). Throws what the tool threw. */
  private async runTool(job: QueuedJob, signal: AbortSignal, progress: ProgressRecord): Promise<JobResultFile | null> {
    const tool = this.catalog.tools.find((t) => t.id === job.toolId);
    if (!tool) throw new Error(`No tool "${job.toolId}" is registered on this worker.`);
    const folder = this.storage.folderFor(job.id);
    const workspace = new Workspace(folder);
    const engine = workspace.engineOptions({ deadline: job.deadline, timeLimitMs: job.timeLimitMs, signal });
    // Names only, never paths: a stored name cannot point out of the folder.
    const inFolder = (file: StoredFile): SentFile => ({ path: join(folder, basename(file.file)), originalName: file.originalName, size: file.size });
    try {
      const request = { uploads: job.uploads.map(inFolder), body: withFilesIn(tool, job.body, inFolder) };
      const answer = await this.runner.run(tool, this.catalog.processorOf(tool), request, workspace, engine, progress);
      if ('noContent' in answer) return null;
      const file = relative(folder, answer.path);
      if (file.startsWith('..') || isAbsolute(file)) throw new Error(`${tool.id} wrote its result outside the job's folder.`);
      const { size } = await stat(answer.path);
      return { file, fileName: answer.fileName, contentType: answer.contentType, size, ...(answer.headers ? { headers: { ...answer.headers } } : {}) };
    } finally {
      // The result is read later; the folder stays. Engines must have exited first.
      await workspace.processes.allSettled();
    }
  }
}

function outcomeOfEnding(ending: JobEnding): JobOutcome {
  if ('cancelled' in ending) return 'cancelled';
  if ('failure' in ending) return outcomeOf(ending.failure.status);
  return ending.result ? 'ok' : 'no_content';
}

/** The body with each file field's parts (stored by name in the job) as files in the job's folder. */
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
