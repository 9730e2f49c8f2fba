import { describe, expect, it } from '@jest/globals';
import { sampleFormPdf } from './form-pdfs.fixtures';
import { readWithPdfjs } from './pdfjs-node.fixtures';
import { dateFormatOf, readFormFields, valuesInFile, type FormField } from './read-form-fields';

const byName = (fields: readonly FormField[], name: string) => fields.filter((field) => field.name === name);

describe('readFormFields', () => {
  it('reads each kind of field pdf-lib writes, with its value, options and flags', async () => {
    const { doc } = readWithPdfjs(await sampleFormPdf());
    const layout = await readFormFields(doc);
    expect(layout).toMatchObject({ xfa: 'none', fillable: true });
    expect(layout.pages).toHaveLength(1);
    const [page] = layout.pages;
    expect(page).toMatchObject({ viewBox: [0, 0, 400, 400], rotation: 0 });
    const fields = page.fields;

    const [name] = byName(fields, 'applicant.name');
    expect(name).toMatchObject({ kind: 'text', label: 'Full name', value: 'Jane Doe', maxLength: 30, multiLine: false, readOnly: false, pageIndex: 0 });
    // pdf.js gives the widget's rectangle (pdf-lib draws a border half a point outside the box asked for).
    expect(name.rect[0]).toBeCloseTo(99.5, 0);
    expect(name.rect[3]).toBeCloseTo(360.5, 0);

    expect(byName(fields, 'agree')).toEqual([expect.objectContaining({ kind: 'checkbox', exportValue: 'Yes', value: false, label: 'agree' })]);
    const size = byName(fields, 'size');
    expect(size.map((field) => field.kind)).toEqual(['radio', 'radio']);
    // Both buttons carry the group's chosen state; each its own.
    const states = size.map((field) => (field.kind === 'radio' ? field.exportValue : ''));
    expect(new Set(states).size).toBe(2);
    expect(size.every((field) => field.kind === 'radio' && field.value === states[1])).toBe(true);

    expect(byName(fields, 'plan')).toEqual([
      expect.objectContaining({
        kind: 'choice',
        combo: true,
        multiSelect: false,
        value: [],
        options: [
          { value: 'Basic', label: 'Basic' },
          { value: 'Gold', label: 'Gold' },
        ],
      }),
    ]);
    expect(byName(fields, 'colours')).toEqual([expect.objectContaining({ kind: 'choice', combo: false, multiSelect: true, value: ['Green'] })]);
    expect(byName(fields, 'notes')).toEqual([expect.objectContaining({ kind: 'text', multiLine: true, value: '' })]);
    expect(byName(fields, 'born')).toEqual([expect.objectContaining({ kind: 'text', dateFormat: 'dd/mm/yyyy' })]);
    expect(byName(fields, 'reference')).toEqual([expect.objectContaining({ kind: 'text', readOnly: true, value: 'REF-4711' })]);
  });

  it('gives the values in the file by name, a radio group once', async () => {
    const { doc } = readWithPdfjs(await sampleFormPdf());
    const layout = await readFormFields(doc);
    const values = valuesInFile(layout.pages.flatMap((page) => page.fields));
    expect(Object.keys(values).sort()).toEqual(['agree', 'applicant.name', 'born', 'colours', 'notes', 'plan', 'reference', 'size']);
    expect(values).toMatchObject({ 'applicant.name': 'Jane Doe', agree: false, colours: ['Green'], plan: [], reference: 'REF-4711' });
    expect(typeof values.size === 'string' && values.size !== '').toBe(true);
  });

  it('keeps the page’s crop box and turn', async () => {
    const { doc } = readWithPdfjs(await sampleFormPdf({ rotate: 90, cropBox: [50, 20, 300, 360] }));
    const [page] = (await readFormFields(doc)).pages;
    expect(page).toMatchObject({ viewBox: [50, 20, 350, 380], rotation: 90 });
  });

  it('tells an XFA form beside AcroForm fields from an XFA-only one', async () => {
    const hybrid = await readFormFields(readWithPdfjs(await sampleFormPdf({ xfa: 'hybrid' })).doc);
    expect(hybrid).toMatchObject({ xfa: 'hybrid', fillable: true });
    const xfaOnly = await readFormFields(readWithPdfjs(await sampleFormPdf({ xfa: 'xfa-only' })).doc);
    expect(xfaOnly).toMatchObject({ xfa: 'xfa-only', fillable: false });
    expect(xfaOnly.pages[0].fields).toEqual([]);
  });

  it('finds nothing to fill in a PDF without a form', async () => {
    const { PDFDocument } = await import('pdf-lib');
    const plain = await PDFDocument.create();
    plain.addPage();
    const layout = await readFormFields(readWithPdfjs(await plain.save()).doc);
    expect(layout).toEqual({ pages: [expect.objectContaining({ fields: [] })], xfa: 'none', fillable: false });
  });

  it('stops when told to', async () => {
    const { doc } = readWithPdfjs(await sampleFormPdf());
    const stop = new AbortController();
    stop.abort();
    await expect(readFormFields(doc, stop.signal)).rejects.toThrow();
  });
});

describe('dateFormatOf', () => {
  it.each([
    [{ Format: ['AFDate_FormatEx("dd/mm/yyyy");'] }, 'dd/mm/yyyy'],
    [{ Keystroke: ["AFDate_KeystrokeEx('yyyy-mm-dd');"] }, 'yyyy-mm-dd'],
    [{ Format: ['AFDate_Format(2);'] }, 'mm/dd/yy'],
    [{ Format: ['AFNumber_Format(2, 0, 0, 0, "", true);'] }, undefined],
    [null, undefined],
  ])('reads %j as %s', (actions, format) => {
    expect(dateFormatOf(actions)).toBe(format);
  });
});
