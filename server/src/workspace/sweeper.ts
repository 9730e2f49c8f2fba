import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Removes request folders older than `maxAgeMs`: a crash or a kill can skip the
 * per-request clean-up, and the promise that files are deleted must still hold.
 * Returns how many folders it removed.
 */
export function sweepWorkspaces(workDir: string, maxAgeMs: number, now = Date.now()): number {
  let removed = 0;
  let entries: string[];
  try {
    entries = readdirSync(workDir);
  } catch {
    return 0; // nothing was ever written
  }
  for (const entry of entries) {
    const path = join(workDir, entry);
    try {
      if (now - statSync(path).mtimeMs >= maxAgeMs) {
        rmSync(path, { recursive: true, force: true });
        removed++;
      }
    } catch {
      // removed meanwhile by its own request
    }
  }
  return removed;
}

/** Sweeps now and then every `intervalMs`; the timer never keeps the process alive. */
export function startWorkspaceSweeper(workDir: string, maxAgeMs: number, intervalMs = Math.min(maxAgeMs, 5 * 60_000)): () => void {
  sweepWorkspaces(workDir, maxAgeMs);
  const timer = setInterval(() => sweepWorkspaces(workDir, maxAgeMs), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
