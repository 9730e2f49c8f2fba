import type { EditableDict, PdfEdits } from '../../pdf-objects/object-edits';
import { asArray, isReference } from '../../pdf-objects/pdf-objects';

/** Field flag 1 (PDF 32000 §12.7.3.1): the user may not change the field's value. */
const READ_ONLY_FIELD = 1;
/**
 * Annotation flags a widget may carry that stop some viewers from editing it,
 * though for widgets the field's flag governs (PDF 32000 §12.5.3): ReadOnly (7)
 * and LockedContents (10). Locked (8) only keeps the widget from being moved
 * or resized in an editor, and stays.
 */
const READ_ONLY_WIDGET = 64 | 512;

/** Field and widget dictionaries visited at most: a file cannot make the server walk millions. */
const MAX_NODES = 200_000;
const MAX_DEPTH = 64;

/**
 * Makes every field of the form editable, in place: clears the read-only
 * flag on every node of the field tree (a parent's flag is inherited by its
 * kids, so parents are cleared too) and on fields reachable only from a
 * widget's /Parent chain, removes every field's /Lock (the fields a signature
 * would lock), and clears the widgets' read-only annotation flags. Values and
 * every other flag stay.
 */
export function unlockFields(edits: PdfEdits, form: EditableDict): void {
  const { pdf } = edits;
  const seen = new Set<string>();

  const visit = (ref: unknown, depth: number, walkKids: boolean) => {
    if (!isReference(ref) || seen.has(ref) || seen.size >= MAX_NODES || depth > MAX_DEPTH) return;
    seen.add(ref);
    const node = edits.open(ref, `obj:${ref}`);
    if (!node) return;
    unlockNode(edits, node);
    if (walkKids) for (const kid of asArray(pdf.resolve(node.dict['/Kids'])) ?? []) visit(kid, depth + 1, true);
  };

  for (const field of pdf.array(form.dict['/Fields']) ?? []) visit(field, 0, true);
  // Widgets on the pages, and the fields above them, even where /Fields leaves them out.
  for (const page of pdf.pageRefs()) {
    for (const annotation of pdf.array(pdf.dict(page)?.['/Annots']) ?? []) {
      if (pdf.dict(annotation)?.['/Subtype'] !== '/Widget') continue;
      let parent: unknown = annotation;
      for (let depth = 0; isReference(parent) && depth <= MAX_DEPTH; depth++) {
        visit(parent, 0, false);
        parent = pdf.dict(parent)?.['/Parent'];
      }
    }
  }
}

function unlockNode(edits: PdfEdits, node: EditableDict): void {
  const { dict } = node;
  let changed = false;
  const flags = edits.pdf.resolve(dict['/Ff']);
  if (typeof flags === 'number' && (flags & READ_ONLY_FIELD) !== 0) {
    // Written back directly: an indirect /Ff (allowed, never seen) may be shared with other fields.
    dict['/Ff'] = flags & ~READ_ONLY_FIELD;
    changed = true;
  }
  if ('/Lock' in dict) {
    delete dict['/Lock'];
    changed = true;
  }
  const annotationFlags = edits.pdf.resolve(dict['/F']);
  if (dict['/Subtype'] === '/Widget' && typeof annotationFlags === 'number' && (annotationFlags & READ_ONLY_WIDGET) !== 0) {
    dict['/F'] = annotationFlags & ~READ_ONLY_WIDGET;
    changed = true;
  }
  if (changed) edits.touch(node.owner);
}

/**
 * Asks viewers to draw the fields' appearances afresh from their values
 * (/NeedAppearances), as the reference does: a field unlocked is then shown
 * as the editable field it now is, whatever its old appearance said.
 */
export function requestFreshAppearances(edits: PdfEdits, form: EditableDict): void {
  if (form.dict['/NeedAppearances'] === true) return;
  form.dict['/NeedAppearances'] = true;
  edits.touch(form.owner);
}

/**
 * Removes the document's signature permissions (/Perms: DocMDP certification,
 * UR3 usage rights) and the field locks signatures recorded (/Reference
 * entries of signature dictionaries). Rewriting the file breaks every
 * signature anyway; left in place, these make Acrobat refuse to fill the form
 * ("certified, no changes allowed") or warn that the document was changed.
 */
export function removeSignatureRestrictions(edits: PdfEdits): void {
  const catalog = edits.catalog;
  if (catalog && '/Perms' in catalog.dict) {
    delete catalog.dict['/Perms'];
    edits.touch(catalog.owner);
  }
  edits.eachDictionary((dict, owner) => {
    if (dict['/Type'] === '/Sig' && '/Reference' in dict) {
      delete dict['/Reference'];
      edits.touch(owner);
    }
  });
}
