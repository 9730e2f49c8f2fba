import type { EngineOptions } from '../../engines/process';
import { PdfEdits } from '../object-edits';
import { describeFields, sortByPage, type DescribedField, type FieldInfo } from './field-model';
import { setFieldValue } from './form-edits';
import type { FieldValues } from './form-payloads';
import { fieldLookup, readFormTree, type FormTree, type TerminalField } from './form-tree';

/** A document's form read for the read-only endpoints, with values from a request's `data` applied in memory first. */
export interface ReadForm {
  edits: PdfEdits;
  tree: FormTree;
  /** Terminal fields with names, in tree order. */
  described: DescribedField[];
}

export async function readForm(path: string, engine: EngineOptions, values: FieldValues = new Map()): Promise<ReadForm> {
  const edits = await PdfEdits.read(path, engine);
  let tree = readFormTree(edits.pdf);
  if (values.size > 0 && tree.form) {
    applyValues(edits, tree, values, false);
    tree = readFormTree(edits.pdf);
  }
  return { edits, tree, described: describeFields(edits.pdf, tree) };
}

/** `/form/fields` order. */
export function fieldsInPageOrder(form: ReadForm): FieldInfo[] {
  return sortByPage(form.described.map(({ info }) => info));
}

/**
 * Sets each value on the field its key names (fully qualified or partial
 * name, the first field registered under it in tree order); unknown or blank
 * keys are skipped. Groups take no value.
 */
export function applyValues(edits: PdfEdits, tree: FormTree, values: FieldValues, strict: boolean): void {
  const lookup = fieldLookup(tree);
  for (const [key, value] of values) {
    if (key.trim() === '') continue;
    const node = lookup.get(key);
    if (node?.terminal) setFieldValue(edits, tree, node as TerminalField, value, strict);
  }
}
