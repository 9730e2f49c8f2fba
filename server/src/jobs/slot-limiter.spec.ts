import { BusyError, JobAbortedError } from '../engines/limiter';
import { toApiError } from '../http/api-exception.filter';
import { ClientShareTakenError } from './job-errors';
import { SlotLimiter } from './slot-limiter';

/** The answer a refusal gets at the HTTP edge. */
const answerTo = (error: unknown) => toApiError(error, { maxUploadBytes: 1, maxFiles: 1 });

/** A job that runs until the test lets it go. */
function heldJob(slots: SlotLimiter, client: string, log: string[], name: string, signal?: AbortSignal) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const done = slots.run({ client, deadline: Date.now() + 60_000, timeLimitMs: 60_000, signal }, async () => {
    log.push(name);
    await released;
  });
  return { release, done, signal };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('SlotLimiter', () => {
  it('gives a freed slot to the address served longest ago, not to the oldest waiter', async () => {
    const slots = new SlotLimiter(1, 10, 10);
    const log: string[] = [];
    const a1 = heldJob(slots, 'A', log, 'a1');
    const a2 = heldJob(slots, 'A', log, 'a2');
    const a3 = heldJob(slots, 'A', log, 'a3');
    const b1 = heldJob(slots, 'B', log, 'b1');
    const c1 = heldJob(slots, 'C', log, 'c1');
    await tick();
    expect(log).toEqual(['a1']);
    for (const job of [a1, b1, c1, a2, a3]) {
      job.release();
      await job.done;
      await tick();
    }
    expect(log).toEqual(['a1', 'b1', 'c1', 'a2', 'a3']);
    expect(slots.load).toEqual({ running: 0, waiting: 0 });
  });

  it('tells each waiter its place in that order', async () => {
    const slots = new SlotLimiter(1, 10, 10);
    const log: string[] = [];
    const signal = () => new AbortController().signal;
    const jobs = [
      heldJob(slots, 'A', log, 'a1', signal()),
      heldJob(slots, 'A', log, 'a2', signal()),
      heldJob(slots, 'A', log, 'a3', signal()),
      heldJob(slots, 'B', log, 'b1', signal()),
    ];
    await tick();
    expect(jobs.map((job) => slots.positionOf(job.signal!))).toEqual([null, 2, 3, 1]);
    for (const job of jobs) job.release();
    await Promise.all(jobs.map((job) => job.done));
  });

  it("refuses an address's job past its share with its own 429, while others still get in", async () => {
    const slots = new SlotLimiter(2, 10, 2);
    const log: string[] = [];
    const a = [heldJob(slots, 'A', log, 'a1'), heldJob(slots, 'A', log, 'a2')];
    expect(() => slots.refuseIfFull('A')).toThrow(ClientShareTakenError);
    const refused = await heldJob(slots, 'A', log, 'a3').done.catch((error: unknown) => error);
    expect(answerTo(refused)).toMatchObject({ status: 429, detail: expect.stringMatching(/2 jobs running or waiting/) });
    const b = heldJob(slots, 'B', log, 'b1');
    expect(() => slots.refuseIfFull('B')).not.toThrow();
    for (const job of [...a, b]) job.release();
    await Promise.all([...a, b].map((job) => job.done));
    // Its jobs over, the address has its whole share again.
    expect(() => slots.refuseIfFull('A')).not.toThrow();
  });

  it('still answers the busy 429 when every slot and queue place is taken', async () => {
    const slots = new SlotLimiter(1, 1, 5);
    const log: string[] = [];
    const jobs = [heldJob(slots, 'A', log, 'a1'), heldJob(slots, 'B', log, 'b1')];
    expect(() => slots.refuseIfFull('C')).toThrow(BusyError);
    for (const job of jobs) job.release();
    await Promise.all(jobs.map((job) => job.done));
  });

  it('counts a waiter that leaves (its client gone) out of its address and the queue', async () => {
    const slots = new SlotLimiter(1, 10, 2);
    const log: string[] = [];
    const running = heldJob(slots, 'A', log, 'a1');
    const abort = new AbortController();
    const leaving = heldJob(slots, 'A', log, 'a2', abort.signal);
    expect(() => slots.refuseIfFull('A')).toThrow(ClientShareTakenError);
    abort.abort();
    await expect(leaving.done).rejects.toBeInstanceOf(JobAbortedError);
    expect(slots.load).toEqual({ running: 1, waiting: 0 });
    expect(() => slots.refuseIfFull('A')).not.toThrow();
    running.release();
    await running.done;
  });
});
