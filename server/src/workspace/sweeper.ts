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

/** The folders a server makes in its work folder: a request's uploads', a job's, and the readiness probe's. */
export const WORK_FOLDER_KINDS = ['req', 'job', 'ready'] as const;
export type WorkFolderKind = (typeof WORK_FOLDER_KINDS)[number];

/**
 * The prefix of a folder this process owns in a folder other servers may share
 * (the work folder, the system's temporary folder): its kind and this process's id.
 * e.g. ownedFolderPrefix('req') → 'req-4711-'
 */
export function ownedFolderPrefix(kind: WorkFolderKind, pid = process.pid): string {
  return `${kind}-${pid}-`;
}

/**
 * Removes, at once, the folders in `dir` whose owning server is gone (a crash,
 * a SIGKILL, a power cut): named by `ownedFolderPrefix` with a process id that
 * no longer runs. Folders of servers still running are theirs; a folder with
 * no owner in its name is left to the age limit. Returns how many it removed.
 */
export function sweepOrphanedFolders(dir: string, kinds: readonly string[]): number {
  let removed = 0;
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const owner = new RegExp(`^(?:${kinds.join('|')})-(\\d+)-`).exec(entry)?.[1];
    if (owner === undefined || Number(owner) === process.pid || isRunning(Number(owner))) continue;
    try {
      rmSync(join(dir, entry), { recursive: true, force: true });
      removed++;
    } catch {
      // Removed meanwhile.
    }
  }
  return removed;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Sweeps now and then every `intervalMs`; the timer never keeps the process alive. */
export function startWorkspaceSweeper(workDir: string, maxAgeMs: number, intervalMs = Math.min(maxAgeMs, 5 * 60_000)): () => void {
  sweepWorkspaces(workDir, maxAgeMs);
  const timer = setInterval(() => sweepWorkspaces(workDir, maxAgeMs), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
