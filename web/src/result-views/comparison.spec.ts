import { describe, expect, it } from '@jest/globals';
import type { Difference } from '@folio/registry';
import { readComparison, shownBox, shownDifferences, shownSize } from './comparison';

describe('the comparison as the page reads it', () => {
  it('reads the answer, or nothing from what is not one', () => {
    expect(readComparison('{"summary":{},"pages":{"original":[],"changed":[]},"differences":[]}')).not.toBeNull();
    expect(readComparison('not json')).toBeNull();
    expect(readComparison('{"differences":[]}')).toBeNull();
  });

  it('places a box of the unturned page where a page turned by /Rotate shows it', () => {
    const frame = { width: 792, height: 612, rotation: 90 };
    expect(shownSize(frame)).toEqual({ width: 612, height: 792 });
    // "Hello" as MuPDF reads it unturned, and where Poppler shows it on the turned page: x 295.86, y 100.
    const place = shownBox({ x: 100, y: 297.64, width: 45.56, height: 18.5 }, frame);
    expect(place.left * 612).toBeCloseTo(295.86, 1);
    expect(place.top * 792).toBeCloseTo(100, 1);
    expect(place.width * 612).toBeCloseTo(18.5, 1);
    expect(place.height * 792).toBeCloseTo(45.56, 1);
    const upright = shownBox({ x: 61.2, y: 79.2, width: 61.2, height: 79.2 }, { width: 612, height: 792, rotation: 0 });
    expect(upright).toEqual({ left: 0.1, top: 0.1, width: 0.1, height: 0.1 });
    const upsideDown = shownBox({ x: 0, y: 0, width: 61.2, height: 79.2 }, { width: 612, height: 792, rotation: 180 });
    expect(upsideDown.left).toBeCloseTo(0.9);
    expect(upsideDown.top).toBeCloseTo(0.9);
    const quarter = shownBox({ x: 0, y: 0, width: 10, height: 20 }, { width: 792, height: 612, rotation: 270 });
    expect(quarter.left * 612).toBeCloseTo(0);
    expect(quarter.top * 792).toBeCloseTo(782);
  });

  it('lets the toggles hide text or visual differences', () => {
    const of = (kind: Difference['kind']) => ({ id: 1, kind, before: '', after: '', original: { pages: [1], boxes: [] }, changed: { pages: [1], boxes: [] } });
    const all = [of('inserted'), of('visual'), of('changed')];
    expect(shownDifferences(all, { text: true, visual: false }).map((d) => d.kind)).toEqual(['inserted', 'changed']);
    expect(shownDifferences(all, { text: false, visual: true }).map((d) => d.kind)).toEqual(['visual']);
  });
});
