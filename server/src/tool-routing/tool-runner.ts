import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  collectParams,
  FILE_FIELD,
  issueMessages,
  maxFilesPerRequest,
  renderFileName,
  resolveResult,
  RESULT_CONTENT_TYPES,
  schemaOf,
  withExtension,
  wrongTypeMessage,
  type AnyTool,
  fileFieldsOf,
  maxFilesOfField,
  tooManyFilesMessage,
  type FileTypeKey,
  type InputFile,
  type ToolParams,
} from '@folio/registry';
import { SERVER_CONFIG, type ServerConfig } from '../config';
import { FairSlots } from '../jobs/fair-slots';
import { PdfCorruptedError } from '../engines/pdf-errors';
import { EngineCrashedError, type EngineOptions } from '../engines/process';
import { countPages } from '../engines/qpdf';
import { writeZip } from '../engines/zip';
import { TooManyPagesError } from '../input-checks/input-errors';
import { ApiError } from '../http/api-error';
import { clientAddress } from '../http/client-address';
import { JobProgress, SILENT_PROGRESS, type ProgressReporter } from '../job-progress/job-progress';
import { sendResult } from './result-response';
import { toApiError } from '../http/api-exception.filter';
import { Metrics, outcomeOf } from '../operations/metrics';
import { refuseContentBombs } from '../input-checks/content-budget';
import { sniffFileType } from '../input-checks/file-sniffing';
import type { NoContentOutput, Processor, ProcessorOutput } from './processor';
import { requestWorkspace, type Workspace } from '../workspace/workspace';
import { writeForEngines } from '../engines/confinement';

/**
 * The one path every tool request takes: check files, parse options with the
 * tool's schema, run the processor (once, or per file for a batch), answer with
 * the result and its download name. The workspace is removed when the response
 * closes, on success and on failure alike.
 */
@Injectable()
export class ToolRunner {
  /** Jobs at once across all tools, shared fairly between client addresses; past the queue, 429 (back-pressure, not a pile-up). */
  private readonly jobs: FairSlots;

  constructor(
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
    private readonly progress: JobProgress,
    private readonly metrics: Metrics,
  ) {
    this.jobs = new FairSlots(config.maxConcurrentJobs, config.maxQueuedJobs, config.maxJobsPerAddress);
  }

  async run(tool: AnyTool, processor: Processor, req: Request, res: Response): Promise<void> {
    const startedAt = Date.now();
    const workspace = requestWorkspace(req, this.config.workDir);
    const abort = new AbortController();
    const job = this.runJob(tool, processor, req, workspace, abort.signal);
    // The folder stays until the job has settled and its engines have exited.
    workspace.hold(job);
    if (res.destroyed) abort.abort();
    else res.once('close', () => res.writableFinished || abort.abort());
    try {
      const answer = await job;
      this.metrics.jobEnded(tool.id, 'noContent' in answer ? 'no_content' : 'ok', startedAt);
      await this.send(res, answer);
    } catch (error) {
      this.metrics.jobEnded(tool.id, abort.signal.aborted ? 'cancelled' : outcomeOf(toApiError(error, this.config)?.status ?? 500), startedAt);
      throw error;
    }
  }

  /**
   * Runs a tool on files already in `workspace`, as a direct request would be run
   * (file counts, types and pages checked, options parsed with the tool's schema,
   * content budget, processor, batch ZIP), but within the caller's job slot and
   * time limit: a pipeline's steps.
   */
  async execute(tool: AnyTool, processor: Processor, request: ToolRequest, workspace: Workspace, engine: EngineOptions, progress = SILENT_PROGRESS): Promise<Answer> {
    return this.processChecked(tool, processor, request.uploads, this.checkRequest(tool, request), workspace, engine, progress);
  }

  private async runJob(tool: AnyTool, processor: Processor, req: Request, workspace: Workspace, signal: AbortSignal): Promise<Answer> {
    const request = this.readRequest(tool, req);
    const timeLimitMs = this.timeLimitOf(tool);
    const engine = workspace.engineOptions({ deadline: Date.now() + timeLimitMs, timeLimitMs, signal });
    // Checked before queueing: a request that cannot run does not wait for a slot.
    const parsed = this.checkRequest(tool, request);
    const progressId = typeof req.query.progressId === 'string' ? req.query.progressId : undefined;
    const tracked = this.progress.open(progressId);
    try {
      const answer = await this.jobs.run({ ...engine, client: clientAddress(req) }, () => this.processChecked(tool, processor, request.uploads, parsed, workspace, engine, tracked.reporter));
      tracked.end(true);
      return answer;
    } catch (error) {
      tracked.end(false);
      throw error;
    }
  }

  /** The files and options of a multipart tool request (file fields' parts as `SentFile`s in the body). */
  readRequest(tool: AnyTool, req: Request): ToolRequest {
    if (!req.is('multipart/form-data')) throw ApiError.unsupportedMediaType();
    const parts = (req.files as Express.Multer.File[] | undefined) ?? [];
    const fileFields = [FILE_FIELD, ...(tool.input.aliases ?? [])];
    return {
      uploads: parts.filter((part) => fileFields.includes(part.fieldname)).map(describePart),
      body: withFileParts(tool, (req.body ?? {}) as Record<string, unknown>, parts),
    };
  }

  /** A job's whole time limit, queueing included. */
  timeLimitOf(tool: AnyTool): number {
    return tool.timeoutMs ?? this.config.engineTimeoutMs;
  }

  /** The slots jobs of this process share (synchronous requests and in-process async jobs alike). */
  get slots(): FairSlots {
    return this.jobs;
  }

  /** Counts of files and the options, checked without reading any file. */
  checkRequest(tool: AnyTool, request: ToolRequest): ToolParams<AnyTool> {
    this.checkCount(tool, request.uploads);
    this.checkFieldCounts(tool, request.body);
    return this.parseParams(tool, request.body);
  }

  private async processChecked(
    tool: AnyTool,
    processor: Processor,
    uploads: readonly SentFile[],
    parsed: ToolParams<AnyTool>,
    workspace: Workspace,
    engine: EngineOptions,
    progress: ProgressReporter,
  ): Promise<Answer> {
    const files = await this.inspectFiles(tool.input.accept, tool.input.messages.wrongType, uploads, await this.passwordFile(tool, parsed, workspace), engine, processor.acceptsDamagedPdf);
    const params = await this.inspectFileFields(tool, parsed, engine);
    if (processor.readsPageContent) {
      const pdfs = [...files, ...fileFieldValues(tool, params)].filter((f) => f.type === 'pdf');
      for (const pdf of pdfs) await refuseContentBombs(pdf, this.config.maxDecodedContentBytes, { workspace, engine });
    }
    return this.process(tool, processor, files, params, workspace, engine, progress);
  }

  private parseParams(tool: AnyTool, body: Record<string, unknown>): ToolParams<AnyTool> {
    const parsed = schemaOf(tool).safeParse(collectParams(tool, body));
    if (parsed.success) return parsed.data;
    const issues = issueMessages(parsed.error);
    throw ApiError.invalidArgument(issues[0].message, issues.map((i) => `${i.field}: ${i.message}`));
  }

  private checkCount(tool: AnyTool, uploads: readonly SentFile[]): void {
    const { input } = tool;
    if (uploads.length === 0) throw ApiError.missingFile(input.messages.missing);
    if (uploads.length < (input.minFiles ?? 1)) throw ApiError.invalidArgument(input.messages.tooFew ?? input.messages.missing);
    const maxFiles = maxFilesPerRequest(input, this.config.maxFiles);
    if (uploads.length > maxFiles) throw ApiError.tooManyFiles(maxFiles);
  }

  /**
   * A file field may not carry more files than the server takes in one request.
   * Its own, lower limit is the schema's to enforce, in the field's own words.
   */
  private checkFieldCounts(tool: AnyTool, body: Readonly<Record<string, unknown>>): void {
    for (const [name, field] of fileFieldsOf(tool)) {
      const max = maxFilesOfField(field, this.config.maxFiles);
      const sent = [name, ...(field.aliases ?? [])].reduce((sum, key) => sum + (Array.isArray(body[key]) ? (body[key] as unknown[]).length : 0), 0);
      const ownMax = field.multiple ? (field.maxFiles ?? Infinity) : 1;
      if (sent > max && max < ownMax) {
        const message = tooManyFilesMessage(field.label, max);
        throw ApiError.invalidArgument(message, [`${name}: ${message}`]);
      }
    }
  }

  /** Writes the password a tool's `input.passwordField` holds to a file only this job can read. */
  private async passwordFile(tool: AnyTool, params: ToolParams<AnyTool>, workspace: Workspace): Promise<string | undefined> {
    const password = tool.input.passwordField && (params as Record<string, unknown>)[tool.input.passwordField];
    if (typeof password !== 'string' || password === '') return undefined;
    const path = workspace.newPath('.password');
    await writeForEngines(path, `${password}\n`);
    return path;
  }

  /**
   * Sniffs each file's type and opens each PDF once (page count; password and
   * damage surface here). With `damagedAllowed`, a PDF qpdf cannot open or
   * finds no pages in passes without a page count (Repair's input).
   */
  private async inspectFiles(
    accept: readonly FileTypeKey[],
    wrongType: string,
    sent: readonly SentFile[],
    passwordFile: string | undefined,
    engine: EngineOptions,
    damagedAllowed = false,
  ): Promise<InputFile[]> {
    const files: InputFile[] = [];
    for (const { path, originalName, size } of sent) {
      if (size === 0) throw ApiError.invalidArgument(`The file "${originalName}" is empty.`);
      const type = await sniffFileType(path, originalName, accept);
      if (!type) throw ApiError.wrongFileType(wrongType);
      const file: InputFile = { path, originalName, size, type };
      if (type === 'pdf') {
        if (passwordFile) file.passwordFile = passwordFile;
        file.pageCount = damagedAllowed ? await countPagesIfReadable(path, engine, passwordFile) : await countPages(path, engine, { passwordFile });
        if (file.pageCount === 0 && !damagedAllowed) throw ApiError.noPages(originalName);
        if (file.pageCount !== undefined && file.pageCount > this.config.maxPages) throw new TooManyPagesError(file.pageCount, this.config.maxPages);
        // The job's engine runs that have no watchdog of their own get one scaled to these pages.
        engine.pages = (engine.pages ?? 0) + (file.pageCount ?? 1);
      }
      files.push(file);
    }
    return files;
  }

  /** The options with each `file` field's parts checked like the main files and typed as `InputFile`s. */
  private async inspectFileFields(tool: AnyTool, params: ToolParams<AnyTool>, engine: EngineOptions): Promise<ToolParams<AnyTool>> {
    const inspected: Record<string, unknown> = { ...params };
    for (const [name, field] of fileFieldsOf(tool)) {
      const value = inspected[name] as SentFile | SentFile[] | undefined;
      if (value === undefined) continue;
      const files = await this.inspectFiles(field.accept, wrongTypeMessage(field), Array.isArray(value) ? value : [value], undefined, engine);
      inspected[name] = field.multiple ? files : files[0];
    }
    return inspected as ToolParams<AnyTool>;
  }

  private async process(
    tool: AnyTool,
    processor: Processor,
    files: InputFile[],
    params: ToolParams<AnyTool>,
    workspace: Workspace,
    engine: EngineOptions,
    progress: ProgressReporter,
  ): Promise<Answer> {
    // The declaration says what these options answer (result variants, `{<field>}` in names).
    const declared = resolveResult(tool, params);
    const nameOf = (output: ProcessorOutput, file: InputFile) =>
      output.fileName ?? renderFileName(declared.download.api, output.nameFrom ?? file.originalName, params);
    const contentTypeOf = (output: ProcessorOutput) => output.contentType ?? declared.apiContentType;

    if (tool.input.combine || files.length === 1) {
      progress.measure(0, 'processing');
      const output = await processor.run({ files, params, workspace, engine, progress });
      if ('noContent' in output) return { noContent: true };
      return { path: output.path, fileName: nameOf(output, files[0]), contentType: contentTypeOf(output), headers: output.headers };
    }

    // A single-document tool given several files: each is processed on its own
    // and the results travel together in one ZIP (files with nothing to show are left out).
    const entries = [];
    for (const [index, file] of files.entries()) {
      progress.measure(index / files.length, `file ${index + 1} of ${files.length}`);
      const output = await processor.run({ files: [file], params, workspace, engine, progress });
      if (!('noContent' in output)) entries.push({ path: output.path, name: nameOf(output, file) });
    }
    if (entries.length === 0) return { noContent: true };
    progress.measure(1, 'packing the results');
    const zipPath = workspace.newPath('.zip');
    await writeZip(zipPath, entries);
    return { path: zipPath, fileName: withExtension(entries[0].name, '.zip'), contentType: RESULT_CONTENT_TYPES.zip };
  }

  private async send(res: Response, answer: Answer): Promise<void> {
    if ('noContent' in answer) {
      res.status(204).end();
      return;
    }
    const { size } = await stat(answer.path);
    // 1 MiB reads instead of 64 KiB: a third less time sending a 300 MB result over loopback.
    await sendResult(res, { ...answer, size, stream: createReadStream(answer.path, { highWaterMark: 1024 * 1024 }) });
  }
}

/** The page count, or undefined for a PDF qpdf cannot read (a password it needs still throws). */
async function countPagesIfReadable(path: string, engine: EngineOptions, passwordFile: string | undefined): Promise<number | undefined> {
  try {
    return await countPages(path, engine, { passwordFile });
  } catch (error) {
    if (error instanceof PdfCorruptedError || error instanceof EngineCrashedError) return undefined;
    throw error;
  }
}

/** What goes back to the client: a file, or 204 when there is nothing to send. */
export type Answer = { path: string; fileName: string; contentType: string; headers?: Readonly<Record<string, string>> } | NoContentOutput;

/** A file as the runner receives it, in the job's workspace, before its content is checked. */
export interface SentFile {
  path: string;
  originalName: string;
  size: number;
}

/**
 * A tool request as the runner reads it: the main files, and the option values
 * as a multipart body holds them (each file field's files as `SentFile`s).
 */
export interface ToolRequest {
  uploads: readonly SentFile[];
  body: Readonly<Record<string, unknown>>;
}

function describePart(part: Express.Multer.File): SentFile {
  return { path: part.path, originalName: decodeUploadName(part.originalname), size: part.size };
}

/**
 * The body as the schema reads it: each file field's parts, under the name or
 * alias they came by, in place of anything sent as text under those names (text
 * never counts as a file; `x[path]=...` must not pass for an upload).
 */
function withFileParts(tool: AnyTool, body: Record<string, unknown>, parts: readonly Express.Multer.File[]): Record<string, unknown> {
  const merged = { ...body };
  for (const [name, field] of fileFieldsOf(tool)) {
    for (const key of [name, ...(field.aliases ?? [])]) {
      const sent = parts.filter((part) => part.fieldname === key);
      if (sent.length > 0) merged[key] = sent.map(describePart);
      else delete merged[key];
    }
  }
  return merged;
}

/** Every checked file the tool's `file` fields hold. */
function fileFieldValues(tool: AnyTool, params: ToolParams<AnyTool>): InputFile[] {
  return fileFieldsOf(tool).flatMap(([name]) => {
    const value = (params as Record<string, unknown>)[name] as InputFile | InputFile[] | undefined;
    return value === undefined ? [] : Array.isArray(value) ? value : [value];
  });
}

/**
 * Multer hands over the raw header bytes as latin1; browsers send UTF-8, so
 * re-decode names like "résumé.pdf" unless that produces invalid text.
 */
function decodeUploadName(name: string): string {
  const decoded = Buffer.from(name, 'latin1').toString('utf8');
  return decoded.includes('\uFFFD') ? name : decoded;
}
