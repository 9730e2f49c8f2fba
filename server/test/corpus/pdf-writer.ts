import { handWrittenPdf } from '../support/hand-written-pdf';

/**
 * Writers for the PDF structures `handWrittenPdf` does not make (cross-reference
 * streams, object streams) and edits of its output that keep every byte offset
 * valid, so each damaged file breaks exactly one thing.
 */

/** One object stream: which objects (numbers from 1) it holds, and how its dictionary is written. */
export interface ObjectStreamSpec {
  /** Object numbers packed into this stream, in order. */
  holds: number[];
  /**
   * The stream's dictionary from its true values, e.g. to lie about /N or /First or
   * to add /Extends; default `<< /Type /ObjStm /N n /First first /Length length >>`.
   */
  dictionary?: (actual: { n: number; first: number; length: number; self: number }) => string;
}

/** A cross-reference stream row: type 0 (free), 1 (offset, generation) or 2 (object stream, index). */
export type XrefRow = [type: number, field2: number, field3: number];

export interface XrefStreamPdfOptions {
  /** Header version; default 1.7. */
  version?: string;
  /** Object streams, numbered after the plain objects in order. */
  objectStreams?: ObjectStreamSpec[];
  /** Byte widths the rows are written with; default [1, 4, 2]. */
  widths?: [number, number, number];
  /** /W as declared in the dictionary when it should not match the rows, e.g. '[1 9 2]'. */
  declaredW?: string;
  /** Changes rows before they are written (object numbers from 0; the xref stream's own row is last). */
  rows?: (rows: XrefRow[]) => XrefRow[];
  /** Extra entries for the xref stream's dictionary (the trailer), e.g. '/Info 5 0 R'. */
  trailer?: string;
  /** The catalog's object number; default 1. */
  root?: number;
}

const latin1 = (text: string) => Buffer.from(text, 'latin1');

function toBuffer(body: string | Buffer): Buffer {
  return Buffer.isBuffer(body) ? body : latin1(body);
}

function writeRow(row: XrefRow, widths: readonly number[]): Buffer {
  const out = Buffer.alloc(widths.reduce((a, b) => a + b, 0));
  let at = 0;
  row.forEach((value, field) => {
    for (let i = widths[field] - 1; i >= 0; i--) out[at + widths[field] - 1 - i] = Math.floor(value / 256 ** i) % 256;
    at += widths[field];
  });
  return out;
}

/**
 * A PDF whose cross-reference table is a stream (PDF 1.5), with some objects
 * packed into object streams. Objects are numbered from 1 in order; then come
 * the object streams, then the xref stream. Streams are left uncompressed so
 * their damage stays readable in a hex dump.
 */
export function xrefStreamPdf(objects: (string | Buffer)[], options: XrefStreamPdfOptions = {}): Buffer {
  const streams = options.objectStreams ?? [];
  const widths = options.widths ?? [1, 4, 2];
  const packedIn = new Map<number, [stream: number, index: number]>();
  streams.forEach((spec, s) => spec.holds.forEach((num, index) => packedIn.set(num, [objects.length + 1 + s, index])));

  const parts: Buffer[] = [latin1(`%PDF-${options.version ?? '1.7'}\n%\xe2\xe3\xcf\xd3\n`)];
  let offset = parts[0].length;
  const offsets = new Map<number, number>();
  const emit = (num: number, body: Buffer) => {
    offsets.set(num, offset);
    const chunk = Buffer.concat([latin1(`${num} 0 obj\n`), body, latin1('\nendobj\n')]);
    parts.push(chunk);
    offset += chunk.length;
  };

  objects.forEach((body, i) => {
    if (!packedIn.has(i + 1)) emit(i + 1, toBuffer(body));
  });
  streams.forEach((spec, s) => {
    const self = objects.length + 1 + s;
    const bodies = spec.holds.map((num) => toBuffer(objects[num - 1] ?? 'null'));
    let at = 0;
    const header = spec.holds.map((num, i) => {
      const entry = `${num} ${at}`;
      at += bodies[i].length + 1;
      return entry;
    });
    const head = latin1(`${header.join(' ')}\n`);
    const data = Buffer.concat([head, ...bodies.flatMap((b) => [b, latin1('\n')])]);
    const actual = { n: spec.holds.length, first: head.length, length: data.length, self };
    const dictionary = spec.dictionary?.(actual) ?? `<< /Type /ObjStm /N ${actual.n} /First ${actual.first} /Length ${actual.length} >>`;
    emit(self, Buffer.concat([latin1(`${dictionary}\nstream\n`), data, latin1('\nendstream')]));
  });

  const xrefNum = objects.length + streams.length + 1;
  const xrefOffset = offset;
  offsets.set(xrefNum, xrefOffset);
  let rows: XrefRow[] = Array.from({ length: xrefNum + 1 }, (_, num): XrefRow => {
    if (num === 0) return [0, 0, 65535];
    const packed = packedIn.get(num);
    return packed ? [2, packed[0], packed[1]] : [1, offsets.get(num) ?? 0, 0];
  });
  if (options.rows) rows = options.rows(rows);
  const data = Buffer.concat(rows.map((row) => writeRow(row, widths)));
  const dictionary = `<< /Type /XRef /Size ${rows.length} /W ${options.declaredW ?? `[${widths.join(' ')}]`} /Root ${options.root ?? 1} 0 R ${options.trailer ?? ''}/Length ${data.length} >>`;
  parts.push(latin1(`${xrefNum} 0 obj\n${dictionary}\nstream\n`), data, latin1(`\nendstream\nendobj\nstartxref\n${xrefOffset}\n%%EOF\n`));
  return Buffer.concat(parts);
}

/** A content stream object body with a correct /Length. */
export function stream(content: string, dictionary = ''): string {
  return `<< ${dictionary}/Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`;
}

export interface SeedOptions {
  /** Page 1's /MediaBox value, e.g. '[0 0 612 792]'. */
  mediaBox?: string;
  /** Extra entries of page 1, e.g. '/Rotate 90'. */
  page?: string;
  /** Page 1's /Resources value; default the font only. */
  resources?: string;
  /** The content stream both pages show. */
  content?: string;
  /** The page tree root's /Count value; default 2. */
  count?: string;
  /** Extra entries of the font dictionary. */
  font?: string;
}

/** The text every seed page shows, so converters have words to find. */
export const SEED_TEXT = 'Folio robustness corpus';

/** Objects numbered from this one are the caller's own (`seedPdf`'s `extraObjects`). */
export const FIRST_EXTRA_OBJECT = 7;

/**
 * The objects of a two-page document showing one line of Helvetica text:
 * 1 catalog, 2 page tree, 3 page 1 (the one options change), 4 content,
 * 5 font, 6 page 2 (always plain). Two pages, so that removing or splitting
 * off page 1 still leaves a document.
 */
export function seedObjects(options: SeedOptions = {}): string[] {
  const content = options.content ?? `BT /F1 24 Tf 72 700 Td (${SEED_TEXT}) Tj ET\n0.2 0.4 0.8 rg 72 600 200 50 re f`;
  return [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [3 0 R 6 0 R] /Count ${options.count ?? '2'} >>`,
    `<< /Type /Page /Parent 2 0 R /MediaBox ${options.mediaBox ?? '[0 0 612 792]'} /Resources ${options.resources ?? '<< /Font << /F1 5 0 R >> >>'} /Contents 4 0 R ${options.page ?? ''}>>`,
    stream(content),
    `<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding ${options.font ?? ''}>>`,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
  ];
}

/** `handWrittenPdf` of `seedObjects` plus `extraObjects` (numbered from FIRST_EXTRA_OBJECT): a valid classic-xref PDF. */
export function seedPdf(options: SeedOptions = {}, extraObjects: string[] = []): Buffer {
  return handWrittenPdf([...seedObjects(options), ...extraObjects]);
}

/** Adds entries to the last trailer dictionary; offsets stay valid, as the trailer follows the table. */
export function withTrailerEntries(pdf: Buffer, entries: string): Buffer {
  const text = pdf.toString('latin1');
  const at = text.lastIndexOf('trailer');
  const close = text.indexOf('>>', at);
  if (at < 0 || close < 0) throw new Error('withTrailerEntries: no trailer dictionary');
  return latin1(`${text.slice(0, close)} ${entries} ${text.slice(close)}`);
}

/**
 * Rewrites the in-use entries of a classic cross-reference table
 * (`offset(objectNumber, trueOffset)`), keeping each entry 20 bytes long.
 */
export function withXrefOffsets(pdf: Buffer, offset: (num: number, actual: number) => number): Buffer {
  const text = pdf.toString('latin1');
  const start = text.lastIndexOf('\nxref\n') + 1;
  const end = text.indexOf('trailer', start);
  let num = -1;
  const table = text.slice(start, end).replace(/(\d{10}) (\d{5}) ([nf]) \n/g, (entry, value: string, generation: string, kind: string) => {
    num += 1;
    if (kind !== 'n') return entry;
    const changed = String(Math.max(0, offset(num, Number(value))))
      .padStart(10, '0')
      .slice(-10);
    return `${changed} ${generation} ${kind} \n`;
  });
  return latin1(text.slice(0, start) + table + text.slice(end));
}

/** Replaces the number after the last `startxref`. */
export function withStartxref(pdf: Buffer, value: string): Buffer {
  const text = pdf.toString('latin1');
  const at = text.lastIndexOf('startxref');
  return latin1(`${text.slice(0, at)}startxref\n${value}\n%%EOF\n`);
}

/** Replaces the first occurrence of `search`, refusing silently unchanged output (a seed that changed shape). */
export function replaceOnce(pdf: Buffer, search: string, replacement: string): Buffer {
  const text = pdf.toString('latin1');
  const at = text.indexOf(search);
  if (at < 0) throw new Error(`replaceOnce: "${search}" not found in the seed`);
  return latin1(text.slice(0, at) + replacement + text.slice(at + search.length));
}
