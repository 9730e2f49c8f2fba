import { parseHexColour, type Rgb } from '../../page-marks/colours';

/** The colours the page offers by name, as some clients send them. */
const NAMED: Record<string, string> = { black: '000000', red: 'ff0000', blue: '0000ff', green: '00ff00', white: 'ffffff' };

export const INVALID_COLOUR = 'Colour must be a hex colour such as #000000 (or black, red, blue, green or white).';

/**
 * The box colour as red, green and blue from 0 to 1. Takes `#rrggbb` or
 * `rrggbb` (the reference's form), CSS's short `#rgb`, and the page's colour
 * names. e.g. '#FF0000' → [1, 0, 0]
 */
export function parseBoxColour(value: string): Rgb {
  return parseHexColour(NAMED[value.trim().toLowerCase()] ?? value, INVALID_COLOUR);
}
