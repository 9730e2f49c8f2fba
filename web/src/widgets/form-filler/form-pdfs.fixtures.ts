import { degrees, PDFDict, PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';

/**
 * Forms made with pdf-lib for the form filler's specs: one of each kind of
 * field, laid out top to bottom on a 400 × 400 page (positions in points from
 * the lower-left corner, as pdf-lib takes them).
 */
export const SAMPLE_FORM = {
  name: { x: 100, y: 340, width: 200, height: 20 },
  agree: { x: 100, y: 300, width: 15, height: 15 },
  sizeSmall: { x: 100, y: 260, width: 15, height: 15 },
  sizeLarge: { x: 140, y: 260, width: 15, height: 15 },
  plan: { x: 100, y: 220, width: 120, height: 20 },
  colours: { x: 100, y: 140, width: 120, height: 60 },
  notes: { x: 240, y: 140, width: 140, height: 60 },
  born: { x: 100, y: 100, width: 120, height: 20 },
  reference: { x: 240, y: 100, width: 140, height: 20 },
} as const;

export interface SampleFormOptions {
  /** Turn the page by /Rotate. */
  rotate?: 0 | 90 | 180 | 270;
  /** A crop box other than the media box: [x, y, width, height]. */
  cropBox?: [number, number, number, number];
  /** Add an XFA entry to the AcroForm ('hybrid'), or an XFA and no fields at all ('xfa-only'). */
  xfa?: 'hybrid' | 'xfa-only';
}

const XFA_TEMPLATE = '<template xmlns="http://www.xfa.org/schema/xfa-template/3.3/"><subform name="form1"><field name="name"/></subform></template>';

/**
 * A text field `applicant.name` (filled 'Jane Doe', max 30 characters, tooltip
 * 'Full name'), a check box `agree`, a radio group `size` (small, large;
 * large chosen), a drop-down `plan` (Basic, Gold), a multi-select list
 * `colours` (Red, Green, Blue; Green chosen), a multi-line text `notes`, a
 * date field `born` (AFDate_FormatEx dd/mm/yyyy) and a read-only text
 * `reference`.
 */
export async function sampleFormPdf(options: SampleFormOptions = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([400, 400]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText('Sample form', { x: 20, y: 375, size: 14, font });
  if (options.xfa !== 'xfa-only') {
    const form = doc.getForm();
    const name = form.createTextField('applicant.name');
    name.setMaxLength(30);
    name.setText('Jane Doe');
    name.addToPage(page, { ...SAMPLE_FORM.name, font });
    // The tooltip on the widget, where pdf.js reads it (pdf-lib makes the widget a kid of the field).
    name.acroField.getWidgets()[0].dict.set(PDFName.of('TU'), PDFString.of('Full name'));
    form.createCheckBox('agree').addToPage(page, SAMPLE_FORM.agree);
    const size = form.createRadioGroup('size');
    size.addOptionToPage('small', page, SAMPLE_FORM.sizeSmall);
    size.addOptionToPage('large', page, SAMPLE_FORM.sizeLarge);
    size.select('large');
    const plan = form.createDropdown('plan');
    plan.addOptions(['Basic', 'Gold']);
    plan.addToPage(page, { ...SAMPLE_FORM.plan, font });
    const colours = form.createOptionList('colours');
    colours.addOptions(['Red', 'Green', 'Blue']);
    colours.enableMultiselect();
    colours.select('Green');
    colours.addToPage(page, { ...SAMPLE_FORM.colours, font });
    const notes = form.createTextField('notes');
    notes.enableMultiline();
    notes.addToPage(page, { ...SAMPLE_FORM.notes, font });
    const born = form.createTextField('born');
    born.addToPage(page, { ...SAMPLE_FORM.born, font });
    const script = (js: string) => doc.context.obj({ S: 'JavaScript', JS: PDFString.of(js) });
    born.acroField.dict.set(PDFName.of('AA'), doc.context.obj({ F: script('AFDate_FormatEx("dd/mm/yyyy");'), K: script('AFDate_KeystrokeEx("dd/mm/yyyy");') }));
    const reference = form.createTextField('reference');
    reference.setText('REF-4711');
    reference.addToPage(page, { ...SAMPLE_FORM.reference, font });
    reference.enableReadOnly();
  }
  if (options.rotate) page.setRotation(degrees(options.rotate));
  if (options.cropBox) page.setCropBox(...options.cropBox);
  const saved = await doc.save({ updateFieldAppearances: true });
  return options.xfa ? withXfa(saved) : saved;
}

/** Adds an XFA template to the form (pdf-lib's form API drops XFA, so the dictionary is edited directly). */
async function withXfa(pdf: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const xfa = doc.context.obj([PDFString.of('template'), doc.context.register(doc.context.stream(XFA_TEMPLATE))]);
  const acroForm = doc.catalog.lookupMaybe(PDFName.of('AcroForm'), PDFDict);
  if (acroForm) acroForm.set(PDFName.of('XFA'), xfa);
  else doc.catalog.set(PDFName.of('AcroForm'), doc.context.register(doc.context.obj({ Fields: [], XFA: xfa })));
  return doc.save({ updateFieldAppearances: false });
}
