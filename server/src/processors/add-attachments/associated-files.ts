import type { EngineOptions } from '../../engines/process';
import { PdfEdits } from '../../pdf-objects/object-edits';
import { isReference, textOf } from '../../pdf-objects/pdf-objects';

/** Name-tree nodes deeper than this are not walked (a balanced tree of millions of names is a few levels deep). */
const MAX_TREE_DEPTH = 64;

/**
 * Declares the attachments named `names` associated files of the document, as
 * PDF/A-3 requires of embedded files: each file specification gets an
 * /AFRelationship (Unspecified, unless it has one) and the catalog's /AF lists
 * them. Written as a JSON update of those objects (qpdf).
 */
export async function associateAttachments(input: string, output: string, names: readonly string[], scratchJson: string, engine: EngineOptions): Promise<void> {
  const edits = await PdfEdits.read(input, engine);
  const catalog = edits.catalog;
  if (!catalog) return;
  const tree = edits.pdf.dict(catalog.dict['/Names'])?.['/EmbeddedFiles'];
  const wanted = new Set(names);
  const specs: string[] = [];
  const seen = new Set<unknown>();
  const walk = (node: unknown, depth: number) => {
    if (depth > MAX_TREE_DEPTH || (isReference(node) && seen.has(node))) return;
    if (isReference(node)) seen.add(node);
    const dict = edits.pdf.dict(node);
    const leaves = edits.pdf.array(dict?.['/Names']) ?? [];
    for (let i = 0; i + 1 < leaves.length; i += 2) {
      const name = textOf(edits.pdf.resolve(leaves[i]));
      const spec = leaves[i + 1];
      if (name === undefined || !wanted.has(name) || !isReference(spec)) continue;
      const opened = edits.open(spec, `obj:${spec}`);
      if (!opened) continue;
      if (!('/AFRelationship' in opened.dict)) {
        opened.dict['/AFRelationship'] = '/Unspecified';
        edits.touch(opened.owner);
      }
      specs.push(spec);
    }
    for (const kid of edits.pdf.array(dict?.['/Kids']) ?? []) walk(kid, depth + 1);
  };
  walk(tree, 0);

  const existing = edits.pdf.array(catalog.dict['/AF']) ?? [];
  catalog.dict['/AF'] = [...existing, ...specs.filter((spec) => !existing.includes(spec))];
  edits.touch(catalog.owner);
  await edits.write(input, output, scratchJson, engine);
}
