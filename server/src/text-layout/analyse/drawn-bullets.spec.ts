import type { GrayImage } from '../../engines/poppler';
import { findDrawnBullets } from './drawn-bullets';

/** A white page, 72 DPI so pixels are points, with black rectangles drawn on it. */
function page(...inked: { x: number; y: number; width: number; height: number }[]): GrayImage {
  const [width, height] = [200, 60];
  const pixels = new Uint8Array(width * height).fill(255);
  for (const r of inked) for (let y = r.y; y < r.y + r.height; y++) for (let x = r.x; x < r.x + r.width; x++) pixels[y * width + x] = 0;
  return { width, height, pixels };
}

describe('findDrawnBullets', () => {
  const line = { xMin: 60, yMin: 15, xMax: 150, yMax: 28 };
  const words = [line];

  it('finds a small solid shape just before a line, inside its height', () => {
    expect(findDrawnBullets(page({ x: 45, y: 19, width: 5, height: 5 }), 72, [line], words)).toEqual([{ xMin: 45, xMax: 50, yMin: 19, yMax: 24 }]);
  });

  it('ignores a rule running through, a shape too big to be a bullet, and text before the line', () => {
    expect(findDrawnBullets(page({ x: 0, y: 21, width: 58, height: 1 }), 72, [line], words)).toEqual([]);
    expect(findDrawnBullets(page({ x: 40, y: 16, width: 11, height: 11 }), 72, [line], words)).toEqual([]);
    const label = { xMin: 40, yMin: 15, xMax: 52, yMax: 28 };
    expect(findDrawnBullets(page({ x: 45, y: 19, width: 5, height: 5 }), 72, [line], [label, line])).toEqual([]);
  });
});
