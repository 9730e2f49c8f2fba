import type { InputFile } from '@folio/registry';
import { InvalidInputError } from '../../refusals/input-errors';
import type { SurveyedPage } from './page-survey';
import { recognitionDpi, refuseOversizedRecognition } from './recognition-budget';

const letter = (overrides: Partial<SurveyedPage> = {}): SurveyedPage => ({
  number: 1,
  width: 612,
  height: 792,
  hasText: false,
  hasImages: true,
  imagePpi: 300,
  ...overrides,
});

const file: InputFile = { path: '/x.pdf', originalName: 'x.pdf', size: 1, type: 'pdf' };
const config = { maxRasterPages: 3, maxPixelsPerPage: 40_000_000, maxPixelsPerRequest: 60_000_000 };

describe('recognitionDpi', () => {
  it("draws a scan at its sharpest picture's resolution, and text or drawings at 400 DPI at least", () => {
    expect(recognitionDpi(letter())).toBe(300);
    expect(recognitionDpi(letter({ imagePpi: 600 }))).toBe(600);
    expect(recognitionDpi(letter({ hasText: true }))).toBe(400);
    expect(recognitionDpi(letter({ hasImages: false, imagePpi: 0 }))).toBe(400);
  });
});

describe('refuseOversizedRecognition', () => {
  it('answers the largest page and the total, in pixels', () => {
    expect(refuseOversizedRecognition(file, [letter(), letter({ number: 2, hasText: true })], config)).toEqual({
      largest: 3400 * 4400,
      total: 2550 * 3300 + 3400 * 4400,
    });
  });

  it('refuses a page past the per-page budget, naming it and its size', () => {
    expect(() => refuseOversizedRecognition(file, [letter(), letter({ number: 2, imagePpi: 1200 })], config)).toThrow(
      new InvalidInputError(
        'Page 2 of "x.pdf" would be 10200 × 13200 pixels when drawn at 1200 DPI for recognition; pages of up to 40 megapixels can be recognised. Scan it at a lower resolution.',
      ),
    );
  });

  it('refuses more pages than the raster limit, and more pixels than one request may draw', () => {
    const pages = (n: number) => Array.from({ length: n }, (_, i) => letter({ number: i + 1, imagePpi: 600 }));
    expect(() => refuseOversizedRecognition(file, pages(4), config)).toThrow('"x.pdf" has 4 pages to recognise; one request can recognise up to 3.');
    expect(() => refuseOversizedRecognition(file, pages(2), config)).toThrow('The 2 pages to recognise in "x.pdf" would make 67.3 megapixels');
  });
});
