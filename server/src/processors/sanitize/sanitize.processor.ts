import { sanitizeTool } from '@folio/registry';
import { PdfEdits } from '../../pdf-objects/object-edits';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { removeEmbeddedFiles } from './embedded-files';
import { removeEmbeddedFonts } from './fonts';
import { removeJavaScript, removeScriptedXfa } from './javascript';
import { removeExternalActions } from './links';
import { clearDocumentInfo, removeXmpMetadata } from './metadata';

/**
 * Removes what each chosen flag names, as edits to the file's objects written
 * back by qpdf (JSON update: no content decoded, streams copied untouched).
 * The file is rewritten whatever the flags, so objects nothing refers to (an
 * earlier revision's script, a removed attachment) do not survive either.
 * Encryption is kept, as the reference's read-only load keeps it.
 */
@ToolProcessor(sanitizeTool)
export class SanitizeProcessor implements Processor<typeof sanitizeTool> {
  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof sanitizeTool>): Promise<ProcessorOutput> {
    const edits = await PdfEdits.read(file.path, engine);
    if (params.removeJavaScript) {
      removeJavaScript(edits);
      await removeScriptedXfa(edits, file.path, engine);
    }
    if (params.removeEmbeddedFiles) removeEmbeddedFiles(edits);
    if (params.removeXMPMetadata) removeXmpMetadata(edits);
    if (params.removeDocumentInfoMetadata) clearDocumentInfo(edits);
    if (params.removeLinks) removeExternalActions(edits);
    if (params.removeFonts) removeEmbeddedFonts(edits);

    const output = workspace.newPath('.pdf');
    await edits.write(file.path, output, workspace.newPath('.json'), engine);
    return { path: output };
  }
}
