import { formFieldsTool, tools } from '@folio/registry';
import { officeFormPdf } from '../analysis-page-count/analysis-pdfs.fixtures';
import { lockedFormPdf, pdfLibFormPdf } from '../../../test/support/form-pdfs';
import { postTool } from '../../../test/support/http';
import { sharedFieldKidsPdf } from '../../../test/support/looping-pdfs';
import { CORRUPT_PDF, encryptPdf, makePdf } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';
import { inheritedFormPdf, oddFormPdf, qpdfFields, reportlabFormPdf } from './reference-forms.fixtures';

describe('Form Fields (/api/v1/form/fields)', () => {
  const server = useTestServer();
  const fields = (content: Buffer, name = 'form.pdf', field = 'file') => postTool(server, formFieldsTool.endpoint, [{ name, content, field }]);

  it('describes a form reportlab wrote as qpdf reads it: names, types, values, options, pages, labels and the template', async () => {
    const pdf = reportlabFormPdf();
    const res = await fields(pdf);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const qpdf = qpdfFields(pdf);
    // Every field qpdf finds, on the page qpdf puts it, with its value.
    for (const field of res.json.fields) {
      const seen = qpdf.filter((q) => q.fullname === field.name);
      expect(seen.length).toBeGreaterThan(0);
      expect(field.pageIndex).toBe(seen[0].pageposfrom1 - 1);
    }
    expect(new Set(res.json.fields.map((f: { name: string }) => f.name))).toEqual(new Set(qpdf.map((q) => q.fullname)));
    const byName = Object.fromEntries(res.json.fields.map((f: { name: string }) => [f.name, f]));
    expect(byName.firstName).toEqual({
      name: 'firstName',
      label: 'First name',
      type: 'text',
      value: 'Ann',
      required: false,
      pageIndex: 0,
      multiSelect: false,
      tooltip: 'First name',
      pageOrder: 0,
    });
    expect(byName.agree).toMatchObject({ type: 'checkbox', value: 'Yes', label: 'I agree' });
    expect(byName.size).toMatchObject({ type: 'radio', value: 'large', label: 'size' });
    expect(byName.colour).toMatchObject({ type: 'combobox', value: 'Green', options: ['Red', 'Green', 'Blue'], label: 'Favourite colour' });
    // Options given as [display, export] pairs: export values, then display values; the name 'Text7' is generic, the first option is not.
    expect(byName.Text7).toMatchObject({ type: 'listbox', multiSelect: true, value: 'B', options: ['A', 'B', 'Alpha', 'Beta'], label: 'A' });
    expect(byName.notes).toMatchObject({ type: 'text', required: true, pageIndex: 1, pageOrder: 0, label: 'notes', value: '' });
    // Page order, then place on the page (tree order).
    expect(res.json.fields.map((f: { name: string }) => f.name)).toEqual(['firstName', 'agree', 'size', 'colour', 'Text7', 'notes']);
    expect(res.json.template).toEqual({ firstName: 'Ann', agree: true, size: 'large', colour: 'Green', Text7: [], notes: '' });
    expect(Object.keys(res.json.template)).toEqual(['firstName', 'agree', 'size', 'colour', 'Text7', 'notes']);
  });

  it('reads inherited types, flags and appearances, widgets listed only on pages, fields on no page, and skips blank names', async () => {
    const pdf = inheritedFormPdf();
    // qpdf lists fields by their widgets on pages: the radio group twice, the field on no page not at all.
    expect(qpdfFields(pdf).map((q) => q.fullname)).toEqual(['person.first', 'person.last', 'choice', 'offPage', 'choice']);
    const res = await fields(pdf, 'inherited.pdf', 'fileInput');
    expect(res.status).toBe(200);
    expect(res.json.fields).toEqual([
      { name: 'orphan', label: 'orphan', type: 'text', value: 'nowhere', required: false, pageIndex: -1, multiSelect: false, pageOrder: 0 },
      { name: 'person.first', label: 'person first', type: 'text', value: 'Ann', required: true, pageIndex: 0, multiSelect: false, pageOrder: 0 },
      {
        name: 'person.last',
        label: 'Family name',
        type: 'text',
        value: '',
        required: true,
        pageIndex: 0,
        multiSelect: false,
        tooltip: 'Family name:',
        pageOrder: 1,
      },
      // No /Opt: the radio group's value is its state; its widgets have no /P, the pages' /Annots place them.
      { name: 'choice', label: 'Option 1', type: 'radio', value: 'Two', required: false, pageIndex: 0, multiSelect: false, pageOrder: 2 },
      { name: 'offPage', label: 'off Page', type: 'text', value: '', required: false, pageIndex: 0, multiSelect: false, pageOrder: 3 },
    ]);
    expect(res.json.template).toEqual({ orphan: 'nowhere', 'person.first': 'Ann', 'person.last': '', choice: 'Two', offPage: '' });
  });

  it('reads forms LibreOffice and pdf-lib wrote, with the fields qpdf finds', async () => {
    for (const pdf of [await officeFormPdf(), await pdfLibFormPdf(), lockedFormPdf()]) {
      const res = await fields(pdf);
      expect(res.status).toBe(200);
      expect(new Set(res.json.fields.map((f: { name: string }) => f.name))).toEqual(new Set(qpdfFields(pdf).map((q) => q.fullname)));
      for (const field of res.json.fields) expect(field.label).not.toBe('');
    }
    const pdfLib = (await fields(await pdfLibFormPdf())).json;
    // pdf-lib ticks a check box with the state /Yes, which the template reads as true.
    expect(qpdfFields(await pdfLibFormPdf()).find((q) => q.fullname === 'paid')!.value).toBe('/Yes');
    expect(pdfLib.template).toEqual({ member: 'Ravi Kumar', paid: true, plan: 'Gold', size: 'L' });
  }, 120_000);

  it('answers an empty list for a document without a form, and stops on a looping field tree', async () => {
    expect((await fields(await makePdf(1))).json).toEqual({ fields: [], template: {} });
    const looping = await fields(sharedFieldKidsPdf());
    expect(looping.status).toBe(200);
  });

  it('reads a form of odd objects in every form endpoint without failing', async () => {
    const odd = oddFormPdf();
    const read = await fields(odd);
    expect(read.status).toBe(200);
    expect(read.json.fields.map((f: { name: string; type: string }) => `${f.name}:${f.type}`)).toEqual([
      'radio:radio',
      'odd choice:listbox',
      'group:text',
      'check:checkbox',
    ]);
    const sent: Record<string, Record<string, string>> = {
      'form-extract-csv': { data: '{"odd choice": "Z", "radio": "x", "check": "yes"}' },
      'form-extract-xlsx': { data: '[{"name": "check", "value": false}]' },
      'form-fill': { data: '{"odd choice": "plain", "check": true, "group": "g"}', flatten: 'true' },
      'form-modify-fields': { updates: '[{"targetName": "odd choice", "type": "listbox", "options": ["a"]}, {"targetName": "check", "label": ""}]' },
      'form-delete-fields': { names: '["radio", "group", "odd choice"]' },
    };
    for (const tool of tools.filter((t) => t.id.startsWith('form-'))) {
      const res = await postTool(server, tool.endpoint, [{ name: 'odd.pdf', content: odd, field: 'file' }], sent[tool.id] ?? {});
      expect([tool.id, res.status]).toEqual([tool.id, 200]);
    }
  });

  it('refuses what is no readable PDF with the standard 400s', async () => {
    const locked = await fields(encryptPdf(await makePdf(1), 'user-secret'));
    expect([locked.status, locked.json.errorCode]).toEqual([400, 'E004']);
    expect((await fields(CORRUPT_PDF)).status).toBe(400);
    expect((await postTool(server, formFieldsTool.endpoint, [])).status).toBe(400);
  });
});
