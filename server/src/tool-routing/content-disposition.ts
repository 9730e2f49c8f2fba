/**
 * The reference's Content-Disposition (§1.4): `form-data; name="attachment";
 * filename="<name>"`, the name URL-encoded the way Java's URLEncoder does
 * (letters, digits and `.-*_` kept, space as %20), so `;` and `"` never appear.
 */
export function contentDisposition(fileName: string): string {
  return `form-data; name="attachment"; filename="${encodeFileName(fileName)}"`;
}

export function encodeFileName(fileName: string): string {
  let out = '';
  for (const byte of Buffer.from(fileName, 'utf8')) {
    const ch = String.fromCharCode(byte);
    out += /[A-Za-z0-9.\-*_]/.test(ch) ? ch : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}
