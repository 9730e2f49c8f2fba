import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFString, rgb, StandardFonts } from 'pdf-lib';
import { writePdf } from './pdf-writer';
import { withTempDir } from './pdfs';

/** PDF forms: with read-only fields, locks and XFA (Unlock PDF Forms); with fields to flatten (Flatten); and qpdf's view of a form. */

const stream = (dict: string, data: Buffer | string) => {
  const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data, 'latin1');
  return Buffer.concat([Buffer.from(`<< ${dict} /Length ${bytes.length} >>\nstream\n`, 'latin1'), bytes, Buffer.from('\nendstream', 'latin1')]);
};

/** The XFA template of the fixtures: three fields locked three ways, one open. */
export const XFA_TEMPLATE =
  '<template xmlns="http://www.xfa.org/schema/xfa-template/3.3/"><subform name="form1" access="protected">' +
  '<field name="name" access="readOnly"/><field name="city" access=\'nonInteractive\'/><field name="note" access="open"/>' +
  '<field name="plain"/></subform></template>';
export const XFA_DATASETS =
  '<xfa:datasets xmlns:xfa="http://www.xfa.org/schema/xfa-data/1.0/"><xfa:data><form1><name>Asha Rao</name></form1></xfa:data></xfa:datasets>';

export interface LockedFormOptions {
  /** 'hybrid': an XFA beside the AcroForm's fields; 'xfa-only': an XFA form whose AcroForm lists no fields. */
  xfa?: 'hybrid' | 'xfa-only';
}

/**
 * A one-page form whose every field is read-only, some by their own flag and
 * some by their parent's: name (text), address.street and address.city (text,
 * the parent read-only; city also multiline and its widget flagged read-only),
 * agree (check box, ticked), country (combo box), approval (signature field
 * with a /Lock), and a catalog /Perms (usage rights) as Acrobat-enabled forms have.
 */
export function lockedFormPdf(options: LockedFormOptions = {}): Buffer {
  const xfaOnly = options.xfa === 'xfa-only';
  const widget = (rect: string) => `/Type /Annot /Subtype /Widget /P 3 0 R /Rect [${rect}] /F 4`;
  const fields = xfaOnly ? '' : '5 0 R 6 0 R 9 0 R 10 0 R 11 0 R';
  const xfa = options.xfa ? '/XFA [(template) 15 0 R (datasets) 16 0 R]' : '';
  const objects: (string | Buffer)[] = [
    `<< /Type /Catalog /Pages 2 0 R /AcroForm 4 0 R /Perms << /UR3 14 0 R >>${options.xfa ? ` /NeedsRendering ${xfaOnly}` : ''} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 400] /Resources << /Font << /Helv 12 0 R >> >> /Contents 17 0 R${xfaOnly ? '' : ' /Annots [5 0 R 7 0 R 8 0 R 9 0 R 10 0 R 11 0 R]'} >>`,
    `<< /Fields [${fields}] /DA (/Helv 10 Tf 0 g) /DR << /Font << /Helv 12 0 R /ZaDb 18 0 R >> >> ${xfa} >>`,
    `<< /FT /Tx /T (name) /V (Asha Rao) /Ff 1 /DA (/Helv 10 Tf 0 g) ${widget('100 340 300 360')} >>`,
    '<< /FT /Tx /T (address) /Ff 1 /Kids [7 0 R 8 0 R] /DA (/Helv 10 Tf 0 g) >>',
    `<< /T (street) /Parent 6 0 R /V (1 Main Road) ${widget('100 300 300 320')} >>`,
    `<< /T (city) /Parent 6 0 R /V (Pune) /Ff 4097 ${widget('100 260 300 280').replace('/F 4', '/F 68')} >>`,
    `<< /FT /Btn /T (agree) /V /Yes /AS /Yes /Ff 1 /AP << /N << /Yes 13 0 R /Off 13 0 R >> >> ${widget('100 220 115 235')} >>`,
    `<< /FT /Ch /T (country) /Ff 131073 /Opt [(India) (Kenya)] /V (Kenya) /DA (/Helv 10 Tf 0 g) ${widget('100 180 300 200')} >>`,
    `<< /FT /Sig /T (approval) /Ff 1 /Lock << /Type /SigFieldLock /Action /All >> ${widget('0 0 0 0')} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    stream('/Type /XObject /Subtype /Form /BBox [0 0 15 15]', '0 g 2 2 11 11 re f'),
    '<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /adbe.pkcs7.detached /Reference [<< /Type /SigRef /TransformMethod /UR3 /TransformParams << /Type /TransformParams /Form [/FillIn] /V /2.2 >> >>] /Contents <00> >>',
    stream('/Filter /FlateDecode', deflateSync(Buffer.from(XFA_TEMPLATE, 'utf8'))),
    stream('', XFA_DATASETS),
    stream('', 'BT /Helv 12 Tf 20 370 Td (Application form) Tj ET'),
    '<< /Type /Font /Subtype /Type1 /BaseFont /ZapfDingbats >>',
  ];
  return writePdf(objects);
}

/** A form made by pdf-lib (object streams, its own field layout): a text field, a check box, a drop-down and radio buttons, all read-only, all filled. */
export async function pdfLibFormPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([400, 400]);
  page.drawText('Membership', { x: 20, y: 370, size: 14, font });
  const form = doc.getForm();
  const member = form.createTextField('member');
  member.setText('Ravi Kumar');
  member.addToPage(page, { x: 100, y: 320, width: 200, height: 20 });
  const paid = form.createCheckBox('paid');
  paid.addToPage(page, { x: 100, y: 280, width: 15, height: 15 });
  paid.check();
  const plan = form.createDropdown('plan');
  plan.addOptions(['Basic', 'Gold']);
  plan.select('Gold');
  plan.addToPage(page, { x: 100, y: 240, width: 200, height: 20 });
  const size = form.createRadioGroup('size');
  size.addOptionToPage('S', page, { x: 100, y: 200, width: 15, height: 15 });
  size.addOptionToPage('L', page, { x: 130, y: 200, width: 15, height: 15 });
  size.select('L');
  for (const field of form.getFields()) field.enableReadOnly();
  return Buffer.from(await doc.save());
}

/** One field as qpdf's form helper reads it. */
export interface QpdfField {
  fullname: string;
  fieldtype: string;
  /** Field flags, inherited from the parents where the field has none. */
  fieldflags: number;
  value: unknown;
  annotation: { annotationflags: number };
}

/** The form as qpdf reads it (`--json-key=acroform`): the fields, NeedAppearances. */
export function qpdfForm(pdf: Buffer): { fields: QpdfField[]; needappearances: boolean; hasacroform: boolean } {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    return JSON.parse(execFileSync('qpdf', ['--json=2', '--json-key=acroform', join(dir, 'x.pdf')], { encoding: 'utf8' })).acroform;
  });
}

/** A stream's decoded text, by qpdf. `ref` e.g. '15 0 R' */
export function qpdfStreamText(pdf: Buffer, ref: string): string {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    const [id, generation] = ref.split(' ');
    return execFileSync('qpdf', [`--show-object=${id},${generation}`, '--filtered-stream-data', join(dir, 'x.pdf')], { encoding: 'utf8' });
  });
}

/** Where `formPdf` puts things, in points from the page's top-left corner (the page is 400 × 400). */
export const FORM_LAYOUT = {
  heading: 'Application form',
  name: { value: 'Jane Doe', region: { left: 20, top: 76, right: 220, bottom: 100 } },
  /** Read-only. */
  reference: { value: 'REF-4711', region: { left: 20, top: 116, right: 220, bottom: 140 } },
  /** Checked. */
  agree: { region: { left: 20, top: 160, right: 40, bottom: 180 } },
  /** Not checked. */
  newsletter: { region: { left: 60, top: 160, right: 80, bottom: 180 } },
  /** A radio group; the second button ('large') is chosen. */
  size: { small: { left: 20, top: 200, right: 40, bottom: 220 }, large: { left: 60, top: 200, right: 80, bottom: 220 } },
  /** A filled blue square drawn as a vector shape. */
  square: { left: 300, top: 60, right: 360, bottom: 100 },
  /** A comment (a square annotation with its own green appearance), not a form field; a link (no appearance) follows it. */
  comment: { left: 300, top: 250, right: 350, bottom: 300 },
} as const;

/**
 * One 400 × 400 page: a heading, a blue vector square, a text field, a
 * read-only text field, a ticked and an unticked checkbox, a radio group, and
 * a comment and a link, annotations that are not part of the form. pdf-lib
 * writes each field's appearance.
 */
export async function formPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([400, 400]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const at = (region: { left: number; top: number; right: number; bottom: number }) => ({
    x: region.left,
    y: 400 - region.bottom,
    width: region.right - region.left,
    height: region.bottom - region.top,
  });
  page.drawText(FORM_LAYOUT.heading, { x: 20, y: 360, size: 16, font });
  page.drawRectangle({ ...at(FORM_LAYOUT.square), color: rgb(0, 0, 1) });

  const form = doc.getForm();
  const name = form.createTextField('applicant.name');
  name.setText(FORM_LAYOUT.name.value);
  name.addToPage(page, { ...at(FORM_LAYOUT.name.region), font });
  const reference = form.createTextField('applicant.reference');
  reference.setText(FORM_LAYOUT.reference.value);
  reference.addToPage(page, { ...at(FORM_LAYOUT.reference.region), font });
  reference.enableReadOnly();
  const agree = form.createCheckBox('agree');
  agree.addToPage(page, at(FORM_LAYOUT.agree.region));
  agree.check();
  const newsletter = form.createCheckBox('newsletter');
  newsletter.addToPage(page, at(FORM_LAYOUT.newsletter.region));
  const size = form.createRadioGroup('size');
  size.addOptionToPage('small', page, at(FORM_LAYOUT.size.small));
  size.addOptionToPage('large', page, at(FORM_LAYOUT.size.large));
  size.select('large');

  const { x, y, width, height } = at(FORM_LAYOUT.comment);
  const appearance = doc.context.register(
    doc.context.stream(`0 0.6 0 rg 0 0 ${width} ${height} re f`, { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, width, height] }),
  );
  const comment = doc.context.obj({
    Type: 'Annot',
    Subtype: 'Square',
    Rect: [x, y, x + width, y + height],
    F: 4,
    Contents: PDFString.of('Looks good'),
    AP: { N: appearance },
  });
  page.node.addAnnot(doc.context.register(comment));
  const link = doc.context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: [20, 20, 120, 40],
    Border: [0, 0, 0],
    A: { S: 'URI', URI: PDFString.of('https://example.com/') },
  });
  page.node.addAnnot(doc.context.register(link));
  return Buffer.from(await doc.save());
}

/**
 * A text field whose value has no appearance yet (the form says
 * /NeedAppearances, as many form fillers leave it): a viewer draws it from
 * the value and the field's default appearance.
 */
export function unrenderedFormPdf(value: string): Buffer {
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [4 0 R] /NeedAppearances true /DR << /Font << /Helv 5 0 R >> >> /DA (/Helv 12 Tf 0 g) >> >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Annots [4 0 R] >>',
    `<< /Type /Annot /Subtype /Widget /FT /Tx /T (city) /V (${value}) /Rect [20 100 220 124] /F 4 /DA (/Helv 12 Tf 0 g) /P 3 0 R >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ]);
}

/** What qpdf says about a document's form and annotations. */
export interface FormReport {
  /** The catalog has an /AcroForm. */
  hasForm: boolean;
  /** Full names of the fields qpdf finds. */
  fields: string[];
  /** The annotations' subtypes, page by page. e.g. [['/Widget', '/Square']] */
  annotations: string[][];
}

/** Reads a PDF's form and annotations with qpdf's JSON. */
export function formReport(pdf: Buffer): FormReport {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    const json = JSON.parse(
      execFileSync('qpdf', ['--json=2', '--json-key=acroform', '--json-key=pages', '--json-key=qpdf', join(dir, 'x.pdf')], {
        encoding: 'utf8',
        maxBuffer: 256 * 1024 * 1024,
      }),
    );
    const objects = json.qpdf[1] as Record<string, { value?: Record<string, unknown>; stream?: { dict: Record<string, unknown> } }>;
    const valueOf = (ref: unknown) =>
      (typeof ref === 'string' ? (objects[`obj:${ref}`]?.value ?? objects[`obj:${ref}`]?.stream?.dict) : ref) as Record<string, unknown> | undefined;
    return {
      hasForm: json.acroform.hasacroform,
      fields: json.acroform.fields.map((field: { fullname: string }) => field.fullname),
      annotations: json.pages.map((page: { object: string }) => {
        const annots = valueOf(valueOf(page.object)?.['/Annots']) as unknown as unknown[] | undefined;
        return (annots ?? []).map((annotation) => String(valueOf(annotation)?.['/Subtype']));
      }),
    };
  });
}
