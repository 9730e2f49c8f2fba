/**
 * Long-lived engines (the office suite's pool, the browser) start on first use
 * and register how they stop here; the server stops them all on shutdown, and
 * test servers do the same when they close.
 */
type Stopper = () => Promise<void>;

const running = new Map<string, Stopper>();

/** Called by an engine once it has started something that must be stopped. */
export function registerEngine(name: string, stop: Stopper): void {
  running.set(name, stop);
}

/** Called by an engine that stopped on its own (after a crash, say). */
export function unregisterEngine(name: string): void {
  running.delete(name);
}

/** Stops every running engine; errors are collected, not thrown halfway. */
export async function stopEngines(): Promise<void> {
  const stoppers = [...running.values()];
  running.clear();
  const results = await Promise.allSettled(stoppers.map((stop) => stop()));
  const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed.length > 0) throw new AggregateError(failed.map((f) => f.reason), 'Some engines did not stop cleanly');
}
