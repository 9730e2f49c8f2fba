import type { EngineOptions } from '../../engines/process';
import { flattenAnnotations } from '../../engines/qpdf/qpdf-rewrites';
import { PdfEdits, removeAnnotations } from '../object-edits';
import { asDict } from '../pdf-objects';
import type { Workspace } from '../../workspace/workspace';

/**
 * Where a page's comments, links and other annotations that are not form
 * fields wait while qpdf flattens: qpdf draws every annotation on a page
 * into it, and drops those it cannot draw.
 */
const PARKED_ANNOTATIONS = '/FolioParkedAnnots';

/** A field's type and flags are inherited from its parents; they are looked up this far. */
const MAX_FIELD_DEPTH = 64;

/**
 * Makes every form field part of its page: each widget's appearance (the one
 * its state selects: a ticked box, the chosen radio button) is drawn into the
 * page's content where the widget was, text fields' values stay text; then
 * the widgets and the form (/AcroForm) are removed. Comments, links and other
 * annotations stay annotations, and the rest of the page is not touched.
 * Appearances are generated first for text and choice fields that lack one
 * (qpdf writes them from the value and the field's default appearance).
 */
export async function flattenFormFields(input: string, output: string, workspace: Workspace, engine: EngineOptions): Promise<void> {
  const before = await PdfEdits.read(input, engine);
  parkOtherAnnotations(before);
  askForMissingAppearances(before);
  let source = input;
  if (before.hasChanges) {
    source = workspace.newPath('.pdf');
    await before.write(input, source, workspace.newPath('.json'), engine, { decrypt: true });
  }

  const flattened = workspace.newPath('.pdf');
  await flattenAnnotations(source, flattened, engine);

  const after = await PdfEdits.read(flattened, engine);
  // Widgets qpdf left (none, unless the form still asks for appearances) are not part of any form any more.
  removeAnnotations(after, (annotation) => annotation['/Subtype'] === '/Widget');
  restoreParkedAnnotations(after);
  const catalog = after.catalog;
  if (catalog && catalog.dict['/AcroForm'] !== undefined) {
    delete catalog.dict['/AcroForm'];
    after.touch(catalog.owner);
  }
  await after.write(flattened, output, workspace.newPath('.json'), engine);
}

/** Takes every annotation that is not a form widget off its page's /Annots, into PARKED_ANNOTATIONS. */
function parkOtherAnnotations(edits: PdfEdits): void {
  for (const ref of edits.pdf.pageRefs()) {
    const page = edits.open(ref, `obj:${ref}`);
    const annotations = edits.pdf.array(page?.dict['/Annots']);
    if (!page || !annotations) continue;
    const isWidget = (annotation: unknown) => edits.pdf.dict(annotation)?.['/Subtype'] === '/Widget';
    const others = annotations.filter((annotation) => !isWidget(annotation));
    if (others.length === 0) continue;
    // The page gets arrays of its own: an /Annots array object may be shared.
    page.dict['/Annots'] = annotations.filter(isWidget);
    page.dict[PARKED_ANNOTATIONS] = others;
    edits.touch(page.owner);
  }
}

/** Puts the parked annotations back on their pages, after what qpdf left there. */
function restoreParkedAnnotations(edits: PdfEdits): void {
  for (const ref of edits.pdf.pageRefs()) {
    const page = edits.open(ref, `obj:${ref}`);
    const parked = edits.pdf.array(page?.dict[PARKED_ANNOTATIONS]);
    if (!page || !parked) continue;
    page.dict['/Annots'] = [...(edits.pdf.array(page.dict['/Annots']) ?? []), ...parked];
    delete page.dict[PARKED_ANNOTATIONS];
    edits.touch(page.owner);
  }
}

/**
 * A text or choice field without an appearance would be dropped unseen: the
 * form is marked as needing appearances, which has qpdf generate them.
 */
function askForMissingAppearances(edits: PdfEdits): void {
  const catalog = edits.catalog;
  const form = catalog && edits.open(catalog.dict['/AcroForm'], catalog.owner);
  if (!form || form.dict['/NeedAppearances'] === true) return;
  const lacking = edits.pdf.pageRefs().some((page) =>
    (edits.pdf.array(edits.pdf.dict(page)?.['/Annots']) ?? []).some((annotation) => {
      const widget = edits.pdf.dict(annotation);
      if (widget?.['/Subtype'] !== '/Widget' || asDict(edits.pdf.resolve(widget['/AP']))?.['/N'] !== undefined) return false;
      const type = inheritedFieldType(edits, widget);
      return type === '/Tx' || type === '/Ch';
    }),
  );
  if (!lacking) return;
  form.dict['/NeedAppearances'] = true;
  edits.touch(form.owner);
}

function inheritedFieldType(edits: PdfEdits, widget: Record<string, unknown>): unknown {
  let node: Record<string, unknown> | undefined = widget;
  for (let depth = 0; node && depth < MAX_FIELD_DEPTH; depth++) {
    if (node['/FT'] !== undefined) return node['/FT'];
    node = edits.pdf.dict(node['/Parent']);
  }
  return undefined;
}
