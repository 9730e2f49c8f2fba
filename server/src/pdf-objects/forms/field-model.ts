import { nameOf, textOf, type PdfObjects } from '../pdf-objects';
import { fieldLabel } from './field-labels';
import { FIELD_FLAGS, type FieldType, type FormTree, type TerminalField } from './form-tree';

/**
 * The reference's field model (reference-beyond §3.1): what `/form/fields`
 * answers for each terminal field, and the fill template beside it.
 */

/** One field of `/form/fields`; absent keys are the reference's nulls. */
export interface FieldInfo {
  name: string;
  label: string;
  type: FieldType;
  value?: string;
  options?: string[];
  required: boolean;
  pageIndex: number;
  multiSelect: boolean;
  tooltip?: string;
  pageOrder: number;
}

/** A field described, with the tree field it came from (for the coordinates endpoint). */
export interface DescribedField {
  info: FieldInfo;
  field: TerminalField;
}

/**
 * Every terminal field with a name, described, in tree order: labels are
 * numbered per type and `pageOrder` counted per page in that order.
 */
export function describeFields(pdf: PdfObjects, tree: FormTree): DescribedField[] {
  const typeCounts = new Map<FieldType, number>();
  const pageCounts = new Map<number, number>();
  const described: DescribedField[] = [];
  for (const field of tree.fields) {
    if (field.name.trim() === '') continue;
    const typeIndex = (typeCounts.get(field.type) ?? 0) + 1;
    typeCounts.set(field.type, typeIndex);
    const pageIndex = field.widgets.find((widget) => widget.pageIndex >= 0)?.pageIndex ?? -1;
    const pageOrder = pageCounts.get(pageIndex) ?? 0;
    pageCounts.set(pageIndex, pageOrder + 1);
    const options = fieldOptions(field);
    const tooltip = fieldTooltip(pdf, field);
    const label = fieldLabel({ alternateName: textOf(pdf.resolve(field.dict['/TU'])), tooltip, type: field.type, options, name: field.name, typeIndex });
    const info: FieldInfo = {
      name: field.name,
      label,
      type: field.type,
      value: fieldValue(pdf, field),
      ...(options.length > 0 ? { options } : {}),
      required: (field.flags & FIELD_FLAGS.required) !== 0,
      pageIndex,
      multiSelect: field.type === 'listbox' && (field.flags & FIELD_FLAGS.multiSelect) !== 0,
      ...(tooltip !== undefined ? { tooltip } : {}),
      pageOrder,
    };
    described.push({ info, field });
  }
  return described;
}

/** `/form/fields` order: page (-1 first), place on the page, name ignoring case. */
export function sortByPage(fields: FieldInfo[]): FieldInfo[] {
  return fields.sort((a, b) => a.pageIndex - b.pageIndex || a.pageOrder - b.pageOrder || compareIgnoringCase(a.name, b.name));
}

/** Java's String.compareToIgnoreCase, char by char. */
function compareIgnoringCase(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a[i].toUpperCase().toLowerCase();
    const y = b[i].toUpperCase().toLowerCase();
    if (x !== y) return x.charCodeAt(0) - y.charCodeAt(0);
  }
  return a.length - b.length;
}

/** Values a check box's template entry reads as ticked. */
export function isChecked(value: string | undefined): boolean {
  return ['true', '1', 'yes', 'on', 'checked'].includes((value ?? '').trim().toLowerCase());
}

/**
 * The `/fill` template: each fillable field's current value, keyed by name;
 * a check box as a boolean (true only for a value such as 'Yes' or 'On', as
 * the reference reads it), a multi-select list as an empty array.
 */
export function fillTemplate(fields: readonly FieldInfo[]): Record<string, unknown> {
  const template: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.type === 'button' || field.type === 'signature') continue;
    if (field.type === 'checkbox') template[field.name] = isChecked(field.value);
    else if (field.type === 'listbox' && field.multiSelect) template[field.name] = [];
    else template[field.name] = field.value ?? '';
  }
  return template;
}

/**
 * The value as PDFBox gives it as text: a choice field's selected values
 * joined by ','; a check box's or radio group's state name ('Yes', 'Off'),
 * or the export value its /Opt holds at that index; text as it is.
 */
export function fieldValue(pdf: PdfObjects, field: TerminalField): string {
  const value = field.value;
  switch (field.type) {
    case 'combobox':
    case 'listbox': {
      const values = Array.isArray(value) ? value.map((v) => textOf(pdf.resolve(v))) : [textOf(value)];
      return values.filter((v): v is string => v !== undefined).join(',');
    }
    case 'checkbox':
    case 'radio': {
      const state = nameOf(value);
      if (state === undefined) return 'Off';
      const exports = buttonExportValues(field);
      const index = /^\d+$/.test(state) ? Number(state) : NaN;
      return exports.length > 0 && index < exports.length ? exports[index] : state;
    }
    case 'text':
      return textOf(value) ?? '';
    default:
      // Push buttons have no value; a signature's value is its signature dictionary, no text.
      return '';
  }
}

/**
 * The options: a choice field's export then display values (trimmed, blanks
 * dropped, each once); a check box's or radio group's /Opt export values.
 */
export function fieldOptions(field: TerminalField): string[] {
  if (field.type === 'combobox' || field.type === 'listbox') {
    const { exports, displays } = choiceOptions(field);
    return [...new Set([...exports, ...displays].map((option) => option.trim()).filter((option) => option !== ''))];
  }
  if (field.type === 'checkbox' || field.type === 'radio') return buttonExportValues(field);
  return [];
}

/** A choice field's /Opt: export values and display values (the same text for an option given as one string). */
export function choiceOptions(field: TerminalField): { exports: string[]; displays: string[] } {
  const exports: string[] = [];
  const displays: string[] = [];
  for (const option of field.opt ?? []) {
    if (Array.isArray(option)) {
      exports.push(textOf(option[0]) ?? '');
      displays.push(textOf(option[1] ?? option[0]) ?? '');
    } else {
      const text = textOf(option);
      if (text === undefined) continue;
      exports.push(text);
      displays.push(text);
    }
  }
  return { exports, displays };
}

/** A button's /Opt: the export value of each widget, in order. */
export function buttonExportValues(field: TerminalField): string[] {
  return (field.opt ?? []).map((option) => textOf(option)).filter((option): option is string => option !== undefined);
}

/** The first non-blank /NM of the field's widgets, else the first non-blank widget /TU. */
export function fieldTooltip(pdf: PdfObjects, field: TerminalField): string | undefined {
  for (const key of ['/NM', '/TU']) {
    for (const widget of field.widgets) {
      const text = textOf(pdf.resolve(widget.dict[key]));
      if (text !== undefined && text.trim() !== '') return text;
    }
  }
  return undefined;
}
