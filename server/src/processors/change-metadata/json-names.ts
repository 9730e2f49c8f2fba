/**
 * Names in qpdf's JSON update. qpdf (11.3) reads `#xx` in a JSON name as an
 * escape, though its JSON output gives names unescaped: a literal '#' must go
 * back in as '#23', or a name "A#41" read from a file would be written as "AA".
 */

/** A name (without its slash) as an update must spell it. e.g. 'A#B' → '/A#23B' */
export function jsonName(name: string): string {
  return `/${name.replace(/#/g, '#23')}`;
}

/** The name an update spelling stands for, without its slash. e.g. '/A#23B' → 'A#B' */
export function nameOfJsonKey(key: string): string {
  return key.slice(1).replace(/#23/g, '#');
}

/** A value read from qpdf's JSON output, every name in it (keys and name values) spelt for an update. */
export function forUpdate(value: unknown): unknown {
  if (typeof value === 'string') return value.startsWith('/') ? jsonName(value.slice(1)) : value;
  if (Array.isArray(value)) return value.map(forUpdate);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key.startsWith('/') ? jsonName(key.slice(1)) : key, forUpdate(item)]));
  }
  return value;
}
