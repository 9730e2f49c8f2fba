import { BusyError, DeadlineExceededError, JobAbortedError, type SlotRequest } from '../engines/limiter';
import { ClientShareTakenError } from './job-errors';

/** A job's claim on a slot: the limiter's request, and the client address it counts against. */
export interface SlotClaim extends SlotRequest {
  /** `clientAddress(req)` of the request that brought the job. */
  client: string;
}

interface Waiter {
  client: string;
  signal?: AbortSignal;
  grant: () => void;
}

/**
 * The slot limiter: the job slots of one process, shared fairly between client addresses: at
 * most `concurrency` jobs run and `maxQueue` wait, and one address may hold at
 * most `perClient` of them, running and waiting together (past either bound,
 * 429). A freed slot goes to the addresses in turn (round robin: the waiting
 * address served longest ago first), not to the oldest waiter: one address's
 * queued jobs do not hold back another's.
 */
export class SlotLimiter {
  private running = 0;
  private waitingCount = 0;
  /** Each address's waiters, oldest first. */
  private readonly waiting = new Map<string, Waiter[]>();
  /** Jobs each address has running or waiting. */
  private readonly held = new Map<string, number>();
  /** When each address holding jobs last got a slot (a count of slots given); one never served comes first. */
  private readonly servedAt = new Map<string, number>();
  private slotsGiven = 0;

  constructor(
    private readonly concurrency: number,
    private readonly maxQueue: number,
    private readonly perClient: number,
  ) {}

  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waitingCount };
  }

  /** Throws what a job from `client` would meet now: its address's share taken, or every slot and queue place (each a 429). */
  refuseIfFull(client: string): void {
    if ((this.held.get(client) ?? 0) >= this.perClient) throw new ClientShareTakenError(this.perClient);
    if (this.running >= this.concurrency && this.waitingCount >= this.maxQueue) throw new BusyError('jobs', 5);
  }

  /** Where the job sent with `signal` waits: 1 for the next to run; null when it is not waiting. */
  positionOf(signal: AbortSignal): number | null {
    const turns = this.turnOrder().map((client) => this.waiting.get(client)!);
    const turn = turns.findIndex((waiters) => waiters.some((w) => w.signal === signal));
    if (turn < 0) return null;
    const index = turns[turn].findIndex((w) => w.signal === signal);
    // Served in turns: every address ahead in the turn order gets one more go before this one's.
    const ahead = turns.reduce((sum, waiters, other) => (other === turn ? sum : sum + Math.min(waiters.length, index + (other < turn ? 1 : 0))), 0);
    return ahead + index + 1;
  }

  async run<T>(request: SlotClaim, task: () => Promise<T>): Promise<T> {
    await this.acquire(request);
    try {
      return await task();
    } finally {
      this.running--;
      this.countDown(request.client);
      this.grantNext();
    }
  }

  private acquire(request: SlotClaim): Promise<void> {
    if (request.signal?.aborted) return Promise.reject(new JobAbortedError());
    if (Date.now() >= request.deadline) return Promise.reject(new DeadlineExceededError(request.timeLimitMs));
    try {
      this.refuseIfFull(request.client);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    this.held.set(request.client, (this.held.get(request.client) ?? 0) + 1);
    if (this.running < this.concurrency) {
      this.give(request.client);
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const leave = (error: Error) => {
        this.remove(waiter);
        this.countDown(request.client);
        cleanUp();
        reject(error);
      };
      const timer = setTimeout(() => leave(new DeadlineExceededError(request.timeLimitMs)), Math.max(request.deadline - Date.now(), 0));
      const onAbort = () => leave(new JobAbortedError());
      const cleanUp = () => {
        clearTimeout(timer);
        request.signal?.removeEventListener('abort', onAbort);
      };
      const waiter: Waiter = {
        client: request.client,
        signal: request.signal,
        grant: () => {
          cleanUp();
          this.give(request.client);
          resolve();
        },
      };
      request.signal?.addEventListener('abort', onAbort, { once: true });
      const queue = this.waiting.get(request.client);
      if (queue) queue.push(waiter);
      else this.waiting.set(request.client, [waiter]);
      this.waitingCount++;
    });
  }

  /** The waiting addresses, the one to be served next first: served longest ago (or never), then waiting longest. */
  private turnOrder(): string[] {
    const servedAt = (client: string) => this.servedAt.get(client) ?? 0;
    return [...this.waiting.keys()].sort((a, b) => servedAt(a) - servedAt(b));
  }

  /** The freed slot goes to the oldest waiter of the address whose turn it is. */
  private grantNext(): void {
    const [client] = this.turnOrder();
    if (client === undefined) return;
    const waiters = this.waiting.get(client)!;
    const waiter = waiters.shift()!;
    if (waiters.length === 0) this.waiting.delete(client);
    this.waitingCount--;
    waiter.grant();
  }

  private give(client: string): void {
    this.running++;
    this.servedAt.set(client, ++this.slotsGiven);
  }

  private remove(waiter: Waiter): void {
    const waiters = this.waiting.get(waiter.client);
    const index = waiters?.indexOf(waiter) ?? -1;
    if (index < 0) return;
    waiters!.splice(index, 1);
    if (waiters!.length === 0) this.waiting.delete(waiter.client);
    this.waitingCount--;
  }

  /** One job of `client` has ended or left the queue. */
  private countDown(client: string): void {
    const count = (this.held.get(client) ?? 1) - 1;
    if (count > 0) this.held.set(client, count);
    else {
      this.held.delete(client);
      this.servedAt.delete(client);
    }
  }
}
