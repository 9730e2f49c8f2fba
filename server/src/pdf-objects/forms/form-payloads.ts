import { InvalidInputError } from '../../refusals/input-errors';

/**
 * The JSON the form endpoints take in multipart fields (reference-beyond
 * §1.3, §3.5–§3.7), read as the reference's FormPayloadParser reads it. The
 * tools' schemas have already refused text that is not JSON at all.
 */

/** Values to set, by field name; null clears. */
export type FieldValues = Map<string, string | null>;

/** One definition of `modify-fields`' `updates`. */
export interface FieldUpdate {
  targetName?: string;
  name?: string;
  label?: string;
  type?: string;
  required?: boolean;
  multiSelect?: boolean;
  options?: string[];
  defaultValue?: string;
  tooltip?: string;
}

export const NAMES_MESSAGES = {
  empty: 'names payload must contain at least one value',
  shape: "Invalid names payload format: expected array of strings or objects with 'name'-like properties",
} as const;
export const UPDATES_EMPTY = 'updates payload must contain at least one definition';
const DATA_SHAPE = 'data payload must be a JSON object of field values, or an array of field definitions';
const UPDATES_SHAPE = 'updates payload must be a JSON array of field definitions';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (value: unknown): value is Record<string, Json> => value !== null && typeof value === 'object' && !Array.isArray(value);

function parse(text: string | undefined): Json | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as Json;
  } catch {
    // The schema refuses malformed JSON before the processor runs; anything else reaching here is no payload.
    return undefined;
  }
}

/** A definition's field name: `name`, `targetName` or `fieldName`, the first not blank, also inside a nested `field` object. */
function definitionName(definition: Record<string, Json>): string | undefined {
  for (const source of [definition, isObject(definition.field) ? definition.field : {}]) {
    for (const key of ['name', 'targetName', 'fieldName']) {
      const value = source[key];
      if (typeof value === 'string' && value.trim() !== '') return value.trim();
    }
  }
  return undefined;
}

/** A definition's value as text: `value`, else `defaultValue`; arrays joined by ',', objects as JSON text, null as ''. */
function definitionValue(definition: Record<string, Json>): string {
  const value = definition.value !== undefined && definition.value !== null ? definition.value : definition.defaultValue;
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map((item) => (item !== null && typeof item === 'object' ? JSON.stringify(item) : String(item))).join(',');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * A plain map's value as text: strings trimmed, numbers and booleans as
 * text, an array of plain values joined by ',' (a multi-select list's
 * selection, as `/form/fields`' template gives it; the reference sends its
 * JSON text, which no option matches), other nested values as JSON text.
 */
function mapValue(value: Json): string | null {
  if (value === null) return null;
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object')) return value.map((item) => String(item ?? '').trim()).join(',');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function fromDefinitions(definitions: readonly Json[]): FieldValues {
  const values: FieldValues = new Map();
  for (const definition of definitions) {
    if (!isObject(definition)) continue;
    const name = definitionName(definition);
    if (name !== undefined) values.set(name, definitionValue(definition));
  }
  return values;
}

function fromMap(map: Record<string, Json>): FieldValues {
  return new Map(Object.entries(map).map(([key, value]) => [key, mapValue(value)]));
}

/**
 * `data` of `/form/fill` and the extract endpoints: a value map, a `template`
 * object, a `fields` array of definitions, or an array of definitions.
 */
export function parseFieldValues(text: string | undefined): FieldValues {
  const data = parse(text);
  if (data === undefined || data === null) return new Map();
  if (isObject(data)) {
    if (isObject(data.template)) return fromMap(data.template);
    if (Array.isArray(data.fields)) {
      const values = fromDefinitions(data.fields);
      if (values.size > 0) return values;
    }
    return fromMap(data);
  }
  if (Array.isArray(data)) {
    const [first] = data;
    if (!isObject(first)) return new Map();
    if ('name' in first || 'value' in first || 'defaultValue' in first) return fromDefinitions(data);
    return fromMap(first);
  }
  throw new InvalidInputError(DATA_SHAPE);
}

/** `names` of `/form/delete-fields`: trimmed, blanks dropped, each once. */
export function parseFieldNames(text: string | undefined): string[] {
  const payload = parse(text);
  const names = new Set<string>();
  let onlyStrings = true;
  const add = (entry: Json) => {
    if (typeof entry === 'string') {
      if (entry.trim() !== '') names.add(entry.trim());
    } else if (isObject(entry)) {
      onlyStrings = false;
      const name = definitionName(entry);
      if (name !== undefined) names.add(name);
    } else onlyStrings = false;
  };
  if (typeof payload === 'string') add(payload);
  else if (Array.isArray(payload)) payload.forEach(add);
  else if (isObject(payload)) {
    if (Array.isArray(payload.fields)) payload.fields.forEach(add);
    else add(payload);
  } else if (payload !== undefined && payload !== null) onlyStrings = false;
  if (names.size > 0) return [...names];
  throw new InvalidInputError(onlyStrings ? NAMES_MESSAGES.empty : NAMES_MESSAGES.shape);
}

/** `updates` of `/form/modify-fields`: an array of definitions, at least one. */
export function parseFieldUpdates(text: string | undefined): FieldUpdate[] {
  const payload = parse(text);
  if (payload === undefined || (Array.isArray(payload) && payload.length === 0)) throw new InvalidInputError(UPDATES_EMPTY);
  if (!Array.isArray(payload)) throw new InvalidInputError(UPDATES_SHAPE);
  return payload.filter(isObject).map((definition) => {
    const text = (key: string) => {
      const value = definition[key];
      return value === undefined || value === null
        ? undefined
        : typeof value === 'string'
          ? value
          : typeof value === 'object'
            ? JSON.stringify(value)
            : String(value);
    };
    const flag = (key: string) => {
      const value = definition[key];
      if (typeof value === 'boolean') return value;
      return typeof value === 'string' && /^(true|false)$/i.test(value.trim()) ? value.trim().toLowerCase() === 'true' : undefined;
    };
    const options = Array.isArray(definition.options)
      ? definition.options.filter((o) => o !== null).map((o) => (typeof o === 'string' ? o : JSON.stringify(o)))
      : undefined;
    return {
      targetName: text('targetName'),
      name: text('name'),
      label: text('label'),
      type: text('type'),
      required: flag('required'),
      multiSelect: flag('multiSelect'),
      options,
      defaultValue: text('defaultValue'),
      tooltip: text('tooltip'),
    };
  });
}
