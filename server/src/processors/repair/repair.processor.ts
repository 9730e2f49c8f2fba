import { Inject } from '@nestjs/common';
import { repairTool } from '@folio/registry';
import { SERVER_CONFIG, type ServerConfig } from '../../config';
import { PdfRewriteError, rewritePdf } from '../../engines/ghostscript';
import { PdfCorruptedError } from '../../engines/pdf-errors';
import { checkPdf, countPages, normalisePdf } from '../../engines/qpdf';
import type { EngineOptions } from '../../engines/process';
import { refuseContentBombs } from '../../input-checks/content-budget';
import { TooManyPagesError } from '../../input-checks/input-errors';
import { ToolProcessor, type InputFile, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import type { Workspace } from '../../workspace/workspace';

/**
 * A file no reader could count pages in is given this many pages' time per
 * byte to be redrawn by Ghostscript (a page per 100 KB, at least 5): enough for
 * real documents, short of letting a hostile one hold its slot for the whole job.
 */
const BYTES_PER_GUESSED_PAGE = 100 * 1024;
const MIN_GUESSED_PAGES = 5;

/**
 * Repair PDF. qpdf reads the file as it can (rebuilding a broken or missing
 * cross-reference table from the objects themselves, recovering stream
 * lengths) and writes it out whole: structure, forms, bookmarks and links
 * unchanged. `qpdf --check` then decodes every page's content; where a stream
 * still does not decode or the page tree loops, or qpdf cannot open the file
 * at all (no trailer to be found, as in a truncated file), Ghostscript gets a
 * second chance: it redraws each page from what its content still holds into
 * a new file, kept when qpdf checks it clean. A file neither can make a page
 * of is beyond repair: 400 E001.
 */
@ToolProcessor(repairTool)
export class RepairProcessor implements Processor<typeof repairTool> {
  /** The runner hands over uploads qpdf cannot open: repairing them is the point. */
  readonly acceptsDamagedPdf = true;

  constructor(@Inject(SERVER_CONFIG) private readonly config: ServerConfig) {}

  async run({ files: [file], workspace, engine }: ProcessorInput<typeof repairTool>): Promise<ProcessorOutput> {
    const pages = file.pageCount;
    if (!pages) return { path: await this.redraw(file, undefined, workspace, engine) };

    const rewritten = workspace.newPath('.pdf');
    try {
      await normalisePdf(file.path, rewritten, engine);
    } catch (error) {
      if (!(error instanceof PdfCorruptedError)) throw error;
      return { path: await this.redraw(file, pages, workspace, engine) };
    }
    if (!(await checkPdf(rewritten, pages, engine)).errors) return { path: rewritten };

    // qpdf copies a stream it cannot decode as it is, and a page tree that loops; Ghostscript draws what they still hold.
    await refuseContentBombs(file, this.config.maxDecodedContentBytes, { workspace, engine });
    const redrawn = await this.redraw(file, pages, workspace, engine).catch((error: unknown) => {
      if (error instanceof PdfCorruptedError) return undefined;
      throw error;
    });
    if (redrawn !== undefined && !(await checkPdf(redrawn, pages, engine)).errors) return { path: redrawn };
    // Ghostscript did no better: qpdf's file is still the input with its structure mended.
    return { path: rewritten };
  }

  /**
   * Ghostscript's redrawing of the file, checked by qpdf; PdfCorruptedError when
   * Ghostscript finds no page or writes nothing qpdf can read.
   */
  private async redraw(file: InputFile, pages: number | undefined, workspace: Workspace, engine: EngineOptions): Promise<string> {
    const output = workspace.newPath('.pdf');
    const estimate = pages ?? Math.max(MIN_GUESSED_PAGES, Math.ceil(file.size / BYTES_PER_GUESSED_PAGE));
    let found: number;
    try {
      found = await rewritePdf(file.path, output, estimate, engine);
    } catch (error) {
      if (error instanceof PdfRewriteError) throw new PdfCorruptedError(file.originalName, error.detail);
      throw error;
    }
    if (found > this.config.maxPages) throw new TooManyPagesError(found, this.config.maxPages);
    if ((await countPages(output, engine)) === 0) throw new PdfCorruptedError(file.originalName, 'Ghostscript wrote no page');
    return output;
  }
}
