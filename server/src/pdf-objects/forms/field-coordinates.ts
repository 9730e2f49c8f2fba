import { effectiveCropBox } from '../page-boxes';
import { pageNodes, rectangleOf, type Rectangle } from '../page-tree';
import { asDict, isReference, nameOf, textOf, type PdfObjects } from '../pdf-objects';
import { buttonExportValues, choiceOptions, type DescribedField } from './field-model';
import { FIELD_FLAGS, type FormTree, type TerminalField } from './form-tree';

/**
 * `/form/fields-with-coordinates` (reference-beyond §3.3): each field with
 * where its widgets are, in points from the top-left corner of the page's
 * crop box (the page's /Rotate ignored, as the reference does).
 */

export interface WidgetBox {
  pageIndex: number;
  x: number;
  y: number;
  width: number;
  height: number;
  exportValue?: string;
  fontSize?: number;
}

export interface FieldWithCoordinates {
  name: string;
  label: string;
  type: string;
  value?: string;
  options?: string[];
  displayOptions?: string[];
  required: boolean;
  readOnly: boolean;
  multiSelect: boolean;
  multiline: boolean;
  tooltip?: string;
  /** A widget whose box lies off its page is null, as in the reference. */
  widgets?: (WidgetBox | null)[];
}

/** Rows within this many points of each other count as one line, read left to right. */
const SAME_LINE = 10;

export function fieldsWithCoordinates(pdf: PdfObjects, tree: FormTree, described: readonly DescribedField[]): FieldWithCoordinates[] {
  const cropByRef = new Map(pageNodes(pdf).map((page) => [page.ref, effectiveCropBox(page)]));
  const cropBoxes = tree.pageRefs.map((ref) => cropByRef.get(ref));
  const formFontSize = fontSizeOf(textOf(pdf.resolve(tree.form?.['/DA'])));
  const fields = described.map(({ info, field }): FieldWithCoordinates => {
    const displays = field.type === 'combobox' || field.type === 'listbox' ? choiceOptions(field).displays : [];
    const options = info.options ?? [];
    const showDisplays = displays.length > 0 && (displays.length !== options.length || displays.some((display, i) => display !== options[i]));
    const fontSize =
      (field.type === 'text' || field.type === 'combobox' || field.type === 'listbox' ? fontSizeOf(field.defaultAppearance) : undefined) ?? formFontSize;
    const widgets = widgetBoxes(pdf, field, cropBoxes, fontSize);
    return {
      name: info.name,
      label: info.label,
      type: info.type,
      value: info.value,
      ...(info.options ? { options: info.options } : {}),
      ...(showDisplays ? { displayOptions: displays } : {}),
      required: info.required,
      readOnly: (field.flags & FIELD_FLAGS.readOnly) !== 0,
      multiSelect: info.multiSelect,
      multiline: field.type === 'text' && (field.flags & FIELD_FLAGS.multiline) !== 0,
      ...(info.tooltip !== undefined ? { tooltip: info.tooltip } : {}),
      ...(widgets.length > 0 ? { widgets } : {}),
    };
  });
  return fields.sort(byPosition);
}

function widgetBoxes(pdf: PdfObjects, field: TerminalField, cropBoxes: readonly (Rectangle | undefined)[], fontSize: number | undefined): (WidgetBox | null)[] {
  const radioExports = field.type === 'radio' ? buttonExportValues(field) : undefined;
  const boxes: (WidgetBox | null)[] = [];
  field.widgets.forEach((widget, index) => {
    const rect = rectangleOf(pdf, widget.dict['/Rect']);
    const crop = cropBoxes[widget.pageIndex];
    if (!rect || !crop) return;
    let exportValue: string | undefined;
    if (radioExports && index < radioExports.length) exportValue = radioExports[index];
    else if (field.type === 'radio' || field.type === 'checkbox' || field.type === 'button') exportValue = firstOnState(pdf, widget.dict);
    boxes.push(widgetBox(rect, crop, widget.pageIndex, exportValue, fontSize));
  });
  return boxes;
}

/** The box in the crop box's top-left space, as Java floats; null when it lies off the page. */
function widgetBox(rect: Rectangle, crop: Rectangle, pageIndex: number, exportValue: string | undefined, fontSize: number | undefined): WidgetBox | null {
  const f = Math.fround;
  const width = f(f(rect.x2) - f(rect.x1));
  const height = f(f(rect.y2) - f(rect.y1));
  const cropWidth = f(f(crop.x2) - f(crop.x1));
  const cropHeight = f(f(crop.y2) - f(crop.y1));
  const x = f(f(rect.x1) - f(crop.x1));
  const y = f(f(cropHeight - f(f(rect.y1) - f(crop.y1))) - height);
  if (x < -1 || y < -1 || x > cropWidth * 2 || y > cropHeight + 1) return null;
  return {
    pageIndex,
    x: shortestFloat(x),
    y: shortestFloat(y),
    width: shortestFloat(width),
    height: shortestFloat(height),
    ...(exportValue !== undefined ? { exportValue } : {}),
    ...(fontSize !== undefined ? { fontSize } : {}),
  };
}

/** The first state of the widget's normal appearance other than Off. */
function firstOnState(pdf: PdfObjects, widget: Record<string, unknown>): string | undefined {
  const entry = pdf.dict(widget['/AP'])?.['/N'];
  // A single appearance stream is no set of states.
  if (isReference(entry) && pdf.objects[`obj:${entry}`]?.stream) return undefined;
  const normal = asDict(pdf.resolve(entry));
  if (!normal) return undefined;
  return Object.keys(normal)
    .map((key) => nameOf(key))
    .find((state) => state !== undefined && state !== 'Off');
}

/** The font size a /DA sets: the number before Tf, when above 0. e.g. '/Helv 12 Tf 0 g' → 12 */
export function fontSizeOf(defaultAppearance: string | undefined): number | undefined {
  if (!defaultAppearance?.trim()) return undefined;
  const tokens = defaultAppearance.split(/\s+/);
  const at = tokens.indexOf('Tf');
  if (at <= 0) return undefined;
  const size = Number(tokens[at - 1]);
  return Number.isFinite(size) && size > 0 ? shortestFloat(Math.fround(size)) : undefined;
}

/**
 * The reference's order: by the first widget's page (fields without widgets
 * first), then top to bottom, rows within 10 pt read left to right. A first
 * widget off its page sorts as no widget (the reference fails with a 500).
 */
function byPosition(a: FieldWithCoordinates, b: FieldWithCoordinates): number {
  const first = (field: FieldWithCoordinates) => field.widgets?.[0] ?? undefined;
  const [wa, wb] = [first(a), first(b)];
  const page = (wa?.pageIndex ?? -1) - (wb?.pageIndex ?? -1);
  if (page !== 0) return page;
  const [ya, yb] = [wa?.y ?? 0, wb?.y ?? 0];
  if (Math.abs(ya - yb) < SAME_LINE) return (wa?.x ?? 0) - (wb?.x ?? 0);
  return ya - yb;
}

/** A float32 as the shortest decimal that reads back as it, as Java prints a float. e.g. fround(100.1) → 100.1 */
function shortestFloat(value: number): number {
  for (let digits = 1; digits <= 9; digits++) {
    const candidate = Number(value.toPrecision(digits));
    if (Math.fround(candidate) === value) return candidate;
  }
  return value;
}
