import type { InputFile } from '@folio/registry';
import type { EngineOptions } from '../engines/process';
import { readObjectsWithWarnings } from '../engines/qpdf/qpdf-objects';
import { normalisePdf } from '../engines/qpdf/qpdf-rewrites';
import { PdfObjects } from '../pdf-objects/pdf-objects';
import { InvalidInputError } from '../refusals/input-errors';
import type { Workspace } from '../workspace/workspace';
import { readUpdateBase, type UpdateBase } from './incremental-update';

/**
 * The document as an update can be appended to it, with its objects. A file
 * whose structure readers would have to repair (qpdf warned reading it), or that
 * is encrypted (an owner password only: the runner has opened it), is first
 * rewritten by qpdf: a signature over a repaired reading would not hold.
 */
export async function updatableDocument(file: InputFile, workspace: Workspace, engine: EngineOptions): Promise<{ base: UpdateBase; pdf: PdfObjects }> {
  let read = await readObjectsWithWarnings(file.path, engine);
  let base = read.warnings.length === 0 ? await readUpdateBase(file.path, read.objects, read.maxObjectId) : undefined;
  if (!base) {
    const rewritten = workspace.newPath('.pdf');
    await normalisePdf(file.path, rewritten, engine);
    read = await readObjectsWithWarnings(rewritten, engine);
    base = await readUpdateBase(rewritten, read.objects, read.maxObjectId);
    if (!base) throw new InvalidInputError('The document could not be prepared for a signature.');
  }
  return { base, pdf: new PdfObjects(read.objects) };
}
