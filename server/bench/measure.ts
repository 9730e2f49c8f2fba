import { readFileSync, readdirSync } from 'node:fs';

/** Resident memory of a process in MB (0 once it is gone). */
export function rssMb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

function children(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

export interface Sampled<T> {
  result: T;
  seconds: number;
  /** Peak resident memory of the watched process, and of any one of its child processes, in MB. */
  peakMb: number;
  childPeakMb: number;
}

/** Runs `work` while sampling the memory of `pid` and its children every 20 ms. */
export async function sample<T>(pid: number, work: () => Promise<T>): Promise<Sampled<T>> {
  let peakMb = rssMb(pid);
  let childPeakMb = 0;
  const timer = setInterval(() => {
    peakMb = Math.max(peakMb, rssMb(pid));
    for (const child of children(pid)) childPeakMb = Math.max(childPeakMb, rssMb(child));
  }, 20);
  const started = process.hrtime.bigint();
  try {
    const result = await work();
    return { result, seconds: Number(process.hrtime.bigint() - started) / 1e9, peakMb, childPeakMb };
  } finally {
    clearInterval(timer);
  }
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Runs `measure` `runs` times, one after another, and answers the run of median duration (its peaks the highest seen). */
export async function medianOf<T>(runs: number, measure: () => Promise<Sampled<T>>): Promise<Sampled<T>> {
  const samples: Sampled<T>[] = [];
  for (let i = 0; i < runs; i++) samples.push(await measure());
  const median = [...samples].sort((a, b) => a.seconds - b.seconds)[Math.floor(runs / 2)];
  return {
    ...median,
    peakMb: Math.max(...samples.map((s) => s.peakMb)),
    childPeakMb: Math.max(...samples.map((s) => s.childPeakMb)),
  };
}
