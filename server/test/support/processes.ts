import { readdirSync, readFileSync } from 'node:fs';

/** Process ids and their parents, read from /proc now. */
function parents(): Map<number, number> {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid ...: comm may hold spaces, so read after the last ')'.
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Exited meanwhile.
    }
  }
  return parentOf;
}

/** Every process below `pid` (children, their children, ...), not `pid` itself. */
export function descendantsOf(pid: number): number[] {
  const parentOf = parents();
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const parent = queue.shift()!;
    for (const [child, ppid] of parentOf) {
      if (ppid === parent && !found.includes(child)) {
        found.push(child);
        queue.push(child);
      }
    }
  }
  return found;
}

/**
 * Engine processes still running that a server started (every confined engine
 * carries FOLIO_ENGINE_OWNER=<server pid> in its environment), wherever they
 * are now: an orphan is re-parented, but keeps its environment.
 */
export function enginesOwnedBy(serverPid: number): { pid: number; command: string }[] {
  const marker = `FOLIO_ENGINE_OWNER=${serverPid}`;
  const found: { pid: number; command: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const environ = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      if (!environ.includes(marker)) continue;
      found.push({ pid: Number(entry), command: commandOf(Number(entry)) });
    } catch {
      // Exited meanwhile, or a kernel thread.
    }
  }
  return found;
}

/** A process's command line, or '' once it has gone. */
export function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}

/**
 * The long-lived pooled engines a server keeps warm: office instances, their
 * UNO bridge, the browser and its helpers. They outlive requests by design.
 */
export const POOLED_ENGINE = /soffice|oosplash|uno-bridge|chrom/i;

/**
 * Engines a server started for a job that are still running after `ms` (a
 * killed engine takes a moment to go): none should outlive its request.
 */
export async function strayJobEngines(serverPid: number, ms: number): Promise<{ pid: number; command: string }[]> {
  const stray = () => enginesOwnedBy(serverPid).filter((engine) => !POOLED_ENGINE.test(engine.command));
  const end = Date.now() + ms;
  while (stray().length > 0 && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 100));
  return stray();
}
