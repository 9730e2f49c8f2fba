import { writeFile } from 'node:fs/promises';
import { analysisSecurityInfoTool } from '@folio/registry';
import { readDocument, type DocumentListing } from '../../engines/qpdf/qpdf-objects';
import { permissionsWithoutPassword, statedKeyLength } from '../../pdf-objects/access-permissions';
import { PdfObjects } from '../../pdf-objects/pdf-objects';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';

/**
 * Security Info (reference-beyond §4), from one qpdf listing with its
 * encryption: `{"isEncrypted": false}`, or for a file that opens without a
 * password but is encrypted (an owner password only), `isEncrypted`, the key
 * length its encryption dictionary states (/Length, 40 when absent, as PDFBox
 * reads it) and the four restrictions the reference reports, as a reader
 * without the owner password has them (none when the empty password is the
 * owner's). A file that needs a password to open never gets here: the runner
 * answers 400 E004.
 */
@ToolProcessor(analysisSecurityInfoTool)
export class AnalysisSecurityInfoProcessor implements Processor<typeof analysisSecurityInfoTool> {
  async run({ files: [file], workspace, engine }: ProcessorInput<typeof analysisSecurityInfoTool>): Promise<ProcessorOutput> {
    const listing = await readDocument(file.path, engine);
    const answer = listing.encryption.encrypted ? encryptedAnswer(listing) : { isEncrypted: false };
    const output = workspace.newPath('.json');
    await writeFile(output, JSON.stringify(answer));
    return { path: output };
  }
}

/** What the reference reports of an encrypted file: key length and four restrictions. */
function encryptedAnswer(listing: DocumentListing) {
  const allowed = permissionsWithoutPassword(listing.encryption);
  return {
    isEncrypted: true,
    keyLength: statedKeyLength(new PdfObjects(listing.objects)),
    permissions: {
      preventPrinting: !allowed.print,
      preventModify: !allowed.modify,
      preventExtractContent: !allowed.extractContent,
      preventModifyAnnotations: !allowed.modifyAnnotations,
    },
  };
}
