import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withTempDir } from '../../../test/support/pdfs';
import { writePdf } from '../../../test/support/pdf-writer';

/** Forms the form endpoints' specs read, made by other programs, and the readers that check them (qpdf, pikepdf). */

const REPORTLAB_FORM = `
import sys
from reportlab.pdfgen import canvas
c = canvas.Canvas(sys.argv[1], pagesize=(400, 400))
c.drawString(20, 370, "Reportlab form")
f = c.acroForm
f.textfield(name='firstName', tooltip='First name', x=100, y=320, width=200, height=20, value='Ann', fieldFlags='')
f.checkbox(name='agree', tooltip='I agree', x=100, y=280, size=15, checked=True, fieldFlags='')
f.radio(name='size', value='small', selected=False, x=100, y=240, size=15, fieldFlags='radio noToggleToOff')
f.radio(name='size', value='large', selected=True, x=130, y=240, size=15, fieldFlags='radio noToggleToOff')
f.choice(name='colour', tooltip='Favourite colour', value='Green', options=['Red', 'Green', 'Blue'], x=100, y=200, width=120, height=20, fieldFlags='combo')
f.listbox(name='Text7', value=['B'], options=[('Alpha', 'A'), ('Beta', 'B')], x=100, y=120, width=120, height=60, fieldFlags='multiSelect')
c.showPage()
c.drawString(20, 370, "Page two")
f.textfield(name='notes', x=50, y=300, width=300, height=60, fieldFlags='multiline required', value='')
c.save()
`;

/**
 * Two 400 × 400 pages reportlab's acroForm wrote: on page 1 firstName (text,
 * 'Ann', tooltip 'First name'), agree (check box, ticked), size (radio
 * group small/large, large chosen), colour (combo box Red/Green/Blue, Green),
 * Text7 (multi-select list, options given as [display, export] pairs, B
 * chosen); on page 2 notes (multiline text, required, empty).
 */
export function reportlabFormPdf(): Buffer {
  return withTempDir((dir) => {
    const output = join(dir, 'form.pdf');
    execFileSync('/usr/bin/python3', ['-c', REPORTLAB_FORM, output]);
    return readFileSync(output);
  });
}

/** One field as qpdf's form helper reads it (a radio group appears once per widget). */
export interface QpdfFormField {
  fullname: string;
  partialname: string;
  fieldtype: string;
  fieldflags: number;
  value: unknown;
  alternativename: string;
  choices: string[];
  pageposfrom1: number;
  annotation: { object: string; appearancestate: string };
}

/** The form as qpdf reads it. */
export function qpdfFields(pdf: Buffer): QpdfFormField[] {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    return JSON.parse(execFileSync('qpdf', ['--json=2', '--json-key=acroform', join(dir, 'x.pdf')], { encoding: 'utf8' })).acroform.fields;
  });
}

/** Runs a pikepdf script on a PDF (`pdf` is the opened Pdf); answers what it prints as JSON. */
export function withPikepdf(pdf: Buffer, script: string): any {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    const program = `import sys, json, pikepdf\npdf = pikepdf.open(sys.argv[1])\n${script}`;
    return JSON.parse(execFileSync('/usr/bin/python3', ['-c', program, join(dir, 'x.pdf')], { encoding: 'utf8' }));
  });
}

/**
 * A hand-written form whose fields inherit what they are: a group 'person'
 * (with /FT /Tx, required, and /DA 9 pt for its kids) holding 'first'
 * ('Ann') and 'last' (no /V, /TU 'Family name:'); a radio group
 * 'choice' whose widgets are kids without /T and have no /P (one on page 1,
 * one on page 2, listed only in the pages' /Annots); 'orphan', a text field on
 * no page; a field with a blank name; and a box whose widget lies off the page.
 * Page 1 has a crop box [10 20 310 420] inside its media box [0 0 320 440].
 */
export function inheritedFormPdf(): Buffer {
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R /AcroForm 5 0 R >>',
    '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 320 440] /CropBox [10 20 310 420] /Annots [7 0 R 8 0 R 11 0 R 15 0 R] >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 400] /Annots [12 0 R] >>',
    '<< /Fields [6 0 R 10 0 R 13 0 R 14 0 R 15 0 R] /DA (/Helv 0 Tf 0 g) /DR << /Font << /Helv 16 0 R /ZaDb 17 0 R >> >> >>',
    '<< /T (person) /FT /Tx /Ff 2 /DA (/Helv 9 Tf 0 g) /Kids [7 0 R 8 0 R] >>',
    '<< /T (first) /Parent 6 0 R /V (Ann) /Type /Annot /Subtype /Widget /Rect [60 360 260 380] /P 3 0 R >>',
    '<< /T (last) /Parent 6 0 R /TU (Family name:) /Type /Annot /Subtype /Widget /Rect [60 320 260 340] /P 3 0 R >>',
    '<< /Unused true >>',
    '<< /T (choice) /FT /Btn /Ff 49152 /V /Two /Kids [11 0 R 12 0 R] >>',
    '<< /Parent 10 0 R /Type /Annot /Subtype /Widget /Rect [60 280 75 295] /AS /Off /AP << /N << /One 18 0 R /Off 18 0 R >> >> >>',
    '<< /Parent 10 0 R /Type /Annot /Subtype /Widget /Rect [60 280 75 295] /AS /Two /AP << /N << /Two 18 0 R /Off 18 0 R >> >> >>',
    '<< /T (orphan) /FT /Tx /V (nowhere) >>',
    '<< /T ( ) /FT /Tx /V (blank) >>',
    '<< /T (offPage) /FT /Tx /Type /Annot /Subtype /Widget /Rect [900 900 950 920] /P 3 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /ZapfDingbats >>',
    '<< /Type /XObject /Subtype /Form /BBox [0 0 15 15] /Length 0 >>\nstream\n\nendstream',
  ]);
}

/**
 * A form of odd objects a careless writer leaves: a /T that is a number, /Ff
 * as text, /Opt entries of every kind, /Kids that is no array, a /Rect of
 * text, an /AP whose /N is a number, a field that is an array, a reference
 * to nothing, and a radio group without states.
 */
export function oddFormPdf(): Buffer {
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [4 0 R 5 0 R 6 0 R 7 0 R 8 0 R 99 0 R [1 2] (x)] /DA 5 >> >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /CropBox (box) /Annots [4 0 R 5 0 R 6 0 R 7 0 R 8 0 R 42] >>',
    '<< /T 12 /FT /Tx /Ff (two) /V 7 /Type /Annot /Subtype /Widget /Rect [(a) 1 2 3] >>',
    '<< /T (odd choice) /FT /Ch /Opt [1 [(e)] [(x) (y) (z)] null (plain) [3 4]] /V [(plain) 5] /Type /Annot /Subtype /Widget /Rect [10 10 60 30] /AP << /N 5 >> >>',
    '<< /T (group) /FT /Tx /Kids 5 >>',
    '<< /T (radio) /FT /Btn /Ff 32768 /V (notAName) /Kids [9 0 R] >>',
    '<< /T (check) /FT /Btn /V /Yes /AS /Yes /Type /Annot /Subtype /Widget /Rect [100 100 90 90] /AP << /N << /Yes 10 0 R >> /D 3 >> /NM () /TU () >>',
    '<< /Parent 7 0 R /Type /Annot /Subtype /Widget /Rect [0 0 0 0] >>',
    '<< /Type /XObject /Subtype /Form /BBox [0 0 10 10] /Length 0 >>\nstream\n\nendstream',
  ]);
}
