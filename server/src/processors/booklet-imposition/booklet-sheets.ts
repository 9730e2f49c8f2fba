import type { Placement, Sheet, SheetBox, ShownSize } from '../../engines/page-imposition';

export interface BookletLayout {
  /** Source pages' shown sizes, in page order. */
  pages: readonly ShownSize[];
  spine: 'LEFT' | 'RIGHT';
  /** Width of the gap centred on the fold, in points (0: none). */
  gutter: number;
  /** Points a sheet's pages move towards the fold, times the sheet's depth in the stack (0 outermost). */
  creep: number;
  border: boolean;
  /** Which sides to put out, sheet by sheet: both (front then back), fronts only or backs only. */
  sides: 'BOTH' | 'FIRST' | 'SECOND';
  /** The printer turns sheets over their other edge: each back side is drawn turned by 180°. */
  turnBacks: boolean;
}

/** The reference frames each half with a 1.5 pt line. */
const BORDER_WIDTH = 1.5;

/**
 * The sides of a booklet (reference §8.1): N, the page count rounded up to a
 * multiple of 4, over N/4 landscape sheets the size of page 1; sheet s (0 the
 * outermost) carries pages N−1−2s and 2s on its front, 2s+1 and N−2−2s on its
 * back (0-based, left half first; a spine on the right swaps the halves), so
 * the stack folded in half reads 1…N. Pages past the last are blank halves.
 * Each page is fitted uniformly into its half and centred, then moved towards
 * the fold by its sheet's creep and clipped to its half, so it never crosses
 * the fold.
 */
export function bookletSides(layout: BookletLayout): Sheet[] {
  const first = layout.pages[0];
  const width = Math.max(first.width, first.height);
  const height = Math.min(first.width, first.height);
  // As the reference caps it: never past half the sheet less a point.
  const gutter = Math.min(layout.gutter, width / 2 - 1);
  const halfWidth = width / 2 - gutter / 2;
  const halves: readonly [SheetBox, SheetBox] = [
    { x: 0, y: 0, width: halfWidth, height },
    { x: width - halfWidth, y: 0, width: halfWidth, height },
  ];
  const count = Math.ceil(layout.pages.length / 4) * 4;
  const sides: Sheet[] = [];
  for (let sheet = 0; sheet < count / 4; sheet++) {
    const front = [count - 1 - 2 * sheet, 2 * sheet];
    const back = [2 * sheet + 1, count - 2 - 2 * sheet];
    if (layout.spine === 'RIGHT') [front, back].forEach((pair) => pair.reverse());
    const shift = sheet * layout.creep;
    if (layout.sides !== 'SECOND') sides.push(side(front, shift, false));
    if (layout.sides !== 'FIRST') sides.push(side(back, shift, layout.turnBacks));
  }
  return sides;

  /** One side; `turn`: drawn turned by 180° on the sheet, each page in the opposite place, upside down. */
  function side(pair: readonly number[], shift: number, turn: boolean): Sheet {
    const opposite = (box: SheetBox): SheetBox => (turn ? { ...box, x: width - box.x - box.width, y: height - box.y - box.height } : box);
    const placements: Placement[] = [];
    pair.forEach((page, half) => {
      if (page >= layout.pages.length) return;
      const box = halves[half];
      const size = layout.pages[page];
      const scale = Math.min(box.width / size.width, box.height / size.height);
      // Towards the fold: the left half's page moves right, the right half's left.
      const towardsFold = half === 0 ? shift : -shift;
      const footprint = opposite({
        x: box.x + (box.width - size.width * scale) / 2 + towardsFold,
        y: box.y + (box.height - size.height * scale) / 2,
        width: size.width * scale,
        height: size.height * scale,
      });
      placements.push({ page, scale, x: footprint.x, y: footprint.y, clip: opposite(box), ...(turn && { turn: 180 as const }) });
    });
    const frames = layout.border ? halves.map((box) => ({ ...opposite(box), lineWidth: BORDER_WIDTH })) : [];
    return { width, height, placements, frames };
  }
}
