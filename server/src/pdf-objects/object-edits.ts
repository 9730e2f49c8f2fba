import type { EngineOptions } from '../engines/process';
import { readObjects, updateObjects, type ObjectUpdate } from '../engines/qpdf/qpdf-objects';
import { asDict, isReference, PdfObjects } from './pdf-objects';

/**
 * Where a value lives, so an edit to it can be written back: the key of the
 * indirect object holding it in qpdf's listing ('obj:12 0 R', or 'trailer').
 */
export type Owner = string;

/** A dictionary opened for editing, and the object to mark changed after editing it. */
export interface EditableDict {
  dict: Record<string, unknown>;
  owner: Owner;
}

/** Direct objects nested deeper than this are not walked (qpdf itself refuses far less deep nesting). */
const MAX_NESTING = 1000;

/**
 * A PDF's objects read for editing in place: change a dictionary or array
 * got through `open` or `eachDictionary`, call `touch(owner)`, and `write`
 * sends only the changed and added objects through qpdf's JSON update, so
 * streams are copied untouched and nothing is decoded. Objects nothing refers
 * to any more (an old revision's, a removed action's) are not written.
 */
export class PdfEdits {
  readonly pdf: PdfObjects;
  private lastId: number;
  private readonly changed = new Set<Owner>();
  private readonly added = new Map<Owner, ObjectUpdate>();

  constructor(pdf: PdfObjects, maxObjectId: number) {
    this.pdf = pdf;
    this.lastId = maxObjectId;
  }

  /** Reads every object of `path` (stream data left out). */
  static async read(path: string, engine: EngineOptions): Promise<PdfEdits> {
    const { objects, maxObjectId } = await readObjects(path, engine);
    return new PdfEdits(new PdfObjects(objects), maxObjectId);
  }

  /** The catalog, opened for editing. */
  get catalog(): EditableDict | undefined {
    return this.open(asDict(this.pdf.objects.trailer?.value)?.['/Root'], 'trailer');
  }

  /**
   * `value` opened for editing when it is a dictionary (a stream's dictionary
   * for a stream): an indirect one is owned by its object, a direct one by
   * `owner`, the object it sits in.
   */
  open(value: unknown, owner: Owner): EditableDict | undefined {
    if (isReference(value)) {
      const entry = this.pdf.objects[`obj:${value}`];
      const dict = asDict(entry?.value ?? entry?.stream?.dict);
      return dict ? { dict, owner: `obj:${value}` } : undefined;
    }
    const dict = asDict(value);
    return dict ? { dict, owner } : undefined;
  }

  /** Whether `value` is a reference to a stream. */
  isStream(value: unknown): boolean {
    return isReference(value) && this.pdf.objects[`obj:${value}`]?.stream !== undefined;
  }

  /** Marks an object changed, after one of its dictionaries or arrays was edited in place. */
  touch(owner: Owner): void {
    if (!this.added.has(owner)) this.changed.add(owner);
  }

  /** Whether anything was changed or added. */
  get hasChanges(): boolean {
    return this.changed.size > 0 || this.added.size > 0;
  }

  /** Adds a new indirect object and answers its reference. e.g. '41 0 R' */
  add(value: unknown): string {
    const ref = `${++this.lastId} 0 R`;
    this.added.set(`obj:${ref}`, { value });
    this.pdf.objects[`obj:${ref}`] = { value };
    return ref;
  }

  /** Adds a new stream with this dictionary and data and answers its reference. */
  addStream(dict: Record<string, unknown>, data: Buffer): string {
    const ref = `${++this.lastId} 0 R`;
    this.added.set(`obj:${ref}`, { stream: { dict, data: data.toString('base64') } });
    this.pdf.objects[`obj:${ref}`] = { stream: { dict } };
    return ref;
  }

  /**
   * Calls `visit` on every dictionary of the file, those nested directly in
   * other objects included, each with the object that owns it. A dictionary
   * is visited before what it holds, so what `visit` removes is not walked.
   */
  eachDictionary(visit: (dict: Record<string, unknown>, owner: Owner) => void): void {
    for (const [key, entry] of Object.entries(this.pdf.objects)) {
      const stack: [unknown, number][] = [[entry.value ?? entry.stream?.dict, 0]];
      while (stack.length > 0) {
        const [value, depth] = stack.pop()!;
        if (depth > MAX_NESTING || value === null || typeof value !== 'object') continue;
        if (!Array.isArray(value)) visit(value as Record<string, unknown>, key);
        for (const child of Object.values(value)) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
      }
    }
  }

  /**
   * Writes `output` as `input` with the edits (qpdf's JSON update). Without
   * edits the file is still rewritten: what no object refers to is dropped.
   */
  async write(input: string, output: string, scratchJson: string, engine: EngineOptions, options: { decrypt?: boolean } = {}): Promise<void> {
    const objects: Record<string, ObjectUpdate> = Object.fromEntries(this.added);
    for (const owner of this.changed) {
      const entry = this.pdf.objects[owner];
      if (entry?.stream) objects[owner] = { stream: { dict: entry.stream.dict } };
      else if (entry) objects[owner] = { value: entry.value };
    }
    await updateObjects(input, output, { maxObjectId: this.lastId, objects }, scratchJson, engine, options);
  }
}

/**
 * Takes the annotations `remove` picks off every page's /Annots (the array
 * edited where it lives, an /Annots left empty dropped) and answers the
 * references of those taken, with the page each was on.
 */
export function removeAnnotations(
  edits: PdfEdits,
  remove: (annotation: Record<string, unknown>, value: unknown) => boolean,
): { page: string; annotation: unknown }[] {
  const removed: { page: string; annotation: unknown }[] = [];
  for (const page of edits.pdf.pageRefs()) {
    const pageDict = edits.open(page, `obj:${page}`);
    const annots = pageDict?.dict['/Annots'];
    const list = edits.pdf.array(annots);
    if (!pageDict || !list) continue;
    const kept = list.filter((annotation) => {
      const dict = edits.pdf.dict(annotation);
      if (!dict || !remove(dict, annotation)) return true;
      removed.push({ page, annotation });
      return false;
    });
    if (kept.length === list.length) continue;
    if (kept.length === 0) {
      delete pageDict.dict['/Annots'];
      edits.touch(pageDict.owner);
    } else if (isReference(annots)) {
      list.splice(0, list.length, ...kept);
      edits.touch(`obj:${annots}`);
    } else {
      pageDict.dict['/Annots'] = kept;
      edits.touch(pageDict.owner);
    }
  }
  return removed;
}
