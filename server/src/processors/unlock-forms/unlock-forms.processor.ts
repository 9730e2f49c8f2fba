import { unlockFormsTool } from '@folio/registry';
import { PdfEdits } from '../../pdf-objects/object-edits';
import { formFields } from '../../pdf-signatures/signature-fields';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { removeSignatureRestrictions, requestFreshAppearances, unlockFields } from './field-locks';
import { reconcileXfa } from './xfa-access';

/**
 * Makes every form field editable (reference §6.11): read-only flags cleared
 * on the whole field tree and the widgets, field locks and signature
 * restrictions removed, viewers asked to redraw the fields, and the XFA made
 * to agree. The edits go through qpdf's JSON update (nothing decoded, streams
 * copied), and the result is unencrypted, as the reference's loader leaves it,
 * so an owner password's "no form filling" goes too. A file without a form is
 * written back unchanged otherwise.
 */
@ToolProcessor(unlockFormsTool)
export class UnlockFormsProcessor implements Processor<typeof unlockFormsTool> {
  async run({ files: [file], workspace, engine }: ProcessorInput<typeof unlockFormsTool>): Promise<ProcessorOutput> {
    const edits = await PdfEdits.read(file.path, engine);
    const catalog = edits.catalog;
    const form = catalog && edits.open(catalog.dict['/AcroForm'], catalog.owner);
    if (form) {
      unlockFields(edits, form);
      requestFreshAppearances(edits, form);
      await reconcileXfa(edits, form, formFields(edits.pdf).length > 0, file.path, engine);
    }
    removeSignatureRestrictions(edits);

    const output = workspace.newPath('.pdf');
    await edits.write(file.path, output, workspace.newPath('.json'), engine, { decrypt: true });
    return { path: output };
  }
}
