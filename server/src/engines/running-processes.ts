/**
 * The engine processes one job has running. A job's clean-up waits here until
 * every one of them has exited before it removes the job's folder: an engine
 * being stopped may still write into it for a moment, and removing a folder
 * that is still being written fails (ENOTEMPTY).
 */
export class RunningProcesses {
  private readonly exits = new Set<Promise<void>>();

  /** Tracks a process until `exited` settles. */
  add(exited: Promise<unknown>): void {
    const settled = exited.then(
      () => undefined,
      () => undefined,
    );
    this.exits.add(settled);
    void settled.then(() => this.exits.delete(settled));
  }

  get count(): number {
    return this.exits.size;
  }

  /** Resolves once no tracked process is left, including any started while waiting. */
  async allExited(): Promise<void> {
    while (this.exits.size > 0) await Promise.all([...this.exits]);
  }
}
