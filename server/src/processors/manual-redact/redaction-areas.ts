import { parsePageSelection, type PageItemOf } from '@folio/registry';
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
 * The `redactions` field's boxes (reference-beyond §9.1; their shape checked by
 * the field) as areas for the engine, page 0-based. A box on a page the
 * document does not have is refused, naming it, where the reference skips it
 * silently: a box meant to hide something must not vanish.
 */
export function toAreas(boxes: readonly PageItemOf<'box'>[], pageCount: number): RedactionArea[] {
  return boxes.flatMap((box, index) => {
    if (box.page > pageCount) {
      throw new InvalidInputError(`Redaction area ${index + 1} is on page ${box.page}, but the document has ${pageCount} page${pageCount === 1 ? '' : 's'}.`);
    }
    const rect = [box.x, box.y, box.x + box.width, box.y + box.height] as const;
    // `alsoOnPages` repeats the box at the same place (a letterhead's name on every page).
    const pages = new Set([box.page - 1, ...(box.alsoOnPages === undefined ? [] : parsePageSelection(box.alsoOnPages, pageCount))]);
    return [...pages].map((page) => ({ page, rect, origin: 'top-left' as const, colour: colourOrBlack(box.color) }));
  });
}
