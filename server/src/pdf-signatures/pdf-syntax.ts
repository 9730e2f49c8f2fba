/**
 * PDF syntax for the objects a signature adds or changes, written from qpdf's
 * JSON v2 values (pdf-objects/pdf-objects.ts): a reference is "12 0 R", a name
 * "/Type" (unescaped), a text string "u:Title", a binary string "b:48656c6c6f",
 * a dictionary an object with "/Key" keys; numbers, booleans and null are
 * themselves. Values built here use the same shapes.
 */

const REFERENCE = /^\d+ \d+ R$/;

/** One value in PDF syntax. */
export function serialise(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return pdfNumber(value);
  if (typeof value === 'string') {
    if (REFERENCE.test(value)) return value;
    if (value.startsWith('/')) return pdfName(value);
    if (value.startsWith('u:')) return pdfTextString(value.slice(2));
    if (value.startsWith('b:')) return `<${value.slice(2)}>`;
    // qpdf never writes other strings; one that came anyway is kept as text.
    return pdfTextString(value);
  }
  if (Array.isArray(value)) return `[${value.map(serialise).join(' ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([key]) => key.startsWith('/'));
    return entries.length === 0 ? '<< >>' : `<< ${entries.map(([key, item]) => `${pdfName(key)} ${serialise(item)}`).join(' ')} >>`;
  }
  throw new Error(`Cannot write ${typeof value} as PDF syntax.`);
}

/** A number without exponent notation (PDF has none). e.g. 1e-7 → '0.0000001' */
export function pdfNumber(value: number): string {
  if (!Number.isFinite(value)) return '0';
  if (Number.isInteger(value)) return BigInt(value).toString();
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return value.toFixed(12).replace(/0+$/, '').replace(/\.$/, '');
}

/** A name, with '#xx' for every byte that is not a regular character. e.g. '/Odd Name' → '/Odd#20Name' */
export function pdfName(name: string): string {
  const bytes = Buffer.from(name.startsWith('/') ? name.slice(1) : name, 'utf8');
  let out = '/';
  for (const byte of bytes) {
    const regular = byte > 0x20 && byte < 0x7f && !'()<>[]{}/%#'.includes(String.fromCharCode(byte));
    out += regular ? String.fromCharCode(byte) : `#${byte.toString(16).padStart(2, '0').toUpperCase()}`;
  }
  return out;
}

/** A text string: a literal for printable ASCII, else UTF-16BE with its byte-order mark, as hex. */
export function pdfTextString(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;
  const utf16 = Buffer.from(text, 'utf16le').swap16();
  return `<FEFF${utf16.toString('hex').toUpperCase()}>`;
}

/** A PDF date for a moment, in UTC. e.g. "D:20250106043000+00'00'" */
export function pdfDate(at: Date): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `D:${pad(at.getUTCFullYear(), 4)}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}+00'00'`;
}
