import { writeFile } from 'node:fs/promises';
import { extractBookmarksTool } from '@folio/registry';
import { readObjects } from '../../engines/qpdf/qpdf-objects';
import { readOutlineTree, type OutlineNode } from '../../pdf-objects/outlines';
import { PdfObjects } from '../../pdf-objects/pdf-objects';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';

/** A bookmark as the reference answers it (reference-beyond §6). */
interface Bookmark {
  title: string;
  /** 1-based; 1 when the destination resolves to nothing, 0 when its page is not in the page tree. */
  pageNumber: number;
  children: Bookmark[];
}

/**
 * Extract Bookmarks: one qpdf run lists the objects, the shared outline reader
 * walks the bookmarks (destinations, GoTo actions and named destinations
 * resolved; each item read once, so a looping /Next or /First ends), and the
 * tree is answered as the reference's JSON.
 */
@ToolProcessor(extractBookmarksTool)
export class ExtractBookmarksProcessor implements Processor<typeof extractBookmarksTool> {
  async run({ files: [file], workspace, engine }: ProcessorInput<typeof extractBookmarksTool>): Promise<ProcessorOutput> {
    const pdf = new PdfObjects((await readObjects(file.path, engine)).objects);
    const bookmarks = readOutlineTree(pdf, { strays: true }).map(asBookmark);
    const output = workspace.newPath('.json');
    await writeFile(output, JSON.stringify(bookmarks));
    return { path: output };
  }
}

function asBookmark(node: OutlineNode): Bookmark {
  const pageNumber = node.pageIndex !== undefined ? node.pageIndex + 1 : node.strayPage ? 0 : 1;
  return { title: node.title, pageNumber, children: node.children.map(asBookmark) };
}
