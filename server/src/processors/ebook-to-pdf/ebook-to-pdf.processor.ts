import { copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ebookToPdfTool, type ToolParams } from '@folio/registry';
import { convertEbook } from '../../engines/calibre';
import { makeEngineFolder } from '../../engines/confinement';
import { compressWithPdfwrite } from '../../engines/ghostscript';
import { BusyError, DeadlineExceededError, JobAbortedError } from '../../engines/limiter';
import type { EngineOptions } from '../../engines/process';
import { countPages } from '../../engines/qpdf/qpdf-pages';
import { normalisePdf } from '../../engines/qpdf/qpdf-rewrites';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { identifyEbook } from './ebook-kinds';

type Params = ToolParams<typeof ebookToPdfTool>;

/**
 * E-book to PDF: the upload checked to be the kind of book its name says,
 * laid out as PDF pages by Calibre, rewritten by qpdf (the reference re-saves
 * it) and, when asked, made smaller by Ghostscript's /ebook preset (the
 * rewritten PDF stands when Ghostscript fails, as the reference returns Calibre's).
 */
@ToolProcessor(ebookToPdfTool)
export class EbookToPdfProcessor implements Processor<typeof ebookToPdfTool> {
  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof ebookToPdfTool>): Promise<ProcessorOutput> {
    const kind = await identifyEbook(file.path, file.originalName);
    // Calibre gets a fixed name, in a folder of its own: the upload's name never reaches it.
    const folder = workspace.newPath();
    await makeEngineFolder(folder);
    const book = join(folder, `book${kind.extension}`);
    await copyFile(file.path, book);
    const laidOut = join(folder, 'book.pdf');
    await convertEbook(book, laidOut, calibreOptions(params), engine);
    const saved = workspace.newPath('.pdf');
    await normalisePdf(laidOut, saved, engine);
    if (!params.optimizeForEbook) return { path: saved };
    const smaller = workspace.newPath('.pdf');
    return { path: (await optimised(saved, smaller, engine)) ? smaller : saved };
  }
}

function calibreOptions(params: Params): string[] {
  return [
    ...(params.embedAllFonts ? ['--embed-all-fonts'] : []),
    ...(params.includeTableOfContents ? ['--pdf-add-toc'] : []),
    ...(params.includePageNumbers ? ['--pdf-page-numbers'] : []),
  ];
}

/** Ghostscript's /ebook preset; false when Ghostscript cannot rewrite Calibre's PDF (the reference then returns it as it is). */
async function optimised(pdf: string, output: string, engine: EngineOptions): Promise<boolean> {
  try {
    await compressWithPdfwrite(pdf, output, 'ebook', await countPages(pdf, engine), engine);
    return true;
  } catch (error) {
    if (error instanceof JobAbortedError || error instanceof DeadlineExceededError || error instanceof BusyError) throw error;
    return false;
  }
}
