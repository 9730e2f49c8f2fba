import { describe, expect, it } from '@jest/globals';
import { controlPlacement, pageRotation, readingOrder, shownPageSize, widgetBox, type PageFrame, type PdfRect } from './field-geometry';
import { sampleFormPdf } from './form-pdfs.fixtures';
import { boxOfViewportRect, readWithPdfjs } from './pdfjs-node.fixtures';

describe('widgetBox', () => {
  const page: PageFrame = { widthPt: 400, heightPt: 300, rotation: 0, scale: 2 };

  it('turns a lower-left rectangle into a box from the top-left, in CSS pixels', () => {
    expect(widgetBox([100, 250, 200, 270], page)).toEqual({ left: 200, top: 60, width: 200, height: 40 });
  });

  it('takes the corners in either order', () => {
    expect(widgetBox([200, 270, 100, 250], page)).toEqual(widgetBox([100, 250, 200, 270], page));
  });

  it.each([
    [90, { left: 500, top: 200, width: 40, height: 200 }],
    [180, { left: 400, top: 500, width: 200, height: 40 }],
    [270, { left: 60, top: 400, width: 40, height: 200 }],
  ] as const)('places it on a page turned %i°', (rotation, box) => {
    expect(widgetBox([100, 250, 200, 270], { ...page, rotation })).toEqual(box);
  });

  // pdf.js's own viewport is the reference: the page is drawn with it.
  it.each([0, 90, 180, 270] as const)('agrees with pdf.js’s viewport for every widget, turned %i°, crop box away from the origin', async (rotation) => {
    const scale = 1.5;
    const { pages } = readWithPdfjs(await sampleFormPdf({ rotate: rotation, cropBox: [40, 30, 330, 350] }), scale);
    const [{ view, rotate, annotations, shown }] = pages;
    expect(rotate).toBe(rotation);
    const frame: PageFrame = { widthPt: view[2] - view[0], heightPt: view[3] - view[1], rotation, scale, viewBox: view as unknown as PdfRect };
    expect(annotations.length).toBeGreaterThan(5);
    annotations.forEach((annotation, i) => {
      const ours = widgetBox(annotation.rect as PdfRect, frame);
      const theirs = boxOfViewportRect(shown[i]!);
      for (const key of ['left', 'top', 'width', 'height'] as const) expect(ours[key]).toBeCloseTo(theirs[key], 6);
    });
  });
});

describe('controlPlacement', () => {
  const page: PageFrame = { widthPt: 400, heightPt: 300, rotation: 0, scale: 2 };

  it('is the widget’s box on an upright page', () => {
    expect(controlPlacement([100, 250, 200, 270], page)).toEqual({ left: 200, top: 60, width: 200, height: 40, rotation: 0 });
  });

  it('on a page turned a quarter, keeps the control’s own shape, centred on the box, turned with the page', () => {
    // The box is 40 wide and 200 tall at (500, 200); the control is 200 × 40 turned 90°, around the same centre (520, 300).
    expect(controlPlacement([100, 250, 200, 270], { ...page, rotation: 90 })).toEqual({ left: 420, top: 280, width: 200, height: 40, rotation: 90 });
    expect(controlPlacement([100, 250, 200, 270], { ...page, rotation: 180 })).toEqual({ left: 400, top: 500, width: 200, height: 40, rotation: 180 });
  });
});

describe('shownPageSize', () => {
  it('swaps width and height for a page turned a quarter', () => {
    expect(shownPageSize({ widthPt: 400, heightPt: 300, rotation: 0, scale: 2 })).toEqual({ width: 800, height: 600 });
    expect(shownPageSize({ widthPt: 400, heightPt: 300, rotation: 270, scale: 2 })).toEqual({ width: 600, height: 800 });
  });
});

describe('pageRotation', () => {
  it.each([
    [0, 0],
    [-90, 270],
    [450, 90],
    [180, 180],
  ])('reads %i° as %i°', (degrees, rotation) => {
    expect(pageRotation(degrees)).toBe(rotation);
  });
});

describe('readingOrder', () => {
  const box = (left: number, top: number, width = 100, height = 20) => ({ left, top, width, height });

  it('reads rows from the top, each from the left', () => {
    const items = [
      { id: 'c', box: box(10, 100) },
      { id: 'b', box: box(200, 10) },
      { id: 'a', box: box(10, 12) },
    ];
    expect(readingOrder(items, (item) => item.box).map((item) => item.id)).toEqual(['a', 'b', 'c']);
  });

  it('keeps a small box a little lower on the row of the field beside it', () => {
    const items = [
      { id: 'tick', box: box(150, 16, 12, 12) },
      { id: 'name', box: box(10, 10) },
      { id: 'next row', box: box(0, 40) },
    ];
    expect(readingOrder(items, (item) => item.box).map((item) => item.id)).toEqual(['name', 'tick', 'next row']);
  });
});
