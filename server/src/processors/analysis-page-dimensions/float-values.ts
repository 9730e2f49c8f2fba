/**
 * `value` as a Java float holds it, written as Java writes it (the reference's
 * JSON): the shortest decimal that reads back as the same float.
 * e.g. 595.2755905511812 → 595.2756, 0.1 + 0.2 → 0.3
 */
export function javaFloatValue(value: number): number {
  const float = Math.fround(value);
  if (!Number.isFinite(float) || float === 0) return float;
  for (let precision = 1; precision < 9; precision++) {
    const shortest = Number(float.toPrecision(precision));
    if (Math.fround(shortest) === float) return shortest;
  }
  return Number(float.toPrecision(9));
}

/** `a - b` as Java subtracts two floats (PDFBox's PDRectangle.getWidth). */
export function floatDifference(a: number, b: number): number {
  return javaFloatValue(Math.fround(a) - Math.fround(b));
}
