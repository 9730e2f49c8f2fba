import { editTocTool } from '@folio/registry';
import { writeOutlines } from '../../pdf-objects/outlines';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { parseBookmarkData } from './bookmark-data';

/**
 * Writes the sent bookmark tree as the document's outline (reference §3.13):
 * the JSON read into outline nodes against the page count (bookmark-data.ts),
 * then one qpdf JSON update that adds the new outline items and points the
 * catalog at them (or, with `replaceExisting` off, hangs them after the file's
 * own bookmarks). Page content is copied untouched; like the reference's
 * loader, an owner-password-only file comes back without its encryption.
 */
@ToolProcessor(editTocTool)
export class EditTocProcessor implements Processor<typeof editTocTool> {
  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof editTocTool>): Promise<ProcessorOutput> {
    // Required by the declaration: the runner has refused a request without it.
    const bookmarks = parseBookmarkData(params.bookmarkData!, file.pageCount ?? 1);
    const output = workspace.newPath('.pdf');
    await writeOutlines(file.path, output, bookmarks, workspace.newPath('.json'), engine, { append: !params.replaceExisting, decrypt: true });
    return { path: output };
  }
}
