import { createReadStream, createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { PdfCorruptedError } from '../../engines/pdf-errors';
import type { EngineOptions } from '../../engines/process';
import { objectOffsets, readObjects } from '../../engines/qpdf/qpdf-objects';
import { isReference, PdfObjects } from '../../pdf-objects/pdf-objects';
import { formFields } from '../../pdf-signatures/signature-fields';
import type { ChangesAfterSigning } from '@folio/registry';
import type { Workspace } from '../../workspace/workspace';

/** Objects walked at most from one page or annotation when looking for what changed under it. */
const MAX_REACHED = 20_000;
/** Keys that lead away from what a page or annotation draws: to parents, other pages and annotations, the structure tree. */
const NOT_DRAWN = new Set(['/Parent', '/P', '/Annots', '/B', '/Popup', '/IRT', '/StructParent', '/StructParents', '/Dest', '/A', '/AA', '/V']);

/** The changes after the revision that ends at byte `signedEnd` of the file at `path` (whose objects are `current`). */
export async function changesAfterSigning(
  path: string,
  fileSize: number,
  signedEnd: number,
  current: PdfObjects,
  workspace: Workspace,
  engine: EngineOptions,
): Promise<ChangesAfterSigning> {
  const incrementalUpdates = await countKeyword(path, signedEnd, 'startxref');
  const unreadable = { objectsChanged: null, pages: null, annotations: null, formFields: null, laterSignatures: null };
  const base = { bytesAdded: fileSize - signedEnd, incrementalUpdates };
  if (incrementalUpdates === 0)
    return { ...base, objectsChanged: 0, pages: none.pages(), annotations: none.annotations(), formFields: none.fields(), laterSignatures: 0 };

  const revision = workspace.newPath('.pdf');
  await pipeline(createReadStream(path, { start: 0, end: signedEnd - 1 }), createWriteStream(revision));
  let signed: PdfObjects;
  let changed: Set<string>;
  try {
    signed = new PdfObjects((await readObjects(revision, engine)).objects);
    const offsets = await objectOffsets(path, engine);
    changed = new Set([...offsets].filter(([, offset]) => offset >= signedEnd).map(([object]) => `${object} 0 R`));
  } catch (error) {
    if (error instanceof PdfCorruptedError) return { ...base, ...unreadable };
    throw error;
  }

  const before = signed.pageRefs();
  const now = current.pageRefs();
  const pages = {
    added: now.filter((page) => !before.includes(page)).length,
    removed: before.filter((page) => !now.includes(page)).length,
    changed: now.flatMap((page, index) => (before.includes(page) && pageChanged(signed, current, page, changed) ? [index + 1] : [])),
  };

  const annotationsBefore = annotationRefs(signed);
  const annotationsNow = annotationRefs(current);
  const annotations = {
    added: [...annotationsNow].filter((a) => !annotationsBefore.has(a)).length,
    removed: [...annotationsBefore].filter((a) => !annotationsNow.has(a)).length,
    changed: [...annotationsNow].filter((a) => annotationsBefore.has(a) && reaches(current, a, changed)).length,
  };

  const valuesBefore = fieldValues(signed);
  const valuesNow = fieldValues(current);
  const changedFields = [...valuesNow.keys()].filter((name) => valuesBefore.has(name) && valuesBefore.get(name)!.value !== valuesNow.get(name)!.value);
  const formFieldChanges = {
    added: [...valuesNow.keys()].filter((name) => !valuesBefore.has(name)),
    removed: [...valuesBefore.keys()].filter((name) => !valuesNow.has(name)),
    changed: changedFields,
  };
  const laterSignatures = [...valuesNow].filter(([name, field]) => field.signature && valuesBefore.get(name)?.value !== field.value).length;

  return { ...base, objectsChanged: changed.size, pages, annotations, formFields: formFieldChanges, laterSignatures };
}

/** Nothing changed: the empty parts, for bytes appended without a revision. */
const none = {
  pages: () => ({ added: 0, removed: 0, changed: [] }),
  annotations: () => ({ added: 0, removed: 0, changed: 0 }),
  fields: () => ({ added: [], removed: [], changed: [] }),
};

/** How often `keyword` occurs in the file from byte `start` on, read in chunks (a match across two chunks counts once). */
async function countKeyword(path: string, start: number, keyword: string): Promise<number> {
  let count = 0;
  let carry = '';
  for await (const chunk of createReadStream(path, { start, highWaterMark: 1024 * 1024 })) {
    const text = carry + (chunk as Buffer).toString('latin1');
    for (let at = text.indexOf(keyword); at !== -1; at = text.indexOf(keyword, at + keyword.length)) count++;
    // Keep a tail shorter than the keyword: it cannot hold a whole match already counted.
    carry = text.slice(-(keyword.length - 1));
  }
  return count;
}

/**
 * Whether a page looks or reads differently: its own entries (its annotations
 * aside, counted on their own) or anything its content and resources use.
 */
function pageChanged(signed: PdfObjects, current: PdfObjects, page: string, changed: ReadonlySet<string>): boolean {
  const withoutAnnotations = (pdf: PdfObjects) => {
    const { '/Annots': _annotations, ...rest } = pdf.dict(page) ?? {};
    return rest;
  };
  const now = withoutAnnotations(current);
  return JSON.stringify(withoutAnnotations(signed)) !== JSON.stringify(now) || reaches(current, now, changed);
}

/** Whether `value` is a changed object or leads to one through what it draws (content, resources, appearances). */
function reaches(pdf: PdfObjects, value: unknown, changed: ReadonlySet<string>): boolean {
  const seen = new Set<string>();
  const stack: unknown[] = [value];
  while (stack.length > 0 && seen.size < MAX_REACHED) {
    const item = stack.pop();
    if (isReference(item)) {
      if (changed.has(item)) return true;
      if (seen.has(item)) continue;
      seen.add(item);
    }
    const resolved = pdf.resolve(item);
    if (Array.isArray(resolved)) stack.push(...resolved);
    else if (resolved !== null && typeof resolved === 'object') {
      for (const [key, child] of Object.entries(resolved)) if (!NOT_DRAWN.has(key)) stack.push(child);
    }
  }
  return false;
}

/** Every page's annotations: references, or for one written inside its page, its page and place. */
function annotationRefs(pdf: PdfObjects): Set<string> {
  const refs = new Set<string>();
  for (const page of pdf.pageRefs()) {
    (pdf.array(pdf.dict(page)?.['/Annots']) ?? []).forEach((annotation, index) => refs.add(isReference(annotation) ? annotation : `${page} #${index}`));
  }
  return refs;
}

/** Each terminal field's value as text to compare (a value held in another object compared by that object's content). */
function fieldValues(pdf: PdfObjects): Map<string, { value: string; signature: boolean }> {
  const values = new Map<string, { value: string; signature: boolean }>();
  for (const field of formFields(pdf)) {
    const signature = field.type === '/Sig' && field.value !== undefined;
    values.set(field.name, { value: JSON.stringify(pdf.resolve(field.value) ?? null), signature });
  }
  return values;
}
