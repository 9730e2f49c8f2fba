/** Too much work is already waiting: the caller should come back later (429). */
export class BusyError extends Error {
  constructor(
    readonly queue: string,
    readonly retryAfterSeconds: number,
  ) {
    super(`The ${queue} queue is full`);
    this.name = 'BusyError';
  }
}

/** The job's client went away: its work was stopped, and nobody waits for an answer. */
export class JobAbortedError extends Error {
  constructor() {
    super('The client went away; the job was stopped');
    this.name = 'JobAbortedError';
  }
}

/** The job's time ran out, queued or running. */
export class DeadlineExceededError extends Error {
  constructor(readonly timeLimitMs: number) {
    super(`Job timed out after ${timeLimitMs} ms`);
    this.name = 'DeadlineExceededError';
  }
}

export interface SlotRequest {
  /** Epoch ms by which the work must be done; waiting counts against it. */
  deadline: number;
  timeLimitMs: number;
  signal?: AbortSignal;
}

interface Waiter {
  grant: () => void;
  fail: (error: Error) => void;
}

/**
 * At most `concurrency` tasks at once and at most `maxQueue` waiting. A full
 * queue refuses at once (back-pressure instead of piling up memory); a waiter
 * whose deadline passes or whose client goes away leaves the queue.
 */
export class Limiter {
  private running = 0;
  private readonly waiting: Waiter[] = [];

  constructor(
    readonly name: string,
    private concurrency: number,
    private maxQueue: number,
  ) {}

  configure(concurrency: number, maxQueue: number): void {
    this.concurrency = concurrency;
    this.maxQueue = maxQueue;
  }

  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  async run<T>(request: SlotRequest, task: () => Promise<T>): Promise<T> {
    await this.acquire(request);
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  private acquire(request: SlotRequest): Promise<void> {
    if (request.signal?.aborted) return Promise.reject(new JobAbortedError());
    if (Date.now() >= request.deadline) return Promise.reject(new DeadlineExceededError(request.timeLimitMs));
    if (this.running < this.concurrency) {
      this.running++;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.maxQueue) return Promise.reject(new BusyError(this.name, 5));

    return new Promise<void>((resolve, reject) => {
      const leave = (error: Error) => {
        const index = this.waiting.indexOf(waiter);
        if (index >= 0) this.waiting.splice(index, 1);
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
        grant: () => {
          cleanUp();
          this.running++;
          resolve();
        },
        fail: leave,
      };
      request.signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(waiter);
    });
  }

  private release(): void {
    this.running--;
    const next = this.waiting.shift();
    if (next) next.grant();
  }
}
