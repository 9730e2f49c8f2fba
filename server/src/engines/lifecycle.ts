import { spawn } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Long-lived engines (the office suite's pool, the browser) start on first use
 * and register how they stop here; the server stops them all on shutdown, and
 * test servers do the same when they close.
 */
type Stopper = () => Promise<void>;

const running = new Map<string, Stopper>();
/** Starts per engine since the process began: every start after the first is a restart (metrics). */
const starts = new Map<string, number>();

/** Called by an engine once it has started something that must be stopped. */
export function registerEngine(name: string, stop: Stopper): void {
  running.set(name, stop);
  starts.set(name, (starts.get(name) ?? 0) + 1);
}

/** How often each long-lived engine was started again after its first start (a crash, a hang, a stop). */
export function engineRestarts(): Map<string, number> {
  return new Map([...starts].map(([name, count]) => [name, count - 1]));
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
  if (failed.length > 0)
    throw new AggregateError(
      failed.map((f) => f.reason),
      'Some engines did not stop cleanly',
    );
}

/** Runtime folders the engines keep per server process (office instances, the browser's launcher): `folio-office-<pid>`. */
const RUNTIME_FOLDER = /^folio-(office|chromium)-(\d+)$/;

/**
 * Removes the runtime folders of servers that died without stopping their
 * engines (killed outright: their engines died with them, their folders did
 * not). Run at start-up; folders of live processes are left alone.
 */
export function removeFoldersOfDeadServers(): void {
  let entries: string[];
  try {
    entries = readdirSync(tmpdir());
  } catch {
    return;
  }
  for (const entry of entries) {
    const pid = Number(RUNTIME_FOLDER.exec(entry)?.[2]);
    if (!pid || pid === process.pid || isAlive(pid)) continue;
    rmSync(join(tmpdir(), entry), { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Runs as a detached shell beside the server, blocked on a pipe from it. When the
 * server dies by any means (SIGKILL included) the pipe closes and the shell kills
 * every process carrying this server's FOLIO_ENGINE_OWNER marker, then removes its
 * runtime folders. This closes the gap a parent-death signal leaves: a sandbox
 * being set up in the very moment the server dies has not armed its own yet.
 */
const REAPER_SCRIPT = `
read -r _
for round in 1 2 3 4 5; do
  for environ in /proc/[0-9]*/environ; do
    if grep -qzx "FOLIO_ENGINE_OWNER=$1" "$environ" 2>/dev/null; then
      pid=\${environ#/proc/}
      kill -9 "\${pid%/environ}" 2>/dev/null
    fi
  done
  sleep 0.2
done
rm -rf "$2/folio-office-$1" "$2/folio-chromium-$1"
`;

let reaperStarted = false;

/** Starts the reaper for this process's engines, once; it costs one idle shell. */
export function reapEnginesWhenServerDies(): void {
  if (reaperStarted) return;
  reaperStarted = true;
  const reaper = spawn('/bin/sh', ['-c', REAPER_SCRIPT, 'folio-reaper', String(process.pid), tmpdir()], {
    stdio: ['pipe', 'ignore', 'ignore'],
    detached: true,
  });
  reaper.on('error', (error) => console.error(`Engine reaper did not start: ${error.message}`));
  reaper.unref();
  reaper.stdin?.on('error', () => undefined);
  (reaper.stdin as unknown as { unref?: () => void } | null)?.unref?.();
}
