import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { heavyPdf } from '../../test/support/heavy-pdfs';
import { encryptPdf, makePdf } from '../../test/support/pdfs';
import { MAX_PARTS_BYTES, PageWeights, refuseOversizedParts } from './page-weights';

describe('page weights', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'folio-weights-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const engine = () => ({ deadline: Date.now() + 60_000, timeLimitMs: 60_000, folder: dir });
  /** The size of pages first..last (0-based) cut by qpdf here, as the tools cut them. */
  const cut = (input: string, first: number, last: number) => {
    const out = join(dir, `cut-${first}-${last}.pdf`);
    execFileSync('qpdf', ['--stream-data=preserve', '--empty', '--pages', input, `${first + 1}-${last + 1}`, '--', out]);
    return statSync(out).size;
  };
  const weigh = (weights: PageWeights, first: number, last: number) => {
    const part = weights.startPart();
    for (let page = first; page <= last; page++) part.add(page);
    return part;
  };
  const ranges: [number, number][] = [
    [0, 0],
    [0, 1],
    [1, 1],
    [0, 11],
    [3, 7],
    [11, 11],
  ];

  it('estimates parts of pictures within a few percent of what qpdf writes, and never above their stream bytes', async () => {
    const input = join(dir, 'heavy.pdf');
    const pages = Array.from({ length: 12 }, (_, i) => ({ imageBytes: (i % 3) * 5000 + 1000, sharedImage: i % 2 === 0 ? 0 : undefined }));
    writeFileSync(input, heavyPdf(pages, { shared: [20_000] }));
    const weights = await PageWeights.read(input, engine());
    expect(weights.pageCount).toBe(12);
    for (const [first, last] of ranges) {
      const part = weigh(weights, first, last);
      const real = cut(input, first, last);
      expect(Math.abs(part.estimate - real) / real).toBeLessThan(0.05);
      expect(part.lowerBound).toBeLessThanOrEqual(real);
    }
    // The shared picture counts once in a part, however many of its pages draw it.
    expect(weigh(weights, 0, 2).estimate - weigh(weights, 1, 1).estimate).toBeLessThan(weights.pageAlone(0) + weights.pageAlone(2));
    expect(
      weights
        .estimateParts([
          [0, 0],
          [2, 2],
        ])
        .every((bytes) => bytes > 20_000),
    ).toBe(true);
  });

  it('estimates text pages within 10 percent', async () => {
    const input = join(dir, 'text.pdf');
    writeFileSync(input, await makePdf(30));
    const weights = await PageWeights.read(input, engine());
    for (const [first, last] of [
      [0, 0],
      [0, 1],
      [0, 29],
      [3, 7],
    ] as const) {
      const real = cut(input, first, last);
      expect(Math.abs(weigh(weights, first, last).estimate - real) / real).toBeLessThan(0.1);
    }
  });

  it('keeps its lower bound below what qpdf writes for an AES-encrypted file, whose streams shrink when decrypted', async () => {
    const input = join(dir, 'locked.pdf');
    writeFileSync(input, encryptPdf(heavyPdf(Array.from({ length: 6 }, () => ({ imageBytes: 3000 }))), ''));
    const weights = await PageWeights.read(input, engine());
    for (const [first, last] of [
      [0, 0],
      [0, 5],
      [2, 3],
    ] as const)
      expect(weigh(weights, first, last).lowerBound).toBeLessThanOrEqual(cut(input, first, last));
  });

  it('refuses parts that add up past the budget, naming their count and size', () => {
    expect(() => refuseOversizedParts([MAX_PARTS_BYTES / 2, MAX_PARTS_BYTES / 2])).not.toThrow();
    expect(() => refuseOversizedParts([MAX_PARTS_BYTES / 2, MAX_PARTS_BYTES / 2, 1])).toThrow(/^The 3 parts would take about 2049 MB together/);
  });
});
