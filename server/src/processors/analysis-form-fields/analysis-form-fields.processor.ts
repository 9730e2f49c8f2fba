import { writeFile } from 'node:fs/promises';
import { analysisFormFieldsTool } from '@folio/registry';
import { readDocument } from '../../engines/qpdf/qpdf-objects';
import { numberOf, PdfObjects } from '../../pdf-objects/pdf-objects';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';

/** The field types PDFBox makes a field of (PDF 32000 Table 226); a dictionary of none of them is no field to it. */
const FIELD_TYPES = new Set(['/Btn', '/Tx', '/Ch', '/Sig']);
/** SigFlags bit 1, SignaturesExist (PDF 32000 Table 219). */
const SIGNATURES_EXIST = 1;
/** Parents followed, at most, looking for an inherited /FT. */
const MAX_PARENTS = 32;

/**
 * Form Field Summary (reference-beyond §4), from one qpdf listing of the
 * catalog's /AcroForm: `fieldCount`, the fields its /Fields array lists at the
 * top level (a group counts once, not its children), `hasXFA`, whether it
 * carries an /XFA entry, and `isSignaturesExist`, its SigFlags bit 1 (what the
 * form says, not a count of signed fields). No form: 0, false, false.
 */
@ToolProcessor(analysisFormFieldsTool)
export class AnalysisFormFieldsProcessor implements Processor<typeof analysisFormFieldsTool> {
  async run({ files: [file], workspace, engine }: ProcessorInput<typeof analysisFormFieldsTool>): Promise<ProcessorOutput> {
    const pdf = new PdfObjects((await readDocument(file.path, engine)).objects);
    const form = pdf.dict(pdf.catalog?.['/AcroForm']);
    const answer = {
      fieldCount: (pdf.array(form?.['/Fields']) ?? []).filter((field) => isField(pdf, field)).length,
      hasXFA: form?.['/XFA'] !== undefined,
      isSignaturesExist: ((numberOf(pdf.resolve(form?.['/SigFlags'])) ?? 0) & SIGNATURES_EXIST) !== 0,
    };
    const output = workspace.newPath('.json');
    await writeFile(output, JSON.stringify(answer));
    return { path: output };
  }
}

/**
 * Whether PDFBox makes a field of this /Fields entry: a dictionary with a kid
 * that has a name of its own (a group), or with a field type, its own or a parent's.
 */
function isField(pdf: PdfObjects, entry: unknown): boolean {
  const field = pdf.dict(entry);
  if (!field) return false;
  const namedKid = (pdf.array(field['/Kids']) ?? []).some((kid) => pdf.dict(kid)?.['/T'] !== undefined);
  if (namedKid) return true;
  let node: Record<string, unknown> | undefined = field;
  for (let depth = 0; node && depth <= MAX_PARENTS; depth++) {
    const type = pdf.resolve(node['/FT']);
    if (type !== undefined) return typeof type === 'string' && FIELD_TYPES.has(type);
    node = pdf.dict(node['/Parent']);
  }
  return false;
}
