/**
 * Cutting a document into consecutive parts of at most `maxBytes` each (a page
 * that alone weighs more is a part of its own), every part as full as it can
 * be: greedy from the first page, a part ends where adding its next page would
 * take it past the limit.
 *
 * Sizes are those of the real parts qpdf writes, measured, never estimated: a
 * part is delivered as the very file that was measured, and a part is only
 * closed once the cut one page longer was measured (or its streams alone
 * proved it) to be past the limit. Estimates from the object listing
 * (pdf-objects/page-weights.ts) only choose where to look: a window of parts
 * is planned from them and all its cuts measured in a few qpdf passes (cuts of
 * one length share a pass); the first part the measurements contradict is
 * settled by a search of single cuts, and planning resumes after it.
 */

/** What a part weighs while its pages are added in order (PartWeight). */
export interface GrowingPart {
  add(page: number): unknown;
  /** Estimated bytes. */
  readonly estimate: number;
  /** Bytes the part surely holds (its stream data). */
  readonly lowerBound: number;
}

/** Estimates for parts of a document (PageWeights). */
export interface PartWeigher {
  readonly pageCount: number;
  startPart(): GrowingPart;
}

/** Cuts and weighs real parts. */
export interface PartCutter {
  /** Writes one file per range (0-based, inclusive) and answers their paths and sizes, in order. */
  cut(ranges: readonly (readonly [number, number])[]): Promise<{ path: string; bytes: number }[]>;
  /** Removes a cut that will not be delivered. */
  discard(path: string): Promise<void>;
}

/** A part: its pages, 0-based and inclusive, and its file when it was cut while measuring. */
export interface SizedPart {
  first: number;
  last: number;
  path?: string;
}

/** Parts planned per window at first; doubled after a window is all confirmed, halved after a miss. */
const FIRST_WINDOW = 64;
const MAX_WINDOW = 4096;
/** Searches guided by estimates that have not halved the interval after this many cuts bisect instead. */
const GUIDED_STEPS = 2;

/** Thrown when a measured part holds fewer bytes than its streams: the lower bounds cannot be trusted for this file. */
class LowerBoundBroken extends Error {}

interface Cut {
  path: string;
  bytes: number;
}

export async function partsBySize(weigher: PartWeigher, maxBytes: number, cutter: PartCutter): Promise<SizedPart[]> {
  const planner = new SizePlanner(weigher, maxBytes, cutter, true);
  try {
    return await planner.run();
  } catch (error) {
    if (!(error instanceof LowerBoundBroken)) throw error;
    await planner.discardAll();
    // Damaged stream lengths, most likely: settle every part by measurement alone.
    return new SizePlanner(weigher, maxBytes, cutter, false).run();
  }
}

/** Where the parts would end by estimates alone (for the total-size check before any cut). */
export function estimatedParts(weigher: PartWeigher, maxBytes: number): { first: number; last: number; estimate: number }[] {
  const parts: { first: number; last: number; estimate: number }[] = [];
  for (let first = 0; first < weigher.pageCount;) {
    const part = weigher.startPart();
    part.add(first);
    let last = first;
    let estimate = part.estimate;
    while (last + 1 < weigher.pageCount) {
      part.add(last + 1);
      if (part.estimate > maxBytes) break;
      estimate = part.estimate;
      last += 1;
    }
    parts.push({ first, last, estimate });
    first = last + 1;
  }
  return parts;
}

interface PlannedPart {
  first: number;
  last: number;
  /** Estimate of first..last, and of first..last+1 when there is a next page. */
  estimate: number;
  estimateNext?: number;
  /** The cut one page longer surely exceeds the limit (its streams alone do). */
  nextSurelyTooLarge: boolean;
  lowerBound: number;
  lowerBoundNext?: number;
}

class SizePlanner {
  /** Measured bytes ÷ estimated bytes, from the latest cuts. */
  private ratio = 1;
  /** Cuts made and not yet delivered or discarded. */
  private readonly pending = new Set<string>();

  constructor(
    private readonly weigher: PartWeigher,
    private readonly maxBytes: number,
    private readonly cutter: PartCutter,
    private readonly trustLowerBounds: boolean,
  ) {}

  async run(): Promise<SizedPart[]> {
    const pages = this.weigher.pageCount;
    const parts: SizedPart[] = [];
    let window = FIRST_WINDOW;
    for (let start = 0; start < pages;) {
      const planned = this.plan(start, window);
      const fitting = planned.filter((p) => p.last > p.first);
      const longer = planned.filter((p) => p.last + 1 < pages && !p.nextSurelyTooLarge);
      const cuts = await this.measure([...fitting.map((p) => [p.first, p.last] as const), ...longer.map((p) => [p.first, p.last + 1] as const)]);
      const fitCut = new Map(fitting.map((p, i) => [p, cuts[i]]));
      const longerCut = new Map(longer.map((p, i) => [p, cuts[fitting.length + i]]));
      this.calibrate([
        ...fitting.map((p, i) => [p.estimate, p.lowerBound, cuts[i]] as const),
        ...longer.map((p, i) => [p.estimateNext!, p.lowerBoundNext!, cuts[fitting.length + i]] as const),
      ]);

      let missed = false;
      for (const part of planned) {
        const fit = fitCut.get(part);
        const next = longerCut.get(part);
        if (missed) {
          // Planned from a start that turned out wrong.
          if (fit) await this.discard(fit.path);
          if (next) await this.discard(next.path);
          continue;
        }
        const fits = !fit || fit.bytes <= this.maxBytes;
        const nextTooLarge = part.last + 1 >= pages || part.nextSurelyTooLarge || next!.bytes > this.maxBytes;
        if (fits && nextTooLarge) {
          if (next) await this.discard(next.path);
          parts.push(this.deliver({ first: part.first, last: part.last, path: fit?.path }));
          start = part.last + 1;
          continue;
        }
        missed = true;
        let settled: SizedPart;
        if (fits) {
          // It holds one page more at least: the longer cut is a part.
          if (fit) await this.discard(fit.path);
          settled = await this.search(part.first, part.last + 1, next!.path, pages);
        } else {
          if (next) await this.discard(next.path);
          await this.discard(fit!.path);
          settled = await this.search(part.first, part.first, undefined, part.last);
        }
        parts.push(this.deliver(settled));
        start = settled.last + 1;
      }
      window = missed ? Math.max(1, Math.floor(window / 2)) : Math.min(MAX_WINDOW, window * 2);
    }
    return parts;
  }

  /** Removes every cut not delivered (before starting over). */
  async discardAll(): Promise<void> {
    for (const path of [...this.pending]) await this.discard(path);
  }

  /** Up to `count` consecutive parts from `start`, ended where estimates say the next page would not fit. */
  private plan(start: number, count: number): PlannedPart[] {
    const pages = this.weigher.pageCount;
    const planned: PlannedPart[] = [];
    for (let first = start; first < pages && planned.length < count;) {
      const part = this.weigher.startPart();
      part.add(first);
      let last = first;
      let estimate = part.estimate;
      let lowerBound = part.lowerBound;
      let estimateNext: number | undefined;
      let lowerBoundNext: number | undefined;
      while (last + 1 < pages) {
        part.add(last + 1);
        if (part.estimate * this.ratio > this.maxBytes || this.surelyTooLarge(part.lowerBound)) {
          estimateNext = part.estimate;
          lowerBoundNext = part.lowerBound;
          break;
        }
        estimate = part.estimate;
        lowerBound = part.lowerBound;
        last += 1;
      }
      planned.push({
        first,
        last,
        estimate,
        estimateNext,
        lowerBound,
        lowerBoundNext,
        nextSurelyTooLarge: lowerBoundNext !== undefined && this.surelyTooLarge(lowerBoundNext),
      });
      first = last + 1;
    }
    return planned;
  }

  /**
   * The part from `first`, known to fit through `fits` (its cut at `fitsPath`;
   * none for a single page, which is a part whatever it weighs) and not to fit
   * through `tooLarge` (`pageCount`: the document's end): narrowed by single
   * cuts until they are neighbours.
   */
  private async search(first: number, fits: number, fitsPath: string | undefined, tooLarge: number): Promise<SizedPart> {
    const growth = this.weigher.startPart();
    const estimates: number[] = [];
    const lowerBounds: number[] = [];
    const weigh = (last: number) => {
      while (first + estimates.length <= last) {
        growth.add(first + estimates.length);
        estimates.push(growth.estimate);
        lowerBounds.push(growth.lowerBound);
      }
      return { estimate: estimates[last - first], lowerBound: lowerBounds[last - first] };
    };
    let low = fits;
    let lowPath = fitsPath;
    let high = tooLarge;
    for (let step = 0; high - low > 1; step++) {
      let guess: number;
      if (step < GUIDED_STEPS) {
        guess = low + 1;
        while (guess + 1 < high && weigh(guess + 1).estimate * this.ratio <= this.maxBytes && !this.surelyTooLarge(weigh(guess + 1).lowerBound)) guess += 1;
      } else if (high >= this.weigher.pageCount) {
        guess = Math.min(high - 1, low + Math.max(1, low - first + 1));
      } else {
        guess = Math.floor((low + high) / 2);
      }
      const weight = weigh(guess);
      if (this.surelyTooLarge(weight.lowerBound)) {
        high = guess;
        continue;
      }
      const [cut] = await this.measure([[first, guess]]);
      this.calibrate([[weight.estimate, weight.lowerBound, cut]]);
      if (cut.bytes <= this.maxBytes) {
        if (lowPath) await this.discard(lowPath);
        low = guess;
        lowPath = cut.path;
      } else {
        await this.discard(cut.path);
        high = guess;
      }
    }
    return { first, last: low, path: lowPath };
  }

  private surelyTooLarge(lowerBound: number): boolean {
    return this.trustLowerBounds && lowerBound > this.maxBytes;
  }

  private async measure(ranges: readonly (readonly [number, number])[]): Promise<Cut[]> {
    if (ranges.length === 0) return [];
    const cuts = await this.cutter.cut(ranges);
    for (const cut of cuts) this.pending.add(cut.path);
    return cuts;
  }

  /** Learns measured ÷ estimated from these cuts, and checks the lower bounds held. */
  private calibrate(samples: readonly (readonly [estimate: number, lowerBound: number, cut: Cut])[]): void {
    if (samples.length === 0) return;
    if (this.trustLowerBounds && samples.some(([, lowerBound, cut]) => lowerBound > cut.bytes)) throw new LowerBoundBroken();
    const measured = samples.reduce((sum, [, , cut]) => sum + cut.bytes, 0);
    const estimated = samples.reduce((sum, [estimate]) => sum + estimate, 0);
    if (estimated > 0) this.ratio = Math.min(4, Math.max(0.25, measured / estimated));
  }

  private deliver(part: SizedPart): SizedPart {
    if (part.path) this.pending.delete(part.path);
    return part;
  }

  private async discard(path: string): Promise<void> {
    this.pending.delete(path);
    await this.cutter.discard(path);
  }
}
