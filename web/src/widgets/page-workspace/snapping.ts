import type { Rect } from '../../pdf-rendering/page-frame';

/**
 * Snapping a moved or resized rectangle (the frame as shown) to the page's edges
 * and middle and to the other items' edges on that page, when within
 * `threshold` points: what the visitor lines up by eye lines up exactly.
 */
export interface SnapResult {
  rect: Rect;
  /** Lines snapped to, for drawing guides: x values of vertical lines, y values of horizontal ones. */
  guides: { x: number[]; y: number[] };
}

function lines(page: { width: number; height: number }, others: readonly Rect[]): { x: number[]; y: number[] } {
  const x = [0, page.width / 2, page.width];
  const y = [0, page.height / 2, page.height];
  for (const other of others) {
    x.push(other.x, other.x + other.width / 2, other.x + other.width);
    y.push(other.y, other.y + other.height / 2, other.y + other.height);
  }
  return { x, y };
}

/** The nearest line to any of `edges` within `threshold`: the shift to apply and the line, or none. */
function nearest(edges: readonly number[], targets: readonly number[], threshold: number): { shift: number; line: number } | undefined {
  let best: { shift: number; line: number } | undefined;
  for (const edge of edges) {
    for (const line of targets) {
      const shift = line - edge;
      if (Math.abs(shift) <= threshold && (best === undefined || Math.abs(shift) < Math.abs(best.shift))) best = { shift, line };
    }
  }
  return best;
}

/** A moved rectangle: its edges or middle snap, its size stays. */
export function snapMove(rect: Rect, page: { width: number; height: number }, others: readonly Rect[], threshold: number): SnapResult {
  const targets = lines(page, others);
  const sx = nearest([rect.x, rect.x + rect.width / 2, rect.x + rect.width], targets.x, threshold);
  const sy = nearest([rect.y, rect.y + rect.height / 2, rect.y + rect.height], targets.y, threshold);
  return {
    rect: { ...rect, x: rect.x + (sx?.shift ?? 0), y: rect.y + (sy?.shift ?? 0) },
    guides: { x: sx ? [sx.line] : [], y: sy ? [sy.line] : [] },
  };
}

/** A resized rectangle whose bottom-right corner is dragged: that corner snaps. */
export function snapCorner(rect: Rect, page: { width: number; height: number }, others: readonly Rect[], threshold: number): SnapResult {
  const targets = lines(page, others);
  const sx = nearest([rect.x + rect.width], targets.x, threshold);
  const sy = nearest([rect.y + rect.height], targets.y, threshold);
  return {
    rect: { ...rect, width: rect.width + (sx?.shift ?? 0), height: rect.height + (sy?.shift ?? 0) },
    guides: { x: sx ? [sx.line] : [], y: sy ? [sy.line] : [] },
  };
}
