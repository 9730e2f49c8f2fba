import { describe, expect, it } from '@jest/globals';
import { fromShown, keepOnPage, normaliseRotation, rectFromShown, rectToShown, shownSize, toShown, type PageFrame, type Rotation } from './page-frame';

const letter = (rotation: Rotation): PageFrame => ({ width: 612, height: 792, rotation });

describe('page frames', () => {
  it('reads any /Rotate as a quarter turn clockwise', () => {
    expect([0, 90, 180, 270, 360, -90, 450].map(normaliseRotation)).toEqual([0, 90, 180, 270, 0, 270, 90]);
  });

  it('shows a turned page on its side', () => {
    expect(shownSize(letter(0))).toEqual({ width: 612, height: 792 });
    expect(shownSize(letter(90))).toEqual({ width: 792, height: 612 });
  });

  it('turns the corners of the page the way a viewer shows them', () => {
    // Turned a quarter clockwise, the page's bottom-left corner comes to the top-left of the view.
    expect(toShown(letter(90), [0, 792])).toEqual([0, 0]);
    expect(toShown(letter(90), [0, 0])).toEqual([792, 0]);
    expect(toShown(letter(180), [0, 0])).toEqual([612, 792]);
    expect(toShown(letter(270), [0, 0])).toEqual([0, 612]);
  });

  it('takes every point back where it came from, at every turn', () => {
    for (const rotation of [0, 90, 180, 270] as const) {
      const frame = letter(rotation);
      for (const point of [
        [10, 20],
        [600, 5],
        [306, 396],
      ] as const) {
        expect(fromShown(frame, toShown(frame, point))).toEqual(point);
      }
      const rect = { x: 50, y: 80, width: 200, height: 30 };
      expect(rectFromShown(frame, rectToShown(frame, rect))).toEqual(rect);
    }
  });

  it('keeps a moved box on the page', () => {
    expect(keepOnPage({ x: -5, y: 780, width: 100, height: 20 }, { width: 612, height: 792 })).toEqual({ x: 0, y: 772, width: 100, height: 20 });
  });
});
