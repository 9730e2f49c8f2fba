import { parseHexColour, type Rgb } from '../../page-marks/colours';
import type { RedactionArea } from '../../engines/pdf-area-redact';
import { InvalidInputError } from '../../refusals/input-errors';

const BLACK: Rgb = [0, 0, 0];

/** A hex colour (`#` optional), black when blank or invalid, as in the reference. e.g. 'ff0000' → [1, 0, 0] */
export function colourOrBlack(value: unknown): Rgb {
  if (typeof value !== 'string') return BLACK;
  try {
    return parseHexColour(value, '');
  } catch {
    return BLACK;
  }
}

/**
 * The `redactions` field's areas (reference-beyond §9.1): a JSON list (or one
 * object) of `{x, y, width, height, page, color}`, x/y the box's top-left
 * corner from the page's top-left in points, page 1-based. An area the
 * reference would skip silently (no such page, no size) or fail on (no x/y)
 * is refused here, naming it: a box meant to hide something must not vanish.
 */
export function parseAreas(json: string | undefined, pageCount: number): RedactionArea[] {
  if (json === undefined || json.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new InvalidInputError('Redaction areas must be a JSON list of {x, y, width, height, page}.');
  }
  const list = Array.isArray(parsed) ? parsed : [parsed];
  return list.map((item: unknown, index) => {
    const area = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    const label = `Redaction area ${index + 1}`;
    const { x, y, width, height, page } = area;
    if (![x, y, width, height, page].every((n) => typeof n === 'number' && Number.isFinite(n))) {
      throw new InvalidInputError(`${label} needs numbers x, y, width, height and page.`);
    }
    const [left, top, w, h, p] = [x, y, width, height, page] as number[];
    if (!Number.isInteger(p) || p < 1 || p > pageCount) {
      throw new InvalidInputError(`${label} is on page ${p}, but the document has ${pageCount} page${pageCount === 1 ? '' : 's'}.`);
    }
    if (w <= 0 || h <= 0) throw new InvalidInputError(`${label} must have a positive width and height.`);
    return { page: p - 1, rect: [left, top, left + w, top + h] as const, origin: 'top-left' as const, colour: colourOrBlack(area.color) };
  });
}
