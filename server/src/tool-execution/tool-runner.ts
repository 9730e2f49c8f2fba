import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  collectParams,
  fileFieldsOf,
  issueMessages,
  maxFilesOfField,
  maxFilesPerRequest,
  renderFileName,
  OUTCOME_HEADER,
  resolveResult,
  RESULT_CONTENT_TYPES,
  schemaOf,
  tooManyFilesMessage,
  withExtension,
  wrongTypeMessage,
  type AnyTool,
  type FileTypeKey,
  type InputFile,
  type ToolParams,
} from '@folio/registry';
import { SERVER_CONFIG, type ServerConfig } from '../config';
import { writeForEngines } from '../engines/confinement';
import { PdfCorruptedError, PdfPasswordError } from '../engines/pdf-errors';
import { anySignal, EngineCrashedError, type EngineOptions } from '../engines/process';
import { countPages } from '../engines/qpdf/qpdf-pages';
import { writeZip } from '../engines/zip';
import { refuseContentBombs } from '../input-checks/content-budget';
import { sniffFileType } from '../input-checks/file-sniffing';
import { InvalidInputError, MissingFileError, NoPagesError, TooManyFilesError, TooManyPagesError, WrongFileTypeError } from '../refusals/input-errors';
import type { Workspace } from '../workspace/workspace';
import { UndeclaredResultError, undeclaredParts } from './declared-results';
import type { NoContentOutput, Processor, ProcessorOutput } from './processor';
import { SILENT_PROGRESS, type ProgressReporter } from './progress-reporter';
import type { Answer, SentFile, ToolRequest } from './tool-request';

const logger = new Logger('ToolRunner');

/**
 * The execution core: one run of one tool on files already in a folder. It
 * checks the files (count, type by content, size, readable PDF), parses the
 * options with the tool's schema, runs the processor (once, or per file as a
 * ZIP batch) and answers with the result the declaration gives for those
 * options. It knows nothing of HTTP or queues: a queued job (jobs/job-worker.ts)
 * and a pipeline's steps call it alike, within their job's slot and time limit.
 */
@Injectable()
export class ToolRunner {
  constructor(@Inject(SERVER_CONFIG) private readonly config: ServerConfig) {}

  /** Runs `tool` on `request`, whose files are in `workspace`; engines get `engine` (the job's deadline and signal). */
  async run(
    tool: AnyTool,
    processor: Processor,
    request: ToolRequest,
    workspace: Workspace,
    engine: EngineOptions,
    progress: ProgressReporter = SILENT_PROGRESS,
  ): Promise<Answer> {
    const parsed = this.checkRequest(tool, request);
    const files = await this.inspectFiles(
      tool.input.accept,
      tool.input.messages.wrongType,
      request.uploads,
      await this.passwordFile(tool, parsed, workspace),
      engine,
      tool.input.repairsDamagedPdf === true,
    );
    const params = await this.inspectFileFields(tool, parsed, engine);
    if (!processor.readsPageContent) return this.process(tool, processor, files, params, workspace, engine, progress);
    const pdfs = [...files, ...fileFieldValues(tool, params)].filter((f) => f.type === 'pdf');
    return whileWeighing(
      async () => {
        for (const pdf of pdfs) await refuseContentBombs(pdf, this.config.maxDecodedContentBytes, { workspace, engine });
      },
      engine,
      (weighedEngine) => this.process(tool, processor, files, params, workspace, weighedEngine, progress),
    );
  }

  /** Counts of files and the options, checked without reading any file: what a request is refused for before it is queued. */
  checkRequest(tool: AnyTool, request: ToolRequest): ToolParams<AnyTool> {
    this.checkCount(tool, request.uploads);
    this.checkFieldCounts(tool, request.body);
    return this.parseParams(tool, request.body);
  }

  /** A run's whole time limit, queueing included. */
  timeLimitOf(tool: AnyTool): number {
    return tool.timeoutMs ?? this.config.engineTimeoutMs;
  }

  private parseParams(tool: AnyTool, body: Readonly<Record<string, unknown>>): ToolParams<AnyTool> {
    const parsed = schemaOf(tool).safeParse(collectParams(tool, body));
    if (parsed.success) return parsed.data;
    const issues = issueMessages(parsed.error);
    throw new InvalidInputError(
      issues[0].message,
      issues.map((i) => `${i.field}: ${i.message}`),
    );
  }

  private checkCount(tool: AnyTool, uploads: readonly SentFile[]): void {
    const { input } = tool;
    if (uploads.length === 0) throw new MissingFileError(input.messages.missing);
    if (uploads.length < (input.minFiles ?? 1)) throw new InvalidInputError(input.messages.tooFew ?? input.messages.missing);
    const maxFiles = maxFilesPerRequest(input, this.config.maxFiles);
    if (uploads.length > maxFiles) throw new TooManyFilesError(maxFiles);
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
        throw new InvalidInputError(message, [`${name}: ${message}`]);
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
      if (size === 0) throw new InvalidInputError(`The file "${originalName}" is empty.`);
      const type = await sniffFileType(path, originalName, accept);
      if (!type) throw new WrongFileTypeError(wrongType);
      const file: InputFile = { path, originalName, size, type };
      if (type === 'pdf') {
        if (passwordFile) file.passwordFile = passwordFile;
        file.pageCount = await namingTheFile(originalName, () =>
          damagedAllowed ? countPagesIfReadable(path, engine, passwordFile) : countPages(path, engine, { passwordFile }),
        );
        if (file.pageCount === 0 && !damagedAllowed) throw new NoPagesError(originalName);
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
    if (tool.input.combine || files.length === 1) {
      progress.measure(0, 'processing');
      return this.declaredAnswer(tool, params, await processor.run({ files, params, workspace, engine, progress }), files[0]);
    }

    // A single-document tool given several files: each is processed on its own
    // and the results travel together in one ZIP (files with nothing to show are left out).
    const entries = [];
    for (const [index, file] of files.entries()) {
      progress.measure(index / files.length, `file ${index + 1} of ${files.length}`);
      const answer = await this.declaredAnswer(tool, params, await processor.run({ files: [file], params, workspace, engine, progress }), file);
      if (!('noContent' in answer)) entries.push({ path: answer.path, name: answer.fileName });
    }
    if (entries.length === 0) return { noContent: true };
    progress.measure(1, 'packing the results');
    const zipPath = workspace.newPath('.zip');
    await writeZip(zipPath, entries);
    return { path: zipPath, fileName: withExtension(entries[0].name, '.zip'), contentType: RESULT_CONTENT_TYPES.zip };
  }

  /**
   * The answer a processor's output gets: the name, content type and headers
   * its tool's declaration gives for these options and the outcome it found.
   * What the declaration does not allow fails the run under test
   * (`refuseUndeclaredResults`); in service it is logged and left out.
   */
  private async declaredAnswer(tool: AnyTool, params: ToolParams<AnyTool>, output: ProcessorOutput | NoContentOutput, file: InputFile): Promise<Answer> {
    const declared = resolveResult(tool, params, 'noContent' in output ? undefined : output.outcome);
    const problems = await undeclaredParts(tool, output, declared);
    if (problems.length > 0) {
      const error = new UndeclaredResultError(tool.id, problems);
      if (this.config.refuseUndeclaredResults) throw error;
      logger.warn(error.message);
    }
    if ('noContent' in output) return { noContent: true };
    const named = declared.download.namedByProcessor ? output.fileName : undefined;
    const fileName = named ?? renderFileName(declared.download.api, output.nameFrom ?? file.originalName, params);
    const declaredHeaders = new Set(Object.keys(tool.result.headers ?? {}).map((name) => name.toLowerCase()));
    const headers = {
      ...(output.headers && Object.fromEntries(Object.entries(output.headers).filter(([name]) => declaredHeaders.has(name.toLowerCase())))),
      // Which declared outcome this is, for the page (an undeclared one was refused or logged above).
      ...(output.outcome !== undefined && tool.result.outcomes?.[output.outcome] ? { [OUTCOME_HEADER]: output.outcome } : {}),
    };
    return { path: output.path, fileName, contentType: declared.apiContentType, ...(Object.keys(headers).length > 0 ? { headers } : {}) };
  }
}

/**
 * `work` run while `weigh` (the content-bomb check) runs beside it, rather than after it: the check
 * reads every content stream, about a second on a long manual, and the answer is the same as in
 * turn. A refusal by the check stops the work's engines at once and is the answer, even when the
 * work ended first (with a result or an error of its own, which a bomb may have caused).
 */
async function whileWeighing(weigh: () => Promise<void>, engine: EngineOptions, work: (engine: EngineOptions) => Promise<Answer>): Promise<Answer> {
  const refused = new AbortController();
  const weighing = weigh();
  weighing.catch(() => refused.abort());
  const [weighed, worked] = await Promise.allSettled([weighing, work({ ...engine, signal: anySignal(engine.signal, refused.signal) })]);
  if (weighed.status === 'rejected') throw weighed.reason;
  if (worked.status === 'rejected') throw worked.reason;
  return worked.value;
}

/** Runs `open` on one upload; a password it needs is said of that upload (Merge's page names the locked file). */
async function namingTheFile<T>(originalName: string | undefined, open: () => Promise<T>): Promise<T> {
  try {
    return await open();
  } catch (error) {
    if (error instanceof PdfPasswordError && error.fileName === undefined && originalName) throw new PdfPasswordError(originalName);
    throw error;
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

/** Every checked file the tool's `file` fields hold. */
function fileFieldValues(tool: AnyTool, params: ToolParams<AnyTool>): InputFile[] {
  return fileFieldsOf(tool).flatMap(([name]) => {
    const value = (params as Record<string, unknown>)[name] as InputFile | InputFile[] | undefined;
    return value === undefined ? [] : Array.isArray(value) ? value : [value];
  });
}
