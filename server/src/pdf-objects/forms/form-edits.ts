import { InvalidInputError } from '../../refusals/input-errors';
import { removeAnnotations, type PdfEdits } from '../object-edits';
import { asDict, isReference, nameOf, textOf, type PdfObjects } from '../pdf-objects';
import { choiceOptions, isChecked } from './field-model';
import { FIELD_FLAGS, terminalsUnder, type FieldNode, type FormTree, type TerminalField, type Widget } from './form-tree';

/**
 * Changes to a form, made on its objects in place (object-edits.ts): values
 * set as the reference's FormUtils sets them (reference-beyond §3.5), fields
 * removed with their widgets (§3.7), and the form readied for its text and
 * choice appearances to be drawn afresh.
 */

/** The default appearance the reference gives a text field it creates or cannot draw. */
export const HELVETICA_APPEARANCE = '/Helv 12 Tf 0 g';

/** Why a value could not be set, as the reference words it. e.g. "Failed to set value for field 'size'" */
export const failedToSet = (name: string) => `Failed to set value for field '${name}'`;

/**
 * Sets one field's value. `strict` (fill): a radio value that is none of its
 * states, or a selection on a choice field without options, is refused;
 * otherwise (the extract endpoints' `data`) it is skipped. Buttons and
 * signatures take no value.
 */
export function setFieldValue(edits: PdfEdits, tree: FormTree, field: TerminalField, value: string | null, strict: boolean): void {
  const { pdf } = edits;
  switch (field.type) {
    case 'text':
      setOwnValue(edits, field, `u:${value ?? ''}`);
      ensureDefaultAppearance(edits, tree, field);
      return;
    case 'checkbox': {
      const states = checkBoxStates(pdf, field);
      const wanted = value?.trim() ?? '';
      const state = isChecked(wanted)
        ? states[0]
        : wanted !== '' && wanted.toLowerCase() !== 'off'
          ? states.find((candidate) => candidate.toLowerCase() === wanted.toLowerCase())
          : undefined;
      selectState(edits, field, state ?? 'Off');
      return;
    }
    case 'radio': {
      if (value === null || value.trim() === '') return;
      const state = radioState(pdf, field, value);
      if (state === undefined) {
        if (strict) throw new InvalidInputError(failedToSet(field.name));
        return;
      }
      selectState(edits, field, state);
      return;
    }
    case 'combobox':
    case 'listbox':
      setChoice(edits, tree, field, value, strict);
      return;
    default:
      return;
  }
}

function setOwnValue(edits: PdfEdits, field: TerminalField, value: unknown): void {
  if (value === undefined) delete field.dict['/V'];
  else field.dict['/V'] = value;
  field.value = value;
  edits.touch(field.owner);
}

/** Ticks the widgets whose appearance has `state` (all others Off) and sets the value to it. */
function selectState(edits: PdfEdits, field: TerminalField, state: string): void {
  setOwnValue(edits, field, `/${state}`);
  for (const widget of field.widgets) {
    const has = appearanceStates(edits.pdf, widget).includes(state);
    widget.dict['/AS'] = has ? `/${state}` : '/Off';
    edits.touch(widget.owner);
  }
}

/** The names of a widget's normal appearance states. e.g. ['Yes', 'Off'] */
function appearanceStates(pdf: PdfObjects, widget: Widget): string[] {
  const entry = pdf.dict(widget.dict['/AP'])?.['/N'];
  if (isReference(entry) && pdf.objects[`obj:${entry}`]?.stream) return [];
  return Object.keys(asDict(pdf.resolve(entry)) ?? {})
    .map((key) => nameOf(key))
    .filter((state): state is string => state !== undefined);
}

/** A check box's on-states: its widgets' appearance states other than Off, then its /Opt export values. */
function checkBoxStates(pdf: PdfObjects, field: TerminalField): string[] {
  const states = new Set<string>();
  for (const widget of field.widgets) for (const state of appearanceStates(pdf, widget)) if (state.toLowerCase() !== 'off') states.add(state);
  if (states.size === 0) states.add('Yes');
  return [...states];
}

/** The state a radio value selects: one of the widgets' states, or an /Opt export value (the state of the widget at its index). */
function radioState(pdf: PdfObjects, field: TerminalField, value: string): string | undefined {
  const states = field.widgets.flatMap((widget) => appearanceStates(pdf, widget)).filter((state) => state !== 'Off');
  if (states.includes(value)) return value;
  const exports = (field.opt ?? []).map((option) => textOf(option));
  const index = exports.indexOf(value);
  if (index < 0 || index >= field.widgets.length) return undefined;
  return appearanceStates(pdf, field.widgets[index]).find((state) => state !== 'Off');
}

/**
 * A choice field's selection: each item matched, ignoring case, against its
 * export and display values and stored in the option's spelling; a
 * multi-select list takes a comma list (unmatched items dropped), a single
 * choice without a match is cleared to ''.
 */
function setChoice(edits: PdfEdits, tree: FormTree, field: TerminalField, value: string | null, strict: boolean): void {
  if (value === null) {
    delete field.dict['/I'];
    setOwnValue(edits, field, undefined);
    return;
  }
  const { exports, displays } = choiceOptions(field);
  const allowed = [...new Set([...exports, ...displays].filter((option) => option.trim() !== ''))];
  if (allowed.length === 0) {
    if (strict) throw new InvalidInputError(failedToSet(field.name));
    return;
  }
  // The selected indices would contradict the new value; viewers go by /V without them.
  delete field.dict['/I'];
  const match = (item: string) => allowed.find((option) => option.trim().toLowerCase() === item.trim().toLowerCase());
  if (field.type === 'listbox' && field.flags & FIELD_FLAGS.multiSelect) {
    const items = value
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
    const selected = [...new Set(items.map(match).filter((option): option is string => option !== undefined))];
    setOwnValue(edits, field, selected.length === 1 ? `u:${selected[0]}` : selected.map((option) => `u:${option}`));
  } else {
    setOwnValue(edits, field, `u:${match(value) ?? ''}`);
  }
  ensureDefaultAppearance(edits, tree, field);
}

/** A text or choice field without a /DA of its own or its form's gets Helvetica 12, so its appearance can be drawn. */
function ensureDefaultAppearance(edits: PdfEdits, tree: FormTree, field: TerminalField): void {
  if (field.defaultAppearance?.trim() || textOf(edits.pdf.resolve(tree.form?.['/DA']))?.trim()) return;
  field.dict['/DA'] = `u:${HELVETICA_APPEARANCE}`;
  field.defaultAppearance = HELVETICA_APPEARANCE;
  edits.touch(field.owner);
  ensureHelvetica(edits, tree);
}

/** Puts Helvetica in the form's resources as /Helv, where the form's /DR lacks it. */
export function ensureHelvetica(edits: PdfEdits, tree: FormTree): void {
  const form = tree.form;
  if (!form) return;
  const resources = edits.open(form['/DR'], tree.formOwner) ?? { dict: (form['/DR'] = {}) as Record<string, unknown>, owner: tree.formOwner };
  const fonts = edits.open(resources.dict['/Font'], resources.owner) ?? {
    dict: (resources.dict['/Font'] = {}) as Record<string, unknown>,
    owner: resources.owner,
  };
  if (fonts.dict['/Helv'] !== undefined) return;
  fonts.dict['/Helv'] = edits.add({ '/Type': '/Font', '/Subtype': '/Type1', '/BaseFont': '/Helvetica', '/Encoding': '/WinAnsiEncoding' });
  edits.touch(fonts.owner);
  edits.touch(tree.formOwner);
}

/**
 * Asks for the text and choice fields' appearances to be drawn afresh from
 * their values (qpdf's --generate-appearances draws them and clears the flag).
 */
export function requestAppearances(edits: PdfEdits, tree: FormTree): void {
  if (!tree.form || tree.form['/NeedAppearances'] === true) return;
  tree.form['/NeedAppearances'] = true;
  edits.touch(tree.formOwner);
}

/**
 * Removes fields (groups with everything under them): their widgets leave
 * the pages' /Annots, and each node leaves its parent's /Kids or the form's
 * /Fields. Objects nothing refers to any more are not written.
 */
export function removeFields(edits: PdfEdits, tree: FormTree, nodes: readonly FieldNode[]): void {
  const widgetRefs = new Set<unknown>();
  const widgetDicts = new Set<Record<string, unknown>>();
  for (const node of nodes) {
    for (const field of terminalsUnder(tree, node)) {
      for (const widget of field.widgets) {
        if (widget.ref) widgetRefs.add(widget.ref);
        widgetDicts.add(widget.dict);
      }
    }
  }
  removeAnnotations(edits, (dict, value) => widgetRefs.has(value) || widgetDicts.has(dict));
  for (const node of nodes) {
    const holder = node.parent
      ? { dict: node.parent.dict, owner: node.parent.owner, key: '/Kids' }
      : tree.form && { dict: tree.form, owner: tree.formOwner, key: '/Fields' };
    if (holder) removeFromArray(edits, holder, (entry) => (node.ref ? entry === node.ref : edits.pdf.dict(entry) === node.dict));
  }
}

/** Takes the entries `remove` picks out of the array under `key`, where the array lives (its own object or its holder). */
function removeFromArray(edits: PdfEdits, holder: { dict: Record<string, unknown>; owner: string; key: string }, remove: (entry: unknown) => boolean): void {
  const value = holder.dict[holder.key];
  const list = edits.pdf.array(value);
  if (!list) return;
  const kept = list.filter((entry) => !remove(entry));
  if (kept.length === list.length) return;
  list.splice(0, list.length, ...kept);
  edits.touch(isReference(value) ? `obj:${value}` : holder.owner);
}

/** Adds a field at the root of the form (/Fields) and its widget to a page's /Annots. */
export function addRootField(edits: PdfEdits, tree: FormTree, fieldRef: string, pageRef: string): void {
  if (tree.form) {
    const fields = edits.pdf.array(tree.form['/Fields']);
    if (fields) {
      fields.push(fieldRef);
      const entry = tree.form['/Fields'];
      edits.touch(isReference(entry) ? `obj:${entry}` : tree.formOwner);
    } else {
      tree.form['/Fields'] = [fieldRef];
      edits.touch(tree.formOwner);
    }
  }
  const page = edits.open(pageRef, `obj:${pageRef}`);
  if (!page) return;
  const annots = page.dict['/Annots'];
  const list = edits.pdf.array(annots);
  if (list) {
    list.push(fieldRef);
    edits.touch(isReference(annots) ? `obj:${annots}` : page.owner);
  } else {
    page.dict['/Annots'] = [fieldRef];
    edits.touch(page.owner);
  }
}
