import { batches, isBlank } from './white-share';

const image = (pixels: number[]) => ({ width: pixels.length, height: 1, pixels: Uint8Array.from(pixels) });

describe('isBlank', () => {
  it('counts a pixel white from 255 − threshold up, and the page blank from whitePercent up', () => {
    const page = image([255, 250, 245, 244, 0, 255, 255, 255, 255, 255]);
    expect(isBlank(page, { threshold: 10, whitePercent: 80 })).toBe(true); // 8 of 10 white
    expect(isBlank(page, { threshold: 10, whitePercent: 80.1 })).toBe(false);
    expect(isBlank(page, { threshold: 0, whitePercent: 60 })).toBe(true); // 6 of 10 pure white
    expect(isBlank(page, { threshold: 0, whitePercent: 61 })).toBe(false);
    expect(isBlank(page, { threshold: 255, whitePercent: 100 })).toBe(true);
  });
});

describe('batches', () => {
  it('keeps runs together, bridges gaps of up to two pages and splits after sixteen pages asked for', () => {
    expect(batches([1, 2, 3, 6, 7, 11])).toEqual([[1, 2, 3, 6, 7], [11]]);
    expect(batches(Array.from({ length: 20 }, (_, i) => i * 2 + 1))).toEqual([Array.from({ length: 16 }, (_, i) => i * 2 + 1), [33, 35, 37, 39]]);
    expect(batches([])).toEqual([]);
  });
});
