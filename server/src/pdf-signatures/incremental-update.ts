import { randomBytes } from 'node:crypto';
import { open } from 'node:fs/promises';
import { asDict, isReference } from '../pdf-objects/pdf-objects';
import type { QpdfObjects } from '../engines/qpdf/qpdf-objects';
import { serialise } from './pdf-syntax';

/**
 * An incremental update (PDF 32000 §7.5.6): new and changed objects appended
 * after the original bytes, with a cross-reference section of their own whose
 * /Prev points at the file's last one. The original bytes stay as they were, so
 * an earlier signature over them still holds.
 */

/** What an update is appended to: the file's end as it stands. */
export interface UpdateBase {
  path: string;
  /** Bytes in the file; the update starts here. */
  size: number;
  /** Where the file's last cross-reference section starts (its last `startxref`). */
  startxref: number;
  /** That section is a cross-reference stream (PDF 1.5), so the update's is one too. */
  xrefStream: boolean;
  /** The trailer's /Root, /Info and /ID, as qpdf's JSON gives them. */
  root: string;
  info?: string;
  id?: unknown;
  /** The first object number not in use. */
  nextObject: number;
  /** The last byte is an end of line (else the update starts with one). */
  endsWithEol: boolean;
}

/** One object of the update. `body`: the object's value in PDF syntax, or a whole stream object's content. */
export interface UpdateObject {
  id: number;
  generation: number;
  body: Buffer;
}

/** How much of the file's end is searched for `startxref` (PDF 32000 §7.5.5 puts it in the last 1024 bytes; writers add junk). */
const TAIL_BYTES = 16 * 1024;

/**
 * The end of a file as an update needs it, or undefined when the file's own
 * structure cannot carry one (no `startxref`, or one pointing at nothing): such
 * a file must be rewritten first.
 */
export async function readUpdateBase(path: string, objects: QpdfObjects, maxObjectId: number): Promise<UpdateBase | undefined> {
  const trailer = asDict(objects.trailer?.value);
  const root = trailer?.['/Root'];
  if (!trailer || !isReference(root) || trailer['/Encrypt'] !== undefined) return undefined;
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const tailStart = Math.max(0, size - TAIL_BYTES);
    const tail = Buffer.alloc(size - tailStart);
    await handle.read(tail, 0, tail.length, tailStart);
    const matches = [...tail.toString('latin1').matchAll(/startxref\s+(\d+)/g)];
    const startxref = matches.length > 0 ? Number(matches[matches.length - 1][1]) : Number.NaN;
    if (!Number.isSafeInteger(startxref) || startxref <= 0 || startxref >= size) return undefined;
    const head = Buffer.alloc(Math.min(64, size - startxref));
    await handle.read(head, 0, head.length, startxref);
    const text = head.toString('latin1');
    const xrefStream = /^\s*\d+\s+\d+\s+obj\b/.test(text);
    if (!xrefStream && !/^\s*xref\b/.test(text)) return undefined;
    const last = tail[tail.length - 1];
    const size32 = Number(trailer['/Size']);
    return {
      path,
      size,
      startxref,
      xrefStream,
      root,
      info: isReference(trailer['/Info']) ? trailer['/Info'] : undefined,
      id: Array.isArray(trailer['/ID']) ? trailer['/ID'] : undefined,
      nextObject: Math.max(maxObjectId + 1, Number.isSafeInteger(size32) ? size32 : 0),
      endsWithEol: last === 0x0a || last === 0x0d,
    };
  } finally {
    await handle.close();
  }
}

/** An object's value as the bytes of an update object. */
export function objectBody(value: unknown): Buffer {
  return Buffer.from(serialise(value), 'latin1');
}

/** A stream object's bytes: its dictionary (with /Length) and data. */
export function streamBody(dict: Record<string, unknown>, data: Buffer): Buffer {
  return Buffer.concat([objectBody({ ...dict, '/Length': data.length }), Buffer.from('\nstream\n', 'latin1'), data, Buffer.from('\nendstream', 'latin1')]);
}

/**
 * The bytes to append: the objects, then a cross-reference section and trailer
 * (a classic table, or a cross-reference stream after a file that uses them).
 */
export function writeUpdate(base: UpdateBase, objects: readonly UpdateObject[]): Buffer {
  const parts: Buffer[] = [];
  let length = 0;
  const push = (chunk: Buffer | string) => {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk;
    parts.push(buffer);
    length += buffer.length;
  };
  if (!base.endsWithEol) push('\n');

  const offsets = new Map<number, { offset: number; generation: number }>();
  for (const object of objects) {
    offsets.set(object.id, { offset: base.size + length, generation: object.generation });
    push(`${object.id} ${object.generation} obj\n`);
    push(object.body);
    push('\nendobj\n');
  }

  const id = base.id ?? [`b:${randomBytes(16).toString('hex')}`, `b:${randomBytes(16).toString('hex')}`];
  const highest = Math.max(base.nextObject - 1, ...objects.map((o) => o.id));
  const trailer = {
    '/Root': base.root,
    ...(base.info ? { '/Info': base.info } : {}),
    '/ID': id,
    '/Prev': base.startxref,
  };

  if (base.xrefStream) {
    const xrefId = highest + 1;
    const xrefOffset = base.size + length;
    offsets.set(xrefId, { offset: xrefOffset, generation: 0 });
    const ids = [...offsets.keys()].sort((a, b) => a - b);
    const width = Math.max(4, Math.ceil(Math.log2(xrefOffset + 1) / 8));
    const rows = Buffer.alloc(ids.length * (1 + width + 2));
    ids.forEach((objectId, i) => {
      const { offset, generation } = offsets.get(objectId)!;
      const row = i * (1 + width + 2);
      rows[row] = 1;
      rows.writeUIntBE(offset, row + 1, width);
      rows.writeUInt16BE(generation, row + 1 + width);
    });
    const dict = { '/Type': '/XRef', '/Size': xrefId + 1, '/W': [1, width, 2], '/Index': runsOf(ids).flatMap(([first, count]) => [first, count]), ...trailer };
    push(`${xrefId} 0 obj\n`);
    push(streamBody(dict, rows));
    push('\nendobj\n');
    push(`startxref\n${xrefOffset}\n%%EOF\n`);
  } else {
    const xrefOffset = base.size + length;
    const ids = [...offsets.keys()].sort((a, b) => a - b);
    push('xref\n');
    for (const [first, count] of runsOf(ids)) {
      push(`${first} ${count}\n`);
      for (let objectId = first; objectId < first + count; objectId++) {
        const { offset, generation } = offsets.get(objectId)!;
        push(`${String(offset).padStart(10, '0')} ${String(generation).padStart(5, '0')} n\r\n`);
      }
    }
    push(`trailer\n${serialise({ '/Size': highest + 1, ...trailer })}\nstartxref\n${xrefOffset}\n%%EOF\n`);
  }
  return Buffer.concat(parts, length);
}

/** Sorted numbers as runs of consecutive ones: [first, count]. */
function runsOf(sorted: readonly number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (const n of sorted) {
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === n) last[1]++;
    else runs.push([n, 1]);
  }
  return runs;
}
