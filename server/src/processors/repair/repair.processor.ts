import { Inject } from '@nestjs/common';
import { repairTool } from '@folio/registry';
import { SERVER_CONFIG, type ServerConfig } from '../../config';
import { PdfRewriteError, rewritePdf } from '../../engines/ghostscript';
import { rewriteWithMupdf } from '../../engines/mupdf-repair';
import { PdfBeyondRepairError, PdfCorruptedError } from '../../engines/pdf-errors';
import { redrawWithPoppler } from '../../engines/poppler-cairo';
import { EngineCrashedError, EngineFailedError, EngineStalledError, type EngineOptions } from '../../engines/process';
import { checkPdf, normalisePdf } from '../../engines/qpdf/qpdf-rewrites';
import { refuseContentBombs } from '../../input-checks/content-budget';
import { TooManyPagesError } from '../../refusals/input-errors';
import { ToolProcessor, type InputFile, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import type { Workspace } from '../../workspace/workspace';
import { appendPageTree } from './page-salvage';
import { bestRecovery, describeAttempt, measureRecovery, type Attempt, type Recovery } from './recovery-measure';

/**
 * A file no reader could count pages in is given this many pages' time per
 * byte in each engine's watchdog (a page per 100 KB, at least 5): enough for
 * real documents, short of letting a hostile one hold its slot for the whole job.
 */
const BYTES_PER_GUESSED_PAGE = 100 * 1024;
const MIN_GUESSED_PAGES = 5;

/** The recoveries, in the order a tie between them is settled: the first keeps most of the file's structure. */
const RECOVERIES = [
  // Rebuilds the cross-reference table and stream lengths; forms, bookmarks and links as they were.
  { method: 'qpdf', name: 'qpdf', run: (input, output, { engine }) => normalisePdf(input, output, engine) },
  // Its own reconstruction; every page's content parsed and written again, what no longer parses dropped.
  { method: 'mupdf', name: 'MuPDF', run: (input, output, { pages, workspace, engine }) => rewriteWithMupdf(input, output, pages, workspace, engine) },
  // Draws each page from what its content still holds into a new file (pdfwrite).
  { method: 'ghostscript', name: 'Ghostscript', run: (input, output, { pages, engine }) => rewritePdf(input, output, pages, engine) },
  // Poppler's reconstruction, each page drawn anew by its Cairo back end.
  { method: 'poppler', name: 'Poppler', run: (input, output, { pages, engine }) => redrawWithPoppler(input, output, pages, engine) },
] as const satisfies readonly RecoveryEngine[];

interface RecoveryEngine {
  method: Recovery['method'];
  /** As the answer names it. */
  name: string;
  run(input: string, output: string, context: { pages: number; workspace: Workspace; engine: EngineOptions }): Promise<unknown>;
}

/**
 * Repair PDF. A file qpdf reads without a single warning and whose every page
 * decodes is intact: qpdf writes it out as it is. Any other file is given to
 * every recovery there is, one after another (each decodes the whole file, on
 * a machine shared with other jobs): qpdf's, MuPDF's, Ghostscript's and
 * Poppler's; and, when qpdf finds no page tree, a page tree rebuilt from the
 * page objects left in the file (page-salvage.ts). Each result is measured by
 * independent readers (qpdf counts and checks it, Poppler reads its text) and
 * the answer is the one that is well-formed and keeps the most pages, then the
 * most text. The X-Repair-* headers say which it was and how much it holds. A
 * file no recovery makes a page of is beyond repair: 400, saying so.
 */
@ToolProcessor(repairTool)
export class RepairProcessor implements Processor<typeof repairTool> {
  constructor(@Inject(SERVER_CONFIG) private readonly config: ServerConfig) {}

  async run({ files: [file], workspace, engine }: ProcessorInput<typeof repairTool>): Promise<ProcessorOutput<typeof repairTool>> {
    const declared = file.pageCount || undefined;
    if (declared !== undefined) {
      const intact = await this.intact(file, declared, workspace, engine);
      if (intact) return this.answer(file, intact, 'intact', []);
    }
    // The drawing engines decode every stream: a compression bomb is refused before them, where qpdf can list the streams.
    if (file.pageCount !== undefined) await refuseContentBombs(file, this.config.maxDecodedContentBytes, { workspace, engine });

    const pages = declared ?? Math.max(MIN_GUESSED_PAGES, Math.ceil(file.size / BYTES_PER_GUESSED_PAGE));
    const attempts: Attempt[] = [];
    for (const recovery of RECOVERIES) {
      attempts.push(
        await this.attempt(recovery.method, recovery.name, (output) => recovery.run(file.path, output, { pages, workspace, engine }), pages, workspace, engine),
      );
    }
    // Only where no page tree could be read: where one can, a rebuilt tree would list pages the document no longer has.
    if (declared === undefined) {
      attempts.push(
        await this.attempt('page-salvage', 'page tree rebuilt', (output) => this.salvage(file.path, output, workspace, engine), pages, workspace, engine),
      );
    }

    const best = bestRecovery(attempts);
    if (!best)
      throw new PdfBeyondRepairError(
        file.originalName,
        RECOVERIES.map((recovery) => recovery.name),
      );
    if (best.pages > this.config.maxPages) throw new TooManyPagesError(best.pages, this.config.maxPages);
    return this.answer(file, best, 'repaired', attempts);
  }

  /** qpdf's rewriting of a file it reads without a warning and whose every page decodes; undefined for any other. */
  private async intact(file: InputFile, pages: number, workspace: Workspace, engine: EngineOptions): Promise<Recovery | undefined> {
    const check = await checkPdf(file.path, pages, engine);
    if (check.errors || check.problems.length > 0) return undefined;
    const output = workspace.newPath('.pdf');
    await normalisePdf(file.path, output, engine);
    return measureRecovery('qpdf', output, pages, engine);
  }

  /** One recovery run and its result measured; a failure is recorded, not thrown (the next recovery may do better). */
  private async attempt(
    method: Recovery['method'],
    name: string,
    run: (output: string) => Promise<unknown>,
    pages: number,
    workspace: Workspace,
    engine: EngineOptions,
  ): Promise<Attempt> {
    const output = workspace.newPath('.pdf');
    try {
      await run(output);
      return { method, name, recovered: await measureRecovery(method, output, pages, engine) };
    } catch (error) {
      if (isRecoveryFailure(error)) return { method, name, failure: error instanceof Error ? error.message : String(error) };
      throw error;
    }
  }

  /** The file with a page tree of the page objects found in it, written out by qpdf. */
  private async salvage(input: string, output: string, workspace: Workspace, engine: EngineOptions): Promise<void> {
    const rebuilt = workspace.newPath('.pdf');
    if ((await appendPageTree(input, rebuilt)) === 0) throw new PdfCorruptedError(undefined, 'no page object left in the file');
    await normalisePdf(rebuilt, output, engine);
  }

  private answer(file: InputFile, recovery: Recovery, outcome: 'intact' | 'repaired', attempts: readonly Attempt[]): ProcessorOutput<typeof repairTool> {
    const headers: Record<string, string> = {
      'X-Repair-Outcome': outcome,
      'X-Repair-Method': recovery.method,
      'X-Repair-Pages': String(recovery.pages),
      'X-Repair-Text-Characters': String(recovery.characters),
    };
    if (file.pageCount) headers['X-Repair-Original-Pages'] = String(file.pageCount);
    if (attempts.length > 0) headers['X-Repair-Attempts'] = attempts.map(describeAttempt).join('; ');
    return { path: recovery.path, headers };
  }
}

/** What one recovery failing on the file looks like: the file's fault, for this engine; the job itself goes on. */
function isRecoveryFailure(error: unknown): boolean {
  return (
    error instanceof PdfCorruptedError ||
    error instanceof PdfRewriteError ||
    error instanceof EngineFailedError ||
    error instanceof EngineCrashedError ||
    error instanceof EngineStalledError
  );
}
