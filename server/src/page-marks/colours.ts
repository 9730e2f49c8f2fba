import { InvalidInputError } from '../input-checks/input-errors';

/** Red, green and blue, each 0 to 1. */
export type Rgb = readonly [number, number, number];

/**
 * A colour as the pages and the reference's clients send it: hex, `#` optional,
 * six digits or three (`#d32f2f`, `D32F2F`, `#f00`). Anything else is refused
 * with `message`; the reference draws such a colour light grey instead.
 */
export function parseHexColour(text: string, message: string): Rgb {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(text.trim());
  if (!match) throw new InvalidInputError(message);
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  return [0, 2, 4].map((start) => parseInt(digits.slice(start, start + 2), 16) / 255) as unknown as Rgb;
}
