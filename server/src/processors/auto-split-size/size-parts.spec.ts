import { estimatedParts, partsBySize, type GrowingPart, type PartCutter, type PartWeigher, type SizedPart } from './size-parts';

/**
 * The planner against a model document: each page has bytes of its own and may
 * share a resource with others; a cut's real size counts each resource once.
 * The estimates the planner sees are off from the real sizes by a factor and an
 * offset the test chooses, so every branch (confirmed windows, searches up and
 * down, lower bounds that prove a cut too large, lower bounds that lie) is met.
 */
interface ModelPage {
  own: number;
  shared?: number;
}

function model(pages: readonly ModelPage[], sharedBytes: readonly number[], view: { scale: number; offset: number; lowerBoundScale?: number }) {
  const real = (first: number, last: number) => {
    const used = new Set<number>();
    let bytes = 400 + 9 * (last - first + 1);
    for (let p = first; p <= last; p++) {
      bytes += pages[p].own;
      if (pages[p].shared !== undefined && !used.has(pages[p].shared!)) {
        used.add(pages[p].shared!);
        bytes += sharedBytes[pages[p].shared!];
      }
    }
    return bytes;
  };
  const weigher: PartWeigher = {
    pageCount: pages.length,
    startPart(): GrowingPart {
      let first = -1;
      let last = -1;
      return {
        add(page: number) {
          if (first < 0) first = page;
          last = page;
        },
        get estimate() {
          return Math.round(real(first, last) * view.scale + view.offset);
        },
        get lowerBound() {
          return Math.floor((real(first, last) - 400) * (view.lowerBoundScale ?? 0.9));
        },
      };
    },
  };
  const cuts: (readonly [number, number])[][] = [];
  const sizes = new Map<string, number>();
  const live = new Set<string>();
  let next = 0;
  const cutter: PartCutter = {
    async cut(ranges) {
      cuts.push([...ranges]);
      return ranges.map(([first, last]) => {
        const path = `cut-${next++}-${first}-${last}`;
        sizes.set(path, real(first, last));
        live.add(path);
        return { path, bytes: real(first, last) };
      });
    },
    async discard(path) {
      live.delete(path);
    },
  };
  return { real, weigher, cutter, cuts, sizes, live };
}

/** The promise, checked by brute force against the model: contiguous, within the limit, each as full as can be. */
function expectExact(parts: readonly SizedPart[], pageCount: number, maxBytes: number, real: (a: number, b: number) => number, sizes: Map<string, number>) {
  let expected = 0;
  for (const [i, part] of parts.entries()) {
    expect(part.first).toBe(expected);
    expect(part.last).toBeGreaterThanOrEqual(part.first);
    if (part.last > part.first) expect(real(part.first, part.last)).toBeLessThanOrEqual(maxBytes);
    if (part.last + 1 < pageCount) expect(real(part.first, part.last + 1)).toBeGreaterThan(maxBytes);
    // A part delivered as a measured cut is that very cut.
    if (part.path) expect(sizes.get(part.path)).toBe(real(part.first, part.last));
    if (part.last > part.first) expect(part.path).toBeDefined();
    expected = part.last + 1;
    void i;
  }
  expect(expected).toBe(pageCount);
}

/** Pages of 1–20 KB, every third sharing one of two resources. */
function pagesOf(count: number, seed: number): ModelPage[] {
  let x = seed;
  const random = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
  return Array.from({ length: count }, (_, i) => ({ own: 1000 + Math.floor(random() * 19_000), shared: i % 3 === 0 ? i % 2 : undefined }));
}

describe('parts by size', () => {
  const shared = [50_000, 8_000];

  it.each([
    ['estimates close to the truth', { scale: 0.98, offset: -50 }],
    ['estimates far too low', { scale: 0.5, offset: 0 }],
    ['estimates far too high', { scale: 2.5, offset: 3000 }],
  ])('cuts exact, full parts with %s', async (_name, view) => {
    for (const maxBytes of [15_000, 60_000, 100_000, 333_333, 10_000_000]) {
      for (const seed of [1, 2, 3]) {
        const pages = pagesOf(120, seed);
        const m = model(pages, shared, view);
        const parts = await partsBySize(m.weigher, maxBytes, m.cutter);
        expectExact(parts, pages.length, maxBytes, m.real, m.sizes);
        // Only the delivered cuts are left; every probe was discarded.
        expect([...m.live].sort()).toEqual(parts.flatMap((p) => (p.path ? [p.path] : [])).sort());
      }
    }
  });

  it('needs few qpdf passes when estimates are good: cuts of one length share a pass', async () => {
    const pages = pagesOf(600, 7);
    const m = model(pages, shared, { scale: 1, offset: 0 });
    const parts = await partsBySize(m.weigher, 100_000, m.cutter);
    expectExact(parts, pages.length, 100_000, m.real, m.sizes);
    const passes = m.cuts.reduce((sum, ranges) => sum + new Set(ranges.map(([a, b]) => b - a)).size, 0);
    expect(parts.length).toBeGreaterThan(80);
    expect(passes).toBeLessThan(parts.length / 2);
  });

  it('makes a page larger than the limit a part of its own, without cutting it to measure', async () => {
    const pages: ModelPage[] = [{ own: 5000 }, { own: 90_000 }, { own: 5000 }, { own: 5000 }, { own: 200_000 }];
    const m = model(pages, [], { scale: 1, offset: 0, lowerBoundScale: 0.99 });
    const parts = await partsBySize(m.weigher, 50_000, m.cutter);
    expect(parts.map((p) => [p.first, p.last])).toEqual([
      [0, 0],
      [1, 1],
      [2, 3],
      [4, 4],
    ]);
    expectExact(parts, pages.length, 50_000, m.real, m.sizes);
    expect(parts[1].path).toBeUndefined();
  });

  it('starts over without lower bounds when a cut turns out smaller than its streams', async () => {
    const pages = pagesOf(60, 5);
    const m = model(pages, shared, { scale: 1, offset: 0, lowerBoundScale: 1.5 });
    const parts = await partsBySize(m.weigher, 60_000, m.cutter);
    expectExact(parts, pages.length, 60_000, m.real, m.sizes);
  });

  it('estimates a partition without cutting anything, for the total-size check', () => {
    const pages = pagesOf(50, 9);
    const m = model(pages, shared, { scale: 1, offset: 0 });
    const planned = estimatedParts(m.weigher, 40_000);
    expect(planned[0].first).toBe(0);
    expect(planned[planned.length - 1].last).toBe(49);
    expect(m.cuts).toHaveLength(0);
  });
});
