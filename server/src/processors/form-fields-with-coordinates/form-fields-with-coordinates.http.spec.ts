import { formFieldsWithCoordinatesTool } from '@folio/registry';
import { postTool } from '../../../test/support/http';
import { encryptPdf, makePdf } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';
import { inheritedFormPdf, reportlabFormPdf, withPikepdf } from '../form-fields/reference-forms.fixtures';

/** Every widget's box as pikepdf reads it: page index, and the /Rect taken into the crop box's top-left space. */
const pikepdfBoxes = (pdf: Buffer): { page: number; x: number; y: number; width: number; height: number }[] =>
  withPikepdf(
    pdf,
    `boxes = []
for i, page in enumerate(pdf.pages):
    crop = [float(v) for v in page.obj.get('/CropBox', page.obj.get('/MediaBox'))]
    for annot in page.obj.get('/Annots', []):
        if annot.get('/Subtype') != '/Widget': continue
        r = [float(v) for v in annot.Rect]
        h = r[3] - r[1]
        boxes.append({'page': i, 'x': r[0] - crop[0], 'y': (crop[3] - crop[1]) - (r[1] - crop[1]) - h, 'width': r[2] - r[0], 'height': h})
print(json.dumps(boxes))`,
  );

describe('Form Fields with Coordinates (/api/v1/form/fields-with-coordinates)', () => {
  const server = useTestServer();
  const coordinates = (content: Buffer, name = 'form.pdf') => postTool(server, formFieldsWithCoordinatesTool.endpoint, [{ name, content, field: 'file' }]);

  it('places every widget of a reportlab form where pikepdf finds it, top-left based, in reading order', async () => {
    const pdf = reportlabFormPdf();
    const res = await coordinates(pdf);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const widgets = res.json.flatMap((field: { widgets?: object[] }) => field.widgets ?? []);
    const sortKey = (box: { page?: number; pageIndex?: number; x: number; y: number }) => `${box.page ?? box.pageIndex}:${box.y}:${box.x}`;
    expect(
      widgets
        .map((w: { pageIndex: number; x: number; y: number; width: number; height: number }) => ({
          page: w.pageIndex,
          x: w.x,
          y: w.y,
          width: w.width,
          height: w.height,
        }))
        .sort((a: never, b: never) => sortKey(a).localeCompare(sortKey(b))),
    ).toEqual(pikepdfBoxes(pdf).sort((a, b) => sortKey(a).localeCompare(sortKey(b))));
    expect(res.json.map((field: { name: string }) => field.name)).toEqual(['firstName', 'agree', 'size', 'colour', 'Text7', 'notes']);
    const byName = Object.fromEntries(res.json.map((field: { name: string }) => [field.name, field]));
    expect(byName.firstName).toEqual({
      name: 'firstName',
      label: 'First name',
      type: 'text',
      value: 'Ann',
      required: false,
      readOnly: false,
      multiSelect: false,
      multiline: false,
      tooltip: 'First name',
      widgets: [{ pageIndex: 0, x: 100, y: 60, width: 200, height: 20, fontSize: 12 }],
    });
    // A radio group's widgets carry their states; a check box its on-state.
    expect(byName.size.widgets.map((w: { exportValue: string }) => w.exportValue)).toEqual(['small', 'large']);
    expect(byName.agree.widgets[0].exportValue).toBe('Yes');
    // Options given as [display, export] pairs: the display values differ from the options, so they are sent.
    expect(byName.Text7).toMatchObject({ options: ['A', 'B', 'Alpha', 'Beta'], displayOptions: ['Alpha', 'Beta'], multiSelect: true });
    expect(byName.colour.displayOptions).toBeUndefined();
    expect(byName.notes).toMatchObject({ multiline: true, required: true, widgets: [{ pageIndex: 1, x: 50, y: 40, width: 300, height: 60 }] });
  });

  it('measures from the crop box, shows a widget off its page as null, and a field on no page without widgets', async () => {
    const res = await coordinates(inheritedFormPdf());
    expect(res.status).toBe(200);
    const byName = Object.fromEntries(res.json.map((field: { name: string }) => [field.name, field]));
    // Rect [60 360 260 380] in crop box [10 20 310 420]: x 50, y 400 - 340 - 20 = 40; the group's /DA gives 9 pt.
    expect(byName['person.first'].widgets).toEqual([{ pageIndex: 0, x: 50, y: 40, width: 200, height: 20, fontSize: 9 }]);
    expect(byName.choice.widgets).toEqual([
      { pageIndex: 0, x: 50, y: 125, width: 15, height: 15, exportValue: 'One' },
      { pageIndex: 1, x: 60, y: 105, width: 15, height: 15, exportValue: 'Two' },
    ]);
    expect(byName.offPage.widgets).toEqual([null]);
    expect(byName.orphan.widgets).toBeUndefined();
    // Fields without a usable first widget first, then by page and from the top (the form's /DA of 0 pt gives no size).
    expect(res.json.map((field: { name: string }) => field.name)).toEqual(['orphan', 'offPage', 'person.first', 'person.last', 'choice']);
  });

  it('answers [] for a document without a form, and 400 for one that needs a password', async () => {
    const plain = await coordinates(await makePdf(1));
    expect([plain.status, plain.json]).toEqual([200, []]);
    const locked = await coordinates(encryptPdf(await makePdf(1), 'user-secret'));
    expect([locked.status, locked.json.errorCode]).toEqual([400, 'E004']);
  });
});
