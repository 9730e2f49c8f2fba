import { ResultQuotaReachedError } from './job-errors';
import type { HeldResult, JobQueue } from './job-queue';

export interface ResultQuotaLimits {
  /** Bytes of results kept for download, everyone's together (FOLIO_MAX_RESULTS_MB). */
  totalBytes: number;
  /** Bytes of results kept for one client address (FOLIO_MAX_RESULTS_MB_PER_ADDRESS). */
  perClientBytes: number;
  /** How long a result is kept (FOLIO_JOB_RESULT_TTL_MIN): past it, it is expired. */
  ttlMs: number;
}

/**
 * Refuses a new async job from `client` (ResultQuotaReachedError, a 429) while the finished results
 * waiting to be downloaded take the server's quota or the address's. A result
 * can only be counted once it exists, so the jobs running meanwhile may pass
 * the quota by their own results; after that nothing more is taken. When room
 * is needed, expired results the queue has not swept yet go first, oldest
 * first; results still within their time are never deleted to make room.
 */
export async function refuseOverResultQuota(queue: Pick<JobQueue, 'heldResults' | 'forget'>, client: string, limits: ResultQuotaLimits): Promise<void> {
  const held = await queue.heldResults();
  const now = Date.now();
  const expired = held.filter((r) => now - r.finishedAt >= limits.ttlMs).sort((a, b) => a.finishedAt - b.finishedAt);
  let kept = held;
  // The address's quota first, from its own expired results only; then the server's, from anyone's.
  const makeRoom = async (scope: 'address' | 'server', own: boolean) => {
    for (const result of expired) {
      if (overQuota(kept, client, limits) !== scope) return;
      if ((own && result.client !== client) || !kept.includes(result)) continue;
      await queue.forget(result.jobId);
      kept = kept.filter((r) => r !== result);
    }
  };
  await makeRoom('address', true);
  await makeRoom('server', false);
  const over = overQuota(kept, client, limits);
  if (!over) return;
  const blocking = over === 'address' ? kept.filter((r) => r.client === client) : kept;
  const firstExpiry = Math.min(...blocking.map((r) => r.finishedAt + limits.ttlMs));
  throw new ResultQuotaReachedError(over, over === 'address' ? limits.perClientBytes : limits.totalBytes, Math.max(1, Math.ceil((firstExpiry - now) / 1000)));
}

/** Which quota the held results fill, the address's first. */
function overQuota(held: readonly HeldResult[], client: string, limits: ResultQuotaLimits): 'address' | 'server' | undefined {
  const bytes = (results: readonly HeldResult[]) => results.reduce((sum, r) => sum + r.bytes, 0);
  if (bytes(held.filter((r) => r.client === client)) >= limits.perClientBytes) return 'address';
  if (bytes(held) >= limits.totalBytes) return 'server';
  return undefined;
}
