import type { Rgb } from '../engines/rgb';
import { InvalidInputError } from '../refusals/input-errors';

/** Red, green and blue, each 0 to 1: the engines' colour, which the colour readers here give. */
export type { Rgb };

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

/** Largest 24-bit colour, white. */
const WHITE = 0xffffff;

/**
 * A colour as Java's `Color.decode` reads it, which the reference parses Add
 * Page Numbers' and Advanced Colour's colours with: `#RRGGBB` or `0xRRGGBB`
 * (hex), or a 24-bit decimal number (`16711680` is red). `#RGB` is read as CSS
 * does (`#f00` is red). Hex without `#` or `0x` is refused: `123456` is a
 * decimal number there, so `ff0000` cannot be read the same way. Anything
 * else, and a number past 24 bits, is refused with `message`; the reference
 * draws it black (page numbers) or fails with a 500 (Advanced Colour).
 */
export function parseColourValue(text: string, message: string): Rgb {
  const value = text.trim();
  const hex = /^(?:#|0x)([0-9a-f]{6})$/i.exec(value) ?? /^#([0-9a-f]{3})$/i.exec(value);
  if (hex) return parseHexColour(`#${hex[1]}`, message);
  if (!/^\d{1,8}$/.test(value) || Number(value) > WHITE) throw new InvalidInputError(message);
  const n = Number(value);
  return [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff].map((channel) => channel / 255) as unknown as Rgb;
}
