import { DiscoveryService } from '@nestjs/core';
import type { AnyTool, InputFile, ToolParams } from '@folio/registry';
import type { EngineOptions } from '../engines/process';
import type { ProgressReporter } from './progress-reporter';
import type { Workspace } from '../workspace/workspace';

// The processor contract names the upload type; it is declared in the kit, where `file` fields type their values with it.
export type { InputFile };

/**
 * Marks a class as the processor of one tool: `@ToolProcessor(rotateTool)`.
 * The tools module finds processor files by name and binds each to its tool.
 */
export const ToolProcessor = DiscoveryService.createDecorator<AnyTool>();

export interface ProcessorInput<T extends AnyTool> {
  /** One file for single-document tools (the runner batches), all files for combining tools. */
  files: InputFile[];
  params: ToolParams<T>;
  /** The request's temporary folder, deleted after the response. */
  workspace: Workspace;
  /** Timeout and abort signal to hand to every engine call. */
  engine: EngineOptions;
  /** Where a processor with stages (Pipeline) tells how far it has got; the client may be watching. */
  progress: ProgressReporter;
}

/** The keys of a tool's declared `result.outcomes`. e.g. 'several-tables' for PDF to CSV */
export type OutcomeKey<T extends AnyTool> = T['result'] extends { outcomes?: infer O } ? keyof NonNullable<O> & string : never;

/**
 * What a processor hands back: its file, and, only where the declaration says
 * the processor decides, which declared answer it is. Names, content types and
 * headers come from the declaration (`result`, `download`); the runner refuses,
 * in tests, anything the declaration does not allow (declared-results.ts).
 */
export interface ProcessorOutput<T extends AnyTool = AnyTool> {
  /** The result file, inside the workspace. */
  path: string;
  /** Upload name the download name is derived from, when not the first file's (Merge after sorting). */
  nameFrom?: string;
  /** The answer it found the document called for, a key of `result.outcomes` (PDF to CSV: several tables). */
  outcome?: OutcomeKey<T>;
  /**
   * The download name the processor found in the document, where the
   * declaration says the processor names the answer (`download.namedByProcessor`:
   * Auto Rename's title, a pipeline's carried name). Without it, `download.api` names it.
   */
  fileName?: string;
  /**
   * Response headers that describe this result, each declared in `result.headers`,
   * sent with a single file (a batch's ZIP has none). e.g. `{ 'X-Compression-Outcome': 'already-optimised' }`
   */
  headers?: Readonly<Record<string, string>>;
}

/** The processor found nothing to answer with (PDF to CSV without tables): 204 No Content. */
export interface NoContentOutput {
  noContent: true;
}

export interface Processor<T extends AnyTool = AnyTool> {
  /**
   * Set when the processor hands page content to a renderer or text extractor
   * (Poppler, Ghostscript, LibreOffice): the runner then refuses, before `run`,
   * a PDF whose content streams inflate past the configured budget.
   */
  readonly readsPageContent?: boolean;
  run(input: ProcessorInput<T>): Promise<ProcessorOutput<T> | NoContentOutput>;
}
