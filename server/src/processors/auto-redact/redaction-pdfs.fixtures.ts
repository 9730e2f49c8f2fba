import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { withTempDir } from '../../../test/support/pdfs';

/**
 * A PDF with one term planted in every place a document carries text
 * (redaction-pdfs.py: ReportLab's page, bookmarks and form fields, pikepdf for
 * the rest, strings respelt as hex, UTF-16BE and octal escapes), and
 * independent readers of where a term is left in a file: qpdf's fully
 * decompressed rewrite searched in every encoding, and qpdf's JSON objects.
 */

const GENERATOR = resolve(__dirname, 'redaction-pdfs.py');

/** The term planted everywhere, in this case (matching ignores case). */
export const PLANTED_TERM = 'Secret';

let planted: Buffer | undefined;

/** The planted PDF (made once per test run). */
export function termEverywherePdf(): Buffer {
  planted ??= withTempDir((dir) => {
    const output = join(dir, 'planted.pdf');
    execFileSync('/usr/bin/python3', [GENERATOR, output], { stdio: ['ignore', 'ignore', 'pipe'] });
    return readFileSync(output);
  });
  return planted;
}

/** `qpdf --qdf --object-streams=disable`: every object on its own, every stream qpdf can decode decoded. */
export function decompressed(pdf: Buffer): Buffer {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    execFileSync('qpdf', ['--qdf', '--object-streams=disable', '--decode-level=all', join(dir, 'in.pdf'), join(dir, 'out.pdf')]);
    return readFileSync(join(dir, 'out.pdf'));
  });
}

/**
 * Where the decompressed file still holds `term`, ignoring case, in any
 * spelling: as bytes (ASCII, UTF-16 either way round), inside every literal
 * string (escapes and octal codes undone) and every hex string, each read as
 * PDFDocEncoding/Latin-1 and as UTF-16BE. Each hit as 'how: the line it is on'.
 */
export function termOccurrences(pdf: Buffer, term: string): string[] {
  const file = decompressed(pdf);
  const needle = term.toLowerCase();
  const hits: string[] = [];
  const lineAt = (offset: number) => {
    const start = file.lastIndexOf(0x0a, offset) + 1;
    const end = file.indexOf(0x0a, offset);
    return file.subarray(start, end < 0 ? undefined : Math.min(end, start + 160)).toString('latin1');
  };
  const look = (how: string, text: string, offset: number) => {
    if (text.toLowerCase().includes(needle)) hits.push(`${how}: ${lineAt(offset)}`);
  };

  const raw = file.toString('latin1');
  look('bytes', raw, raw.toLowerCase().indexOf(needle));
  for (const swap of [false, true]) {
    const wide = Buffer.from(needle, 'utf16le');
    const bytes = swap ? wide.swap16() : wide;
    const at = Buffer.from(raw.toLowerCase(), 'latin1').indexOf(bytes);
    if (at >= 0) hits.push(`UTF-16${swap ? 'BE' : 'LE'} bytes: ${lineAt(at)}`);
  }
  for (const { how, bytes, offset } of pdfStrings(raw)) {
    look(`${how} string`, bytes.toString('latin1'), offset);
    const even = bytes.subarray(bytes[0] === 0xfe && bytes[1] === 0xff ? 2 : 0);
    look(
      `${how} UTF-16BE string`,
      Buffer.from(even.subarray(0, even.length & ~1))
        .swap16()
        .toString('utf16le'),
      offset,
    );
  }
  return [...new Set(hits)];
}

/** Every literal `( )` and hex `< >` string in PDF syntax, decoded to its bytes. */
function* pdfStrings(text: string): Generator<{ how: 'literal' | 'hex'; bytes: Buffer; offset: number }> {
  for (const match of text.matchAll(/<([0-9A-Fa-f\s]*)>/g)) {
    if (match.index > 0 && text[match.index - 1] === '<') continue;
    const digits = match[1].replace(/\s/g, '');
    yield { how: 'hex', bytes: Buffer.from(digits.length % 2 ? `${digits}0` : digits, 'hex'), offset: match.index };
  }
  let i = text.indexOf('(');
  while (i >= 0) {
    const bytes: number[] = [];
    let depth = 1;
    let j = i + 1;
    for (; j < text.length && depth > 0; j++) {
      const c = text[j];
      if (c === '\\') {
        const next = text[j + 1] ?? '';
        const octal = /^[0-7]{1,3}/.exec(text.slice(j + 1, j + 4));
        if (octal) {
          bytes.push(parseInt(octal[0], 8) & 0xff);
          j += octal[0].length;
        } else {
          const escaped: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12 };
          if (next !== '\n' && next !== '\r') bytes.push(escaped[next] ?? next.charCodeAt(0));
          j += 1;
        }
        continue;
      }
      if (c === '(') depth++;
      if (c === ')' && --depth === 0) break;
      bytes.push(c.charCodeAt(0));
    }
    yield { how: 'literal', bytes: Buffer.from(bytes), offset: i };
    i = text.indexOf('(', j + 1);
  }
}

type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A PDF's objects as qpdf's JSON (version 2) gives them, with references followed by `get`. */
export class PdfObjects {
  private readonly objects: Record<string, { value?: JsonValue; stream?: { dict: JsonValue; data?: string } }>;

  constructor(pdf: Buffer) {
    const json = withTempDir((dir) => {
      writeFileSync(join(dir, 'in.pdf'), pdf);
      return execFileSync('qpdf', ['--json', '--json-key=qpdf', '--decode-level=all', '--json-stream-data=inline', join(dir, 'in.pdf')], {
        encoding: 'utf8',
        maxBuffer: 256 * 1024 * 1024,
      });
    });
    this.objects = (JSON.parse(json) as { qpdf: [unknown, PdfObjects['objects']] }).qpdf[1];
  }

  /** The value at a path from the trailer, references followed. e.g. get('/Root', '/Outlines', '/First', '/Title') */
  get(...path: (string | number)[]): JsonValue | undefined {
    let value: JsonValue | undefined = this.objects.trailer.value;
    for (const step of path) {
      value = this.resolve(value);
      if (value === undefined || value === null || typeof value !== 'object') return undefined;
      value = (value as Record<string | number, JsonValue>)[step];
    }
    return this.resolve(value);
  }

  /** A reference's object (a stream's dictionary), anything else as it is. */
  resolve(value: JsonValue | undefined): JsonValue | undefined {
    if (typeof value === 'string' && /^\d+ \d+ R$/.test(value)) {
      const object = this.objects[`obj:${value}`];
      return object?.value ?? object?.stream?.dict;
    }
    return value;
  }

  /** A stream's decoded data, found by path. */
  streamData(...path: (string | number)[]): Buffer | undefined {
    const parent = path.length > 1 ? this.get(...path.slice(0, -1)) : this.objects.trailer.value;
    const ref = (parent as Record<string | number, JsonValue> | undefined)?.[path[path.length - 1]];
    const data = typeof ref === 'string' ? this.objects[`obj:${ref}`]?.stream?.data : undefined;
    return data === undefined ? undefined : Buffer.from(data, 'base64');
  }
}

/** A string as qpdf's JSON writes it ("u:text" or "b:hex"), as text. */
export function jsonText(value: JsonValue | undefined): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (value.startsWith('u:')) return value.slice(2);
  if (value.startsWith('b:')) return Buffer.from(value.slice(2), 'hex').toString('latin1');
  return value;
}
