import type { PdfEdits } from '../object-edits';
import { rectangleOf } from '../page-tree';
import { isChecked } from './field-model';
import { addRootField, ensureHelvetica, HELVETICA_APPEARANCE, removeFields, setFieldValue } from './form-edits';
import type { FieldUpdate } from './form-payloads';
import { FIELD_FLAGS, FIELD_TYPES, fieldLookup, readFormTree, type FieldType, type FormTree, type TerminalField } from './form-tree';

/**
 * `/form/modify-fields` (reference-beyond §3.6): each definition renames,
 * relabels, re-flags or re-types one field. A field keeping its type is
 * changed in place, keeping what the definition does not mention; a new type
 * makes a new field on the old one's first widget, which replaces it.
 */

/** Applies the definitions in order; those naming no usable field are skipped. Answers how many were applied. */
export function modifyFields(edits: PdfEdits, updates: readonly FieldUpdate[]): number {
  let applied = 0;
  for (const update of updates) {
    // Read afresh each time: an earlier definition may have renamed or replaced fields.
    const tree = readFormTree(edits.pdf);
    if (!tree.form) return applied;
    const target = update.targetName?.trim();
    const node = target ? fieldLookup(tree).get(target) : undefined;
    if (!node?.terminal) continue;
    const field = node as TerminalField;
    const [widget] = field.widgets;
    const rect = widget && rectangleOf(edits.pdf, widget.dict['/Rect']);
    if (!widget || widget.pageIndex < 0 || !rect) continue;
    const wanted = update.type === undefined ? field.type : update.type.trim().toLowerCase() || 'text';
    if (!(FIELD_TYPES as readonly string[]).includes(wanted)) continue;
    if (wanted === field.type) changeInPlace(edits, tree, field, update);
    else replaceField(edits, tree, field, wanted as FieldType, update, tree.pageRefs[widget.pageIndex], [rect.x1, rect.y1, rect.x2, rect.y2]);
    applied++;
  }
  return applied;
}

/** `wanted`, or `wanted_1`, `wanted_2`… so that no other terminal field has the resulting full name. */
function uniqueName(tree: FormTree, field: TerminalField, wanted: string, prefix: string): string {
  const taken = new Set(tree.fields.filter((other) => other !== field).map((other) => other.name));
  let candidate = wanted;
  for (let n = 1; taken.has(prefix + candidate); n++) candidate = `${wanted}_${n}`;
  return candidate;
}

function setFlag(dict: Record<string, unknown>, flag: number, on: boolean): void {
  const own = typeof dict['/Ff'] === 'number' ? (dict['/Ff'] as number) : 0;
  dict['/Ff'] = on ? own | flag : own & ~flag;
}

/** Sets or, for blank text, removes a text entry. */
function setText(dict: Record<string, unknown>, key: string, text: string): void {
  if (text.trim() === '') delete dict[key];
  else dict[key] = `u:${text}`;
}

function changeInPlace(edits: PdfEdits, tree: FormTree, field: TerminalField, update: FieldUpdate): void {
  const { dict } = field;
  const prefix = field.parent?.name !== undefined ? `${field.parent.name}.` : '';
  const partial = update.name?.trim() || field.partialName;
  if (partial !== undefined && partial !== field.partialName) dict['/T'] = `u:${uniqueName(tree, field, partial, prefix)}`;
  if (update.label !== undefined) setText(dict, '/TU', update.label);
  if (update.required !== undefined) setFlag(dict, FIELD_FLAGS.required, update.required);
  const choice = field.type === 'combobox' || field.type === 'listbox';
  if (choice && update.options !== undefined) {
    dict['/Opt'] = update.options.map((option) => `u:${option}`);
    field.opt = dict['/Opt'] as unknown[];
    delete dict['/I'];
  }
  if (field.type === 'listbox' && update.multiSelect !== undefined) {
    setFlag(dict, FIELD_FLAGS.multiSelect, update.multiSelect);
    field.flags = update.multiSelect ? field.flags | FIELD_FLAGS.multiSelect : field.flags & ~FIELD_FLAGS.multiSelect;
  }
  edits.touch(field.owner);
  if (update.defaultValue !== undefined) {
    const blank = update.defaultValue.trim() === '';
    setFieldValue(edits, tree, field, blank && choice ? null : blank ? '' : update.defaultValue, false);
  }
  if (update.tooltip !== undefined) {
    for (const widget of field.widgets) {
      setText(widget.dict, '/TU', update.tooltip);
      edits.touch(widget.owner);
    }
  }
}

/**
 * A new root field of type `wanted` (radio groups, buttons and signatures
 * are made as text fields) on the old field's first widget, with only what the
 * definition gives; the old field and all its widgets go.
 */
function replaceField(edits: PdfEdits, tree: FormTree, field: TerminalField, wanted: FieldType, update: FieldUpdate, pageRef: string, rect: number[]): void {
  const type = wanted === 'radio' || wanted === 'button' || wanted === 'signature' ? 'text' : wanted;
  const name = uniqueName(tree, field, update.name?.trim() || field.partialName || field.name, '');
  const dict: Record<string, unknown> = { '/Type': '/Annot', '/Subtype': '/Widget', '/F': 4, '/Rect': rect, '/P': pageRef, '/T': `u:${name}` };
  let flags = update.required ? FIELD_FLAGS.required : 0;
  const options = (update.options ?? []).map((option) => `u:${option}`);
  if (type === 'checkbox') {
    Object.assign(dict, checkBoxParts(edits, rect, isChecked(update.defaultValue)));
    if (options.length > 0) dict['/Opt'] = options;
  } else {
    dict['/FT'] = type === 'text' ? '/Tx' : '/Ch';
    dict['/DA'] = `u:${HELVETICA_APPEARANCE}`;
    if (type === 'combobox') flags |= FIELD_FLAGS.combo;
    if (type === 'listbox' && update.multiSelect) flags |= FIELD_FLAGS.multiSelect;
    if (type !== 'text') dict['/Opt'] = options;
    ensureHelvetica(edits, tree);
  }
  dict['/Ff'] = flags;
  if (update.label?.trim()) dict['/TU'] = `u:${update.label}`;
  if (update.tooltip?.trim()) dict['/TU'] = `u:${update.tooltip}`;

  removeFields(edits, tree, [field]);
  const ref = edits.add(dict);
  addRootField(edits, tree, ref, pageRef);
  if (type !== 'checkbox' && update.defaultValue !== undefined && update.defaultValue.trim() !== '') {
    const created = readFormTree(edits.pdf).fields.find((candidate) => candidate.ref === ref);
    if (created) setFieldValue(edits, tree, created, update.defaultValue, false);
  }
}

/** A check box's button type, value and two appearances: a drawn tick for Yes, nothing for Off. */
function checkBoxParts(edits: PdfEdits, rect: number[], checked: boolean): Record<string, unknown> {
  const width = Math.abs(rect[2] - rect[0]);
  const height = Math.abs(rect[3] - rect[1]);
  const form = (content: string) =>
    edits.addStream({ '/Type': '/XObject', '/Subtype': '/Form', '/BBox': [0, 0, width, height], '/Resources': {} }, Buffer.from(content, 'latin1'));
  const tick = `q 0 G ${(Math.min(width, height) / 10).toFixed(2)} w ${(width * 0.2).toFixed(2)} ${(height * 0.5).toFixed(2)} m ${(width * 0.42).toFixed(2)} ${(height * 0.25).toFixed(2)} l ${(width * 0.8).toFixed(2)} ${(height * 0.8).toFixed(2)} l S Q`;
  const state = checked ? '/Yes' : '/Off';
  return { '/FT': '/Btn', '/V': state, '/AS': state, '/AP': { '/N': { '/Yes': form(tick), '/Off': form('') } } };
}
