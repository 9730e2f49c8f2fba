/**
 * Promises a clean-up must outlast: a job still running after its client left,
 * the engine processes it started. A workspace waits for its sets before it
 * removes its folder: an engine being stopped may still write into it for a
 * moment, and removing a folder that is still being written fails (ENOTEMPTY).
 */
export class PendingSet {
  private readonly pending = new Set<Promise<void>>();

  /** Tracks `work` until it settles, whether it succeeds or fails. */
  add(work: Promise<unknown>): void {
    const settled = work.then(
      () => undefined,
      () => undefined,
    );
    this.pending.add(settled);
    void settled.then(() => this.pending.delete(settled));
  }

  /** Resolves once nothing tracked is pending, including what was added while waiting. */
  async allSettled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
