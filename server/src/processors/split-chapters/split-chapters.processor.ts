import { splitChaptersTool } from '@folio/registry';
import { readDocument, type DocumentListing } from '../../engines/qpdf/qpdf-objects';
import { splitIntoRanges, splitIntoRangesKeepingDocument } from '../../engines/qpdf/qpdf-pages';
import { writeZip } from '../../engines/zip';
import type { EngineOptions } from '../../engines/process';
import { InvalidInputError } from '../../refusals/input-errors';
import { readOutlineTree } from '../../pdf-objects/outlines';
import { PageWeights, refuseOversizedParts } from '../../pdf-objects/page-weights';
import { writeWithPartCatalog } from '../../pdf-objects/pared-catalog';
import { PdfObjects } from '../../pdf-objects/pdf-objects';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import type { Workspace } from '../../workspace/workspace';
import { chapterFileNames, chaptersOf } from './chapters';

/**
 * One part per chapter (reference §3.11): the bookmarks are read from the
 * document's objects (one qpdf listing), the chapters worked out from them
 * (chapters.ts), and qpdf cuts each chapter's pages from the original without
 * decoding anything. Parts carry no bookmarks; with `includeMetadata` each
 * keeps the document's information (title, author, ... and its XMP).
 */
@ToolProcessor(splitChaptersTool)
export class SplitChaptersProcessor implements Processor<typeof splitChaptersTool> {
  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof splitChaptersTool>): Promise<ProcessorOutput> {
    const listing = await readDocument(file.path, engine);
    const pageCount = file.pageCount ?? 0;
    const chapters = chaptersOf(readOutlineTree(new PdfObjects(listing.objects)), params.bookmarkLevel, pageCount, params.allowDuplicates);
    // The reference's words (§3.11), for a file without bookmarks and for one whose bookmarks open no page.
    if (chapters.length === 0) throw new InvalidInputError('No PDF bookmarks/outline found in document');

    const ranges = chapters.map((chapter) => [chapter.first, chapter.last] as [number, number]);
    refuseOversizedParts(new PageWeights(listing.objects, listing.encryption.encrypted).estimateParts(ranges));

    const folder = await workspace.newFolder();
    const paths = params.includeMetadata
      ? await splitIntoRangesKeepingDocument(await this.withInformationOnly(file.path, listing, workspace, engine), ranges, folder, engine)
      : await splitIntoRanges(file.path, ranges, folder, engine);

    const names = chapterFileNames(chapters);
    const zip = workspace.newPath('.zip');
    await writeZip(
      zip,
      paths.map((path, i) => ({ path, name: names[i] })),
    );
    return { path: zip };
  }

  /** A copy whose parts keep the document's information and nothing that points at other pages. */
  private async withInformationOnly(input: string, listing: DocumentListing, workspace: Workspace, engine: EngineOptions): Promise<string> {
    const output = workspace.newPath('.pdf');
    await writeWithPartCatalog(input, listing, output, workspace.newPath('.json'), engine);
    return output;
  }
}
