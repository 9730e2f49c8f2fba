import { anchorRect, lettersAndDigits, userSpacePoint } from './anchor-lines';

const line = (words: string[], xMin: number, yMax: number) => ({
  xMin,
  yMin: yMax - 12,
  xMax: xMin + 100,
  yMax,
  words: words.map((text) => ({ text, xMin, yMin: yMax - 12, xMax: xMin + 10, yMax })),
});

describe('anchor lines', () => {
  it('compares letters and digits only, lower-cased, in any script', () => {
    expect(lettersAndDigits('Total: 4,200 €')).toBe('total4200');
    expect(lettersAndDigits('Σύνολο — 報告')).toBe('σύνολο報告');
  });

  it('takes the first matching line, its left edge and bottom, as a 20-point icon', () => {
    const page = { ref: '3 0 R', dict: {}, resources: {}, mediaBox: { x1: 0, y1: 0, x2: 612, y2: 792 }, rotate: 0 };
    const lines = [line(['Intro'], 72, 100), line(['Budget', 'total:'], 80, 200), line(['TOTAL'], 90, 300)];
    expect(anchorRect('total', lines, page)).toEqual([80, 572, 100, 592]);
    expect(anchorRect('missing', lines, page)).toBeUndefined();
    expect(anchorRect(' ,. ', lines, page)).toBeUndefined();
  });

  it('maps Poppler’s top-left points on the media box through the rotation (pdftotext -bbox of reportlab pages)', () => {
    // "Field" drawn at (40, 100) in Helvetica 12 on a 400 × 600 page: its box from (40, 97.516) to (66.004, 108.616).
    const media = { x1: 0, y1: 0, x2: 400, y2: 600 };
    const at = (dx: number, dy: number, rotate: number) => userSpacePoint(dx, dy, media, rotate).map((n) => Math.round(n * 1000) / 1000);
    expect(at(40, 502.484, 0)).toEqual([40, 97.516]);
    expect(at(97.516, 40, 90)).toEqual([40, 97.516]);
    expect(at(360, 97.516, 180)).toEqual([40, 97.516]);
    expect(at(291.384, 560, 270)).toEqual([40, 108.616]);
  });
});
