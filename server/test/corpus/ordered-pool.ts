/**
 * Runs numbered jobs a few at a time, lowest number first, but only jobs that
 * have been asked for: a test asks for its own job and a window after it, so
 * jobs run ahead of the tests that await them, and a filtered run (jest -t)
 * runs little more than the tests it selects.
 */
export class OrderedPool<T> {
  private readonly wanted: boolean[];
  private readonly results = new Map<number, { promise: Promise<T>; settle: (value: T) => void }>();
  private readonly begun = new Set<number>();
  private wake: (() => void)[] = [];
  private closed = false;

  constructor(
    private readonly count: number,
    /** Must not reject: a failure is a result too. */
    private readonly job: (index: number) => Promise<T>,
    concurrency: number,
    /** How many jobs after an asked-for one to start early. */
    private readonly lookahead: number,
  ) {
    this.wanted = Array.from({ length: count }, () => false);
    for (let n = 0; n < concurrency; n++) void this.worker();
  }

  /** The job's result; asks for it and for the `lookahead` jobs after it. */
  result(index: number): Promise<T> {
    for (let i = index; i < Math.min(this.count, index + this.lookahead + 1); i++) this.wanted[i] = true;
    for (const wake of this.wake.splice(0)) wake();
    return this.entry(index).promise;
  }

  /** Every job started so far, once finished: index and result. */
  async finished(): Promise<[number, T][]> {
    const indexes = [...this.begun];
    const values = await Promise.all(indexes.map((i) => this.entry(i).promise));
    return indexes.map((i, n) => [i, values[n]]);
  }

  /** Stops the workers once their current jobs end. */
  close(): void {
    this.closed = true;
    for (const wake of this.wake.splice(0)) wake();
  }

  private entry(index: number) {
    let entry = this.results.get(index);
    if (!entry) {
      let settle!: (value: T) => void;
      const promise = new Promise<T>((resolve) => (settle = resolve));
      entry = { promise, settle };
      this.results.set(index, entry);
    }
    return entry;
  }

  private async worker(): Promise<void> {
    while (!this.closed) {
      const next = this.wanted.findIndex((wanted, i) => wanted && !this.begun.has(i));
      if (next < 0) {
        await new Promise<void>((resolve) => this.wake.push(resolve));
        continue;
      }
      this.begun.add(next);
      this.entry(next).settle(await this.job(next));
    }
  }
}
