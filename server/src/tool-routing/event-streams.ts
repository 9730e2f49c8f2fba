import { readFileSync } from 'node:fs';
import { Logger } from '@nestjs/common';
import { ApiError } from '../http/api-error';

export interface EventStreamLimits {
  /** Streams open at once in this process. */
  total: number;
  /** Streams one client address may have open. */
  perClient: number;
  /** Streams open on one job. */
  perJob: number;
}

/**
 * Counts the job event streams open in this process, each a connection held
 * for as long as its job runs: past a cap (on one job, from one address, in
 * all), 429. The total is kept to half the process's open-file limit at most,
 * so that streams can never take the descriptors that health checks, uploads
 * and engines need.
 */
export class EventStreams {
  private open = 0;
  private readonly byClient = new Map<string, number>();
  private readonly byJob = new Map<string, number>();
  private readonly limits: EventStreamLimits;

  constructor(limits: EventStreamLimits, openFiles = openFileLimit()) {
    const total = openFiles === undefined ? limits.total : Math.min(limits.total, Math.floor(openFiles / 2));
    if (total < limits.total)
      new Logger('EventStreams').warn(`At most ${total} job event streams, half the open-file limit (${openFiles}), not ${limits.total}.`);
    this.limits = { ...limits, total };
  }

  /** Counts a stream of `jobId` from `client`, or throws the 429 of the cap it meets; the returned function counts it down (once). */
  take(jobId: string, client: string): () => void {
    if ((this.byJob.get(jobId) ?? 0) >= this.limits.perJob) throw ApiError.tooManyEventStreams('job');
    if ((this.byClient.get(client) ?? 0) >= this.limits.perClient) throw ApiError.tooManyEventStreams('address');
    if (this.open >= this.limits.total) throw ApiError.tooManyEventStreams('server');
    this.open++;
    add(this.byJob, jobId, 1);
    add(this.byClient, client, 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.open--;
      add(this.byJob, jobId, -1);
      add(this.byClient, client, -1);
    };
  }
}

function add(counts: Map<string, number>, key: string, change: number): void {
  const count = (counts.get(key) ?? 0) + change;
  if (count > 0) counts.set(key, count);
  else counts.delete(key);
}

/** The soft limit on this process's open files (Linux), or undefined where it cannot be read. */
function openFileLimit(): number | undefined {
  try {
    const line = /^Max open files\s+(\d+)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
    return line ? Number(line[1]) : undefined;
  } catch {
    return undefined;
  }
}
