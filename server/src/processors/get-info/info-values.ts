import { parsePdfDate } from '../../pdf-objects/pdf-dates';
import type { Rectangle } from '../../pdf-objects/page-tree';
import { textOf, type PdfObjects } from '../../pdf-objects/pdf-objects';

/** Values as the reference's JSON writes them (PDFBox's and Java's formats). */

/** A PDF date as "yyyy-MM-dd HH:mm:ss" in the server's time zone, as the reference writes it; undefined when it is none. */
export function infoDate(value: unknown): string | undefined {
  const text = textOf(value);
  return text === undefined ? undefined : dateText(text);
}

/** A PDF date's text (e.g. "D:20250106100000+05'30'") as "yyyy-MM-dd HH:mm:ss" in the server's time zone. */
export function dateText(text: string): string | undefined {
  const at = parsePdfDate(text);
  if (!at) return undefined;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
}

/**
 * A number as Java's Float.toString writes it (PDFBox's rectangles): the
 * shortest text that reads back as the same float, with ".0" on whole numbers
 * and an exponent from 10^7 up or below 10^-3. e.g. 612 → '612.0', 595.2756 → '595.2756'
 */
export function javaFloat(value: number): string {
  const float = Math.fround(value);
  if (!Number.isFinite(float)) return Number.isNaN(float) ? 'NaN' : float > 0 ? 'Infinity' : '-Infinity';
  if (float === 0) return Object.is(float, -0) ? '-0.0' : '0.0';
  let digits = '';
  for (let precision = 1; precision <= 9; precision++) {
    digits = float.toPrecision(precision);
    if (Math.fround(Number(digits)) === float) break;
  }
  const magnitude = Math.abs(float);
  if (magnitude >= 1e7 || magnitude < 1e-3) {
    const [mantissa, exponent] = Number(digits).toExponential().split('e');
    return `${mantissa.includes('.') ? mantissa : `${mantissa}.0`}E${Number(exponent)}`;
  }
  const plain = String(Number(digits));
  return plain.includes('.') ? plain : `${plain}.0`;
}

/** PDFBox's PDRectangle.toString(). e.g. '[0.0,0.0,612.0,792.0]' */
export function rectangleText({ x1, y1, x2, y2 }: Rectangle): string {
  return `[${[x1, y1, x2, y2].map(javaFloat).join(',')}]`;
}

/**
 * The entries of a name tree (PDF 32000 §7.9.6: /Names pairs, /Kids below),
 * in key order as stored, each node read once, at most `max` entries.
 */
export function nameTreeEntries(pdf: PdfObjects, root: unknown, max: number): [string, unknown][] {
  const entries: [string, unknown][] = [];
  const seen = new Set<unknown>();
  const visit = (node: unknown, depth: number) => {
    if (depth > 32 || entries.length >= max || seen.has(node)) return;
    seen.add(node);
    const dict = pdf.dict(node);
    if (!dict) return;
    const names = pdf.array(dict['/Names']) ?? [];
    for (let i = 0; i + 1 < names.length && entries.length < max; i += 2) entries.push([textOf(pdf.resolve(names[i])) ?? '', names[i + 1]]);
    for (const kid of pdf.array(dict['/Kids']) ?? []) visit(kid, depth + 1);
  };
  visit(root, 0);
  return entries;
}
