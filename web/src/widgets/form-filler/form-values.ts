import type { FieldValue, FormField } from './read-form-fields';

/**
 * The values the visitor changed on the page, as `/api/v1/form/fill`'s `data`
 * takes them (reference-beyond §3.5): a map by fully qualified field name;
 * text as text, a check box as true or false, a radio group as the export
 * value of its chosen button, a list's selection as text (one choice) or an
 * array (multi-select; the server joins it with ',' as `/form/fields`'
 * template gives it). Fields left as the file has them are not sent, so the
 * server leaves their objects (and appearances) alone.
 */
export type FillData = Record<string, string | boolean | string[]>;

const sameValue = (a: FieldValue | undefined, b: FieldValue | undefined): boolean =>
  Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((item, i) => item === b[i]) : a === b;

/** The changed values by name, in the order the fields come; each field's kind decides how its value is written. */
export function fillData(fields: readonly FormField[], inFile: Readonly<Record<string, FieldValue>>, current: Readonly<Record<string, FieldValue>>): FillData {
  const data: FillData = {};
  for (const field of fields) {
    if (field.name in data || !(field.name in current) || field.readOnly) continue;
    const value = current[field.name];
    if (sameValue(value, inFile[field.name])) continue;
    switch (field.kind) {
      case 'checkbox':
        data[field.name] = value === true;
        break;
      case 'choice': {
        const chosen = Array.isArray(value) ? [...(value as readonly string[])] : typeof value === 'string' && value !== '' ? [value] : [];
        data[field.name] = field.multiSelect ? chosen : (chosen[0] ?? '');
        break;
      }
      default:
        data[field.name] = typeof value === 'string' ? value : String(value);
    }
  }
  return data;
}

/** `data` as the form field sends it: '{}' when nothing changed. */
export function fillDataJson(
  fields: readonly FormField[],
  inFile: Readonly<Record<string, FieldValue>>,
  current: Readonly<Record<string, FieldValue>>,
): string {
  return JSON.stringify(fillData(fields, inFile, current));
}
