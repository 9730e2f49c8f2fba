/**
 * Sizes and counts as people and the reference's clients type them. One
 * grammar for every size field (Compress's target, Split by Size's value):
 * a number, `.` or `,` as the decimal mark, then an optional unit
 * (B, K or KB, M or MB, G or GB, any case); a bare number is megabytes
 * (reference §3.10, §6.3). Read the same way by the page and the server.
 */

const BYTES_PER_UNIT: Readonly<Record<string, number>> = { B: 1, K: 1024, KB: 1024, M: 1024 ** 2, MB: 1024 ** 2, G: 1024 ** 3, GB: 1024 ** 3 };
const SIZE = /^(\d+(?:[.,]\d*)?|[.,]\d+)\s*([KMG]?B|[KMG])?$/i;
const COUNT = /^\+?\d+$/;

/** Bytes, or undefined when the text is not a size of at least one byte. e.g. '1,5 MB' → 1572864, '100' → 104857600 */
export function parseSize(text: string): number | undefined {
  const match = SIZE.exec(text.trim());
  if (!match) return undefined;
  const bytes = Math.floor(Number(match[1].replace(',', '.')) * BYTES_PER_UNIT[(match[2] ?? 'MB').toUpperCase()]!);
  return Number.isSafeInteger(bytes) && bytes >= 1 ? bytes : undefined;
}

/** A whole count of at least 1, or undefined. e.g. '3' → 3, '1.5' → undefined */
export function parseCount(text: string): number | undefined {
  const value = text.trim();
  const count = COUNT.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(count) && count >= 1 ? count : undefined;
}

/** A size in the grammar above that reads back as exactly these bytes. e.g. 1572864 → '1572864B' */
export function sizeText(bytes: number): string {
  return `${bytes}B`;
}
