import type { FieldType } from './form-tree';

/**
 * The label the reference shows for a field (reference-beyond §3.1): the
 * first candidate that does not look generic, in order: the field's /TU, its
 * tooltip, its first option (drop-downs, lists, radio groups), its humanised
 * name; else "Text field 3", "Checkbox 1"..., numbered per type.
 */

/** Java's \p{Punct}: ASCII punctuation and symbols. */
const PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g;
const WORD_LIKE_GENERIC = /^(field|text|checkbox|radio|button|signature|name|value|option|select|choice)\s*\d*$/i;
/** Two letters at most then up to three digits: 't1', 'Tx12', 'AB 3'. */
const SHORT_CODE = /^[a-z]{1,2}\s*\d{1,3}$/i;
/** Digits, with an optional t before: '12', 't 12'. */
const NUMBERED = /^t?\s*\d+$/i;
const HEX_ID = /^[0-9a-f]{8}[0-9a-f]{24,}$/i;

const FALLBACK_NAMES: Record<FieldType, string> = {
  text: 'Text field',
  checkbox: 'Checkbox',
  radio: 'Option',
  combobox: 'Dropdown',
  listbox: 'List',
  button: 'Field',
  signature: 'Field',
};

export interface LabelSources {
  /** The field's own /TU. */
  alternateName?: string;
  tooltip?: string;
  type: FieldType;
  options: readonly string[];
  /** Fully qualified name. e.g. 'person.firstName' */
  name: string;
  /** This field's place among the fields of its type, from 1. */
  typeIndex: number;
}

export function fieldLabel(sources: LabelSources): string {
  const candidates = [sources.alternateName, sources.tooltip];
  if (sources.type === 'combobox' || sources.type === 'listbox' || sources.type === 'radio') candidates.push(sources.options[0]);
  candidates.push(humanise(sources.name));
  for (const candidate of candidates) {
    const label = cleanLabel(candidate);
    if (label !== undefined && !looksGeneric(label)) return label;
  }
  return `${FALLBACK_NAMES[sources.type]} ${sources.typeIndex}`;
}

/** Trimmed, trailing dots and colons removed; undefined when nothing is left. */
function cleanLabel(label: string | undefined): string | undefined {
  const cleaned = label
    ?.trim()
    .replace(/[.:]+$/, '')
    .trim();
  return cleaned ? cleaned : undefined;
}

/** Whether a label says nothing a person would read: 'Text1', 'field_3', 't12', a hex id. */
export function looksGeneric(value: string): boolean {
  const simplified = value.replace(PUNCTUATION, ' ').trim();
  if (simplified === '') return true;
  const compact = simplified.replace(/\s+/g, '');
  if (compact.length >= 32 && HEX_ID.test(compact)) return true;
  return WORD_LIKE_GENERIC.test(simplified) || SHORT_CODE.test(simplified) || NUMBERED.test(simplified);
}

/** A field name as words: 'person.firstName' → 'person first Name', 'addr[0]_line2' → 'addr line 2'. */
export function humanise(name: string): string | undefined {
  const words = name
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\./g, ' ')
    .replace(/[_-]+/g, ' ')
    .replace(/(?<=[a-z])(?=[A-Z])|(?<=[A-Za-z])(?=\d)|(?<=\d)(?=[A-Za-z])/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return words || undefined;
}
