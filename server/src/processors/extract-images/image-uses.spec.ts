import type { QpdfObjects } from '../../engines/qpdf/qpdf-objects';
import { PdfObjects } from '../../pdf-objects/pdf-objects';
import { imagesByPage, storedImageSize } from './image-uses';

/** qpdf's JSON of objects, from `{ 12: value }` with streams as `{ stream: dict }`. */
function objects(entries: Record<number, unknown>): PdfObjects {
  const listed: QpdfObjects = { trailer: { value: { '/Root': '1 0 R' } } };
  for (const [number, value] of Object.entries(entries)) {
    const stream = value && typeof value === 'object' && 'stream' in value ? (value as { stream: Record<string, unknown> }).stream : undefined;
    listed[`obj:${number} 0 R`] = stream ? { stream: { dict: stream } } : { value };
  }
  return new PdfObjects(listed);
}

const image = (width = 4, height = 4, extra: Record<string, unknown> = {}) => ({
  stream: { '/Type': '/XObject', '/Subtype': '/Image', '/Width': width, '/Height': height, ...extra },
});
const form = (resources: unknown) => ({ stream: { '/Type': '/XObject', '/Subtype': '/Form', '/Resources': resources } });

describe('imagesByPage', () => {
  it('finds images through inherited resources, tiling patterns, soft-mask groups and annotation states', () => {
    const pdf = objects({
      1: { '/Type': '/Catalog', '/Pages': '2 0 R' },
      2: { '/Type': '/Pages', '/Kids': ['3 0 R', '4 0 R'], '/Resources': { '/XObject': { '/Inherited': '10 0 R' } } },
      3: { '/Type': '/Page', '/Parent': '2 0 R' },
      4: {
        '/Type': '/Page',
        '/Parent': '2 0 R',
        '/Resources': {
          '/Pattern': { '/P1': '20 0 R', '/Shading': '21 0 R' },
          '/ExtGState': { '/GS1': { '/SMask': { '/S': '/Luminosity', '/G': '22 0 R' } } },
        },
        '/Annots': ['30 0 R'],
      },
      10: image(),
      11: image(),
      12: image(),
      13: image(),
      14: image(),
      20: { stream: { '/PatternType': 1, '/Resources': { '/XObject': { '/Tile': '11 0 R' } } } },
      21: { '/PatternType': 2 },
      22: form({ '/XObject': { '/Mask': '12 0 R' } }),
      30: { '/Type': '/Annot', '/Subtype': '/Widget', '/AP': { '/N': { '/On': '31 0 R', '/Off': '32 0 R' } } },
      31: form({ '/XObject': { '/Tick': '13 0 R' } }),
      32: form({ '/XObject': { '/Box': '14 0 R' } }),
    });
    expect(imagesByPage(pdf)).toEqual([['10 0 R'], ['11 0 R', '12 0 R', '13 0 R', '14 0 R']]);
  });

  it('reads a form that draws itself once, and a resource dictionary shared by pages once per page', () => {
    const pdf = objects({
      1: { '/Type': '/Catalog', '/Pages': '2 0 R' },
      2: { '/Type': '/Pages', '/Kids': ['3 0 R', '4 0 R'] },
      3: { '/Type': '/Page', '/Resources': '5 0 R' },
      4: { '/Type': '/Page', '/Resources': '5 0 R' },
      5: { '/XObject': { '/Loop': '6 0 R', '/Im': '7 0 R' } },
      6: form({ '/XObject': { '/Again': '6 0 R', '/Inner': '8 0 R' } }),
      7: image(),
      8: image(),
    });
    expect(imagesByPage(pdf)).toEqual([
      ['8 0 R', '7 0 R'],
      ['8 0 R', '7 0 R'],
    ]);
  });
});

describe('storedImageSize', () => {
  it('counts the pixels of the image and of its masks; sizes that make no sense count 0', () => {
    const pdf = objects({
      5: image(100, 50, { '/SMask': '6 0 R', '/Height': '9 0 R' }),
      6: image(10, 10),
      7: image(-3, 'wide' as unknown as number, { '/Mask': [0, 0, 0, 0] }),
      9: 40,
    });
    expect(storedImageSize(pdf, '5 0 R')).toEqual({ width: 100, height: 40, pixels: 4100 });
    expect(storedImageSize(pdf, '7 0 R')).toEqual({ width: 0, height: 0, pixels: 0 });
  });
});
