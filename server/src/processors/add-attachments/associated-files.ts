import type { EngineOptions } from '../../engines/process';
import { PdfEdits } from '../../pdf-objects/object-edits';
import { embeddedFileEntries } from '../../pdf-objects/embedded-files';
import { isReference } from '../../pdf-objects/pdf-objects';

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
  const wanted = new Set(names);
  const specs: string[] = [];
  for (const { key, spec } of embeddedFileEntries(edits.pdf)) {
    if (!wanted.has(key) || !isReference(spec)) continue;
    const opened = edits.open(spec, `obj:${spec}`);
    if (!opened) continue;
    if (!('/AFRelationship' in opened.dict)) {
      opened.dict['/AFRelationship'] = '/Unspecified';
      edits.touch(opened.owner);
    }
    specs.push(spec);
  }

  const existing = edits.pdf.array(catalog.dict['/AF']) ?? [];
  catalog.dict['/AF'] = [...existing, ...specs.filter((spec) => !existing.includes(spec))];
  edits.touch(catalog.owner);
  await edits.write(input, output, scratchJson, engine);
}
