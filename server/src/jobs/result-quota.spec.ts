import { toApiError } from '../http/api-exception.filter';
import type { HeldResult } from './job-queue';
import { refuseOverResultQuota } from './result-quota';

/** The answer a refusal gets at the HTTP edge. */
const answerTo = (error: unknown) => toApiError(error, { maxUploadBytes: 1, maxFiles: 1 });

/** A queue's view of its kept results, recording which it was asked to forget. */
function queueHolding(results: HeldResult[]) {
  const held = [...results];
  const forgotten: string[] = [];
  return {
    forgotten,
    heldResults: async () => [...held],
    forget: async (id: string) => {
      forgotten.push(id);
      held.splice(
        held.findIndex((r) => r.jobId === id),
        1,
      );
    },
  };
}

const MINUTE = 60_000;
const limits = { totalBytes: 100, perClientBytes: 60, ttlMs: 10 * MINUTE };
const result = (jobId: string, client: string, bytes: number, minutesAgo: number): HeldResult => ({
  jobId,
  client,
  bytes,
  finishedAt: Date.now() - minutesAgo * MINUTE,
});

describe('refuseOverResultQuota', () => {
  it('lets a job in under both quotas, deleting nothing', async () => {
    const queue = queueHolding([result('a', 'alice', 30, 1), result('b', 'bob', 30, 20)]);
    await refuseOverResultQuota(queue, 'carol', limits);
    expect(queue.forgotten).toEqual([]);
  });

  it('makes room by deleting expired results not yet swept, oldest first and no more than needed; never one still within its time', async () => {
    const queue = queueHolding([
      result('fresh', 'alice', 40, 1),
      result('older', 'bob', 30, 30),
      result('oldest', 'bob', 30, 40),
      result('newer', 'bob', 30, 12),
    ]);
    await refuseOverResultQuota(queue, 'carol', limits);
    expect(queue.forgotten).toEqual(['oldest', 'older']);
  });

  it("refuses with the address's 429 when its own results fill its quota, whatever the expired ones of others", async () => {
    const queue = queueHolding([result('mine-1', 'alice', 30, 2), result('mine-2', 'alice', 30, 9), result('old', 'bob', 10, 30)]);
    const refusal = answerTo(await refuseOverResultQuota(queue, 'alice', limits).catch((error: unknown) => error));
    expect(refusal).toMatchObject({ status: 429, detail: expect.stringMatching(/^Your results waiting to be downloaded/) });
    // Alice's first result expires in about a minute: that is when to try again.
    expect(Number((refusal as { extra: { headers: Record<string, string> } }).extra.headers['Retry-After'])).toBeGreaterThan(50);
    expect(queue.forgotten).toEqual([]);
  });

  it("refuses with the server's 429 when everyone's results within their time fill the total", async () => {
    const queue = queueHolding([result('a', 'alice', 50, 1), result('b', 'bob', 50, 2)]);
    expect(answerTo(await refuseOverResultQuota(queue, 'carol', limits).catch((error: unknown) => error))).toMatchObject({
      status: 429,
      detail: expect.stringMatching(/^The server holds as many results/),
    });
  });
});
