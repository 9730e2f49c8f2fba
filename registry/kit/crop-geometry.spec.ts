import { cropBoxFromMargins } from './crop-geometry';

const a4 = { x: 0, y: 0, width: 595, height: 842 };
const margins = { top: 10, right: 20, bottom: 30, left: 40 };

describe('cropBoxFromMargins', () => {
  it('cuts margins straight from an upright page', () => {
    expect(cropBoxFromMargins(a4, 0, margins)).toEqual({ x: 40, y: 30, width: 535, height: 802 });
  });

  it('keeps the page origin', () => {
    expect(cropBoxFromMargins({ x: 100, y: 50, width: 200, height: 300 }, 0, margins)).toEqual({ x: 140, y: 80, width: 140, height: 260 });
  });

  it.each([
    // rotation, expected box: at 90° the visual top is the page's left edge, the visual right its top, ...
    [90, { x: 10, y: 40, width: 595 - 10 - 30, height: 842 - 20 - 40 }],
    [180, { x: 20, y: 10, width: 595 - 20 - 40, height: 842 - 10 - 30 }],
    [270, { x: 30, y: 20, width: 595 - 30 - 10, height: 842 - 40 - 20 }],
    [-90, { x: 30, y: 20, width: 595 - 30 - 10, height: 842 - 40 - 20 }],
  ])('maps visual margins through /Rotate %p', (rotation, expected) => {
    expect(cropBoxFromMargins(a4, rotation, margins)).toEqual(expected);
  });

  it('gives nothing when the margins meet', () => {
    expect(cropBoxFromMargins(a4, 0, { top: 421, right: 0, bottom: 421, left: 0 })).toBeUndefined();
  });
});
