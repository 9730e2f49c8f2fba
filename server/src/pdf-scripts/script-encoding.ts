/** How a script's text is read from its bytes, the same for every tool that reads or measures scripts. */

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** Script bytes as text: by their byte-order mark, else UTF-8 when valid, else Latin-1 (PDFDocEncoding's printable range). */
export function decodeScriptBytes(bytes: Buffer): string {
  const evenAfterMark = () => Buffer.from(bytes.subarray(2, 2 + ((bytes.length - 2) & ~1)));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return evenAfterMark().swap16().toString('utf16le');
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return evenAfterMark().toString('utf16le');
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return bytes.subarray(3).toString('utf8');
  try {
    return UTF8.decode(bytes);
  } catch {
    return bytes.toString('latin1');
  }
}

/** The text of a script held in a string, as qpdf lists it ('u:' text qpdf decoded, 'b:' bytes in hex). */
export function scriptStringText(js: string): string {
  return js.startsWith('u:') ? js.slice(2) : decodeScriptBytes(Buffer.from(js.slice(2), 'hex'));
}
