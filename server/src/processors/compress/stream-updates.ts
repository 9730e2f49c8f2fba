import type { FontSubset, StreamChange } from '../../engines/pdf-compress';
import type { QpdfObjects } from '../../engines/qpdf/qpdf-objects';

/**
 * Turns the script's results into a qpdf JSON v2 update: each changed
 * stream's dictionary as qpdf read it, with the keys its new data needs, and
 * the file holding that data; fonts renamed with their subset tag; every
 * reference to a duplicate stream pointed at the copy that stays (the
 * duplicates, then referred to by nothing, are left out when qpdf writes).
 */

type Dict = Record<string, unknown>;

/** One object of the update: a new value, or a stream's new dictionary (and new data, else its data is kept). */
export type UpdateEntry = { value: unknown } | { stream: { dict: Dict; datafile?: string } };

export interface UpdateInput {
  streams: readonly StreamChange[];
  fonts: readonly FontSubset[];
  /** Groups of identical streams: the first stays. */
  duplicates: readonly (readonly number[])[];
  /** For each duplicate, the objects referring to it. */
  referrers: Readonly<Record<string, readonly (number | 'trailer')[]>>;
  /** Entries to remove, for what they hold is never shown (thumbnails, /PieceInfo). */
  unshown: readonly { xref: number; keys: readonly string[] }[];
}

/** The objects whose current form the update needs. */
export function objectsToRead(input: UpdateInput): number[] {
  const ids = new Set<number>();
  for (const change of input.streams) ids.add(change.xref);
  for (const font of input.fonts) {
    ids.add(font.xref);
    for (const use of font.fonts) {
      ids.add(use.font);
      ids.add(use.descriptor);
      if (use.descendant !== null) ids.add(use.descendant);
    }
  }
  for (const list of Object.values(input.referrers)) for (const id of list) if (id !== 'trailer') ids.add(id);
  for (const { xref } of input.unshown) ids.add(xref);
  return [...ids];
}

const objectKey = (id: number) => `obj:${id} 0 R`;

/** The update for qpdf: `objects` holds the current form of everything `objectsToRead` named. */
export function buildUpdate(input: UpdateInput, objects: QpdfObjects): Record<string, UpdateEntry> {
  const update: Record<string, UpdateEntry> = {};
  const dropped = new Set(input.duplicates.flatMap((group) => group.slice(1)));
  const streamDict = (id: number): Dict | undefined => {
    const existing = update[objectKey(id)];
    if (existing && 'stream' in existing) return existing.stream.dict;
    const dict = objects[objectKey(id)]?.stream?.dict;
    return dict ? { ...dict } : undefined;
  };
  const valueDict = (id: number): Dict | undefined => {
    const existing = update[objectKey(id)];
    if (existing && 'value' in existing) return existing.value as Dict;
    const value = objects[objectKey(id)]?.value;
    return value && typeof value === 'object' && !Array.isArray(value) ? { ...(value as Dict) } : undefined;
  };

  for (const change of input.streams) {
    if (dropped.has(change.xref)) continue;
    const dict = streamDict(change.xref);
    if (!dict) continue;
    update[objectKey(change.xref)] = { stream: { dict: changedDict(dict, change), datafile: change.file } };
  }

  for (const font of input.fonts) {
    if (dropped.has(font.xref)) continue;
    const dict = streamDict(font.xref);
    if (!dict) continue;
    delete dict['/Length'];
    delete dict['/DecodeParms'];
    delete dict['/DL'];
    dict['/Filter'] = '/FlateDecode';
    dict['/Length1'] = font.length1;
    update[objectKey(font.xref)] = { stream: { dict, datafile: font.file } };
    // The subset tag tells readers and editors that the font lacks glyphs (PDF 9.6.4).
    for (const use of font.fonts) {
      for (const [id, key] of [
        [use.font, '/BaseFont'],
        [use.descendant, '/BaseFont'],
        [use.descriptor, '/FontName'],
      ] as const) {
        if (id === null) continue;
        const value = valueDict(id);
        if (!value || typeof value[key] !== 'string') continue;
        value[key] = tagged(value[key] as string, font.tag);
        update[objectKey(id)] = { value };
      }
    }
  }

  // Point every reference to a duplicate at the copy that stays.
  const keep = new Map<string, string>();
  for (const [first, ...others] of input.duplicates) for (const other of others) keep.set(`${other} 0 R`, `${first} 0 R`);
  if (keep.size > 0) {
    for (const [dup, list] of Object.entries(input.referrers)) {
      void dup;
      for (const id of list) {
        if (id === 'trailer' || dropped.has(id) || update[objectKey(id)]) continue;
        const current = objects[objectKey(id)];
        if (current?.stream) update[objectKey(id)] = { stream: { dict: { ...current.stream.dict } } };
        else if (current && 'value' in current) update[objectKey(id)] = { value: current.value };
      }
    }
    for (const entry of Object.values(update)) {
      if ('stream' in entry) entry.stream.dict = replaceReferences(entry.stream.dict, keep) as Dict;
      else entry.value = replaceReferences(entry.value, keep);
    }
  }

  // Thumbnails and editors' private data go; what only they referred to is then left out by qpdf.
  for (const { xref, keys } of input.unshown) {
    if (dropped.has(xref)) continue;
    const key = objectKey(xref);
    const current = objects[key];
    const entry: UpdateEntry | undefined =
      update[key] ??
      (current?.stream
        ? { stream: { dict: { ...current.stream.dict } } }
        : current && 'value' in current
          ? { value: { ...(current.value as Dict) } }
          : undefined);
    if (!entry) continue;
    const dict = 'stream' in entry ? entry.stream.dict : (entry.value as Dict);
    if (!dict || typeof dict !== 'object' || Array.isArray(dict)) continue;
    for (const k of keys) delete dict[k];
    update[key] = entry;
  }
  return update;
}

/** A stream's dictionary for its new data. */
function changedDict(original: Dict, change: StreamChange): Dict {
  const dict = { ...original };
  const c = change.changes;
  delete dict['/Length'];
  if (c.Unwrap) {
    const filters = dict['/Filter'];
    const parms = dict['/DecodeParms'];
    delete dict['/DecodeParms'];
    delete dict['/DL'];
    if (Array.isArray(filters)) dict['/Filter'] = filters[filters.length - 1];
    if (Array.isArray(parms) && parms[parms.length - 1] !== null) dict['/DecodeParms'] = parms[parms.length - 1];
  }
  if (c.Filter !== undefined) {
    delete dict['/Filter'];
    delete dict['/DecodeParms'];
    delete dict['/DL'];
    dict['/Filter'] = c.Filter;
    if (c.DecodeParms) dict['/DecodeParms'] = c.DecodeParms;
  }
  if (c.Width !== undefined) dict['/Width'] = c.Width;
  if (c.Height !== undefined) dict['/Height'] = c.Height;
  if (c.BitsPerComponent !== undefined) dict['/BitsPerComponent'] = c.BitsPerComponent;
  if (c.ColorSpace !== undefined) {
    dict['/ColorSpace'] = c.ColorSpace;
    delete dict['/Decode'];
  }
  if (c.Indexed) {
    const base = c.Indexed.grey ? '/DeviceGray' : original['/ColorSpace'];
    dict['/ColorSpace'] = ['/Indexed', base, c.Indexed.hival, `b:${c.Indexed.palette}`];
  }
  if ('Decode' in c && c.Decode === null) delete dict['/Decode'];
  return dict;
}

/** '/Name' → '/ABCDEF+Name', unless it carries a tag already. */
function tagged(name: string, tag: string): string {
  if (!name.startsWith('/') || /^\/[A-Z]{6}\+/.test(name)) return name;
  return `/${tag}+${name.slice(1)}`;
}

/** The value with every reference that `keep` maps replaced (qpdf JSON: a reference is the string 'N G R'). */
export function replaceReferences(value: unknown, keep: ReadonlyMap<string, string>): unknown {
  if (typeof value === 'string') return keep.get(value) ?? value;
  if (Array.isArray(value)) return value.map((item) => replaceReferences(item, keep));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Dict).map(([k, v]) => [k, replaceReferences(v, keep)]));
  }
  return value;
}
