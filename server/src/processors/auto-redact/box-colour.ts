import { InvalidInputError } from '../../input-checks/input-errors';

/** The colours the page offers by name, as some clients send them. */
const NAMED: Record<string, string> = { black: '000000', red: 'ff0000', blue: '0000ff', green: '00ff00', white: 'ffffff' };

export const INVALID_COLOUR = 'Colour must be a hex colour such as #000000 (or black, red, blue, green or white).';

/**
 * The box colour as red, green and blue from 0 to 1. Takes `#rrggbb` or
 * `rrggbb` (the reference's form), CSS's short `#rgb`, and the page's colour
 * names. e.g. '#FF0000' → [1, 0, 0]
 */
export function parseBoxColour(value: string): [number, number, number] {
  const text = value.trim().toLowerCase();
  let hex = NAMED[text] ?? text.replace(/^#/, '');
  if (/^[0-9a-f]{3}$/.test(hex)) hex = [...hex].map((digit) => digit + digit).join('');
  if (!/^[0-9a-f]{6}$/.test(hex)) throw new InvalidInputError(INVALID_COLOUR);
  const channel = (at: number) => parseInt(hex.slice(at, at + 2), 16) / 255;
  return [channel(0), channel(2), channel(4)];
}
