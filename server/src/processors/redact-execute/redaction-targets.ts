import { parseHexColour, type Rgb } from '../../page-marks/colours';
import type { RedactionArea } from '../../engines/pdf-area-redact';
import { InvalidInputError } from '../../refusals/input-errors';

/** How the reference finishes its redaction; every one removes here (reference-beyond §9.2). */
export type Strategy = 'AUTO' | 'OVERLAY_ONLY' | 'IMAGE_FINALIZE';

export interface RedactionStyle {
  colour: Rgb;
  padding: number;
  convertToImage: boolean;
  strategy: Strategy;
}

const BLACK: Rgb = [0, 0, 0];
const STRATEGIES: readonly Strategy[] = ['AUTO', 'OVERLAY_ONLY', 'IMAGE_FINALIZE'];

/**
 * The values of a list field: repeated values arrive one per line, and one
 * value holding commas is split at them, as Spring binds a String list.
 * e.g. 'a,b\nc' → ['a', 'b', 'c']
 */
export function listValues(value: string | undefined): string[] {
  if (value === undefined) return [];
  return value
    .split(/[\n,]/)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** A JSON field as a list: blank → none, one object → a list of one (reference-beyond §1.3). */
function jsonList(value: string | undefined, field: string, shape: string): Record<string, unknown>[] {
  if (value === undefined || value.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new InvalidInputError(`${field} must be JSON: ${shape}.`);
  }
  const list = Array.isArray(parsed) ? parsed : [parsed];
  if (!list.every((item) => typeof item === 'object' && item !== null && !Array.isArray(item))) {
    throw new InvalidInputError(`${field} must be JSON: ${shape}.`);
  }
  return list as Record<string, unknown>[];
}

/** `ranges`: [{startString, endString}]; a range without a start string is skipped, a blank end runs to the document's end. */
export function parseRanges(value: string | undefined): { start: string; end: string }[] {
  return jsonList(value, 'ranges', '[{"startString":"…","endString":"…"}]')
    .map((range) => ({
      start: typeof range.startString === 'string' ? range.startString : '',
      end: typeof range.endString === 'string' ? range.endString : '',
    }))
    .filter((range) => range.start.trim() !== '');
}

/** `imageBoxes`: [{pageIndex (0-based), x1, y1, x2, y2}] in PDF user space; a box on no page of the document is refused. */
export function parseImageBoxes(value: string | undefined, pageCount: number, colour: Rgb): RedactionArea[] {
  const shape = '[{"pageIndex":0,"x1":0,"y1":0,"x2":100,"y2":100}]';
  return jsonList(value, 'imageBoxes', shape).map((box, index) => {
    const numbers = [box.pageIndex, box.x1, box.y1, box.x2, box.y2];
    if (!numbers.every((n) => typeof n === 'number' && Number.isFinite(n))) throw new InvalidInputError(`imageBoxes must be JSON: ${shape}.`);
    const [page, x1, y1, x2, y2] = numbers as number[];
    if (!Number.isInteger(page) || page < 0 || page >= pageCount) {
      throw new InvalidInputError(`Box ${index + 1} is on page index ${page}, but the document's pages are 0 to ${pageCount - 1}.`);
    }
    if (x1 === x2 || y1 === y2) throw new InvalidInputError(`Box ${index + 1} has no area.`);
    return { page, rect: [Math.min(x1, x2), Math.min(y1, y2), Math.max(x1, x2), Math.max(y1, y2)] as const, origin: 'pdf' as const, colour };
  });
}

/** `style`: {color, padding, convertToImage, strategy}; absent parts take the reference's defaults, an invalid colour is black. */
export function parseStyle(value: string | undefined): RedactionStyle {
  const [style = {}] = jsonList(value, 'style', '{"color":"#000000","padding":0,"convertToImage":false,"strategy":"AUTO"}');
  let colour = BLACK;
  try {
    if (typeof style.color === 'string') colour = parseHexColour(style.color, '');
  } catch {
    colour = BLACK;
  }
  const padding = typeof style.padding === 'number' && Number.isFinite(style.padding) && style.padding > 0 ? style.padding : 0;
  const strategy = typeof style.strategy === 'string' ? (style.strategy.toUpperCase() as Strategy) : 'AUTO';
  if (!STRATEGIES.includes(strategy)) throw new InvalidInputError(`style.strategy must be AUTO, OVERLAY_ONLY or IMAGE_FINALIZE.`);
  return { colour, padding, convertToImage: style.convertToImage === true, strategy };
}
