/**
 * A certificate's name as the signature list shows it. Validate PDF Signature
 * answers names in RFC 2253 form as Java writes them (reference §5.8), where an
 * attribute without a keyword, the e-mail address above all, is its OID and the
 * hex of its DER value: `1.2.840.113549.1.9.1=#1614617368…`. The page shows the
 * e-mail as pdfsig and certificate viewers do, `E=asha@example.org`; the API
 * keeps the reference's form.
 */

/** PKCS #9 emailAddress, which RFC 2253 has no keyword for. */
const EMAIL_ADDRESS = '1.2.840.113549.1.9.1';

/** Attributes shown by a keyword, with the OID the answer names them by. */
const KEYWORDS: Readonly<Record<string, string>> = { [EMAIL_ADDRESS]: 'E' };

/** DER string types whose content is text: UTF8String, PrintableString, IA5String. */
const TEXT_TAGS = new Set([0x0c, 0x13, 0x16]);

/** An `<oid>=#<hex>` attribute, at the start of the name or after a separator that is not escaped (hex holds no ',' or '+'). */
const HEX_ATTRIBUTE = /(^|(?<!\\)[,+])(\d+(?:\.\d+)+)=#([0-9a-fA-F]+)(?=$|[,+])/g;

/** e.g. '1.2.840.113549.1.9.1=#1614617368612e726f61406578616d706c652e6f7267,CN=Asha Rao' → 'E=asha.rao@example.org,CN=Asha Rao' */
export function readableName(dn: string): string {
  return dn.replace(HEX_ATTRIBUTE, (whole, separator: string, oid: string, hex: string) => {
    const keyword = KEYWORDS[oid];
    const text = keyword === undefined ? undefined : derText(hex);
    return text === undefined ? whole : `${separator}${keyword}=${escapeValue(text)}`;
  });
}

/** The text of one DER string (tag, length, content), or undefined when the hex is not exactly one text string. */
function derText(hex: string): string | undefined {
  if (hex.length % 2 !== 0) return undefined;
  const bytes = Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
  if (bytes.length < 2 || !TEXT_TAGS.has(bytes[0])) return undefined;
  let length = bytes[1];
  let start = 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    if (count === 0 || count > 2 || bytes.length < 2 + count) return undefined;
    length = bytes.slice(2, 2 + count).reduce((sum, byte) => sum * 256 + byte, 0);
    start = 2 + count;
  }
  if (start + length !== bytes.length) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes.slice(start));
  } catch {
    return undefined;
  }
}

/** A value written back as RFC 2253 escapes it, as the other attributes of the name are. */
function escapeValue(value: string): string {
  let escaped = value.replace(/[,+"\\<>;]/g, (c) => `\\${c}`);
  if (escaped.startsWith('#') || escaped.startsWith(' ')) escaped = `\\${escaped}`;
  if (escaped.endsWith(' ') && !escaped.endsWith('\\ ')) escaped = `${escaped.slice(0, -1)}\\ `;
  return escaped;
}
