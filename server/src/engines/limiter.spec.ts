import { tmpdir } from 'node:os';
import { BusyError, DeadlineExceededError, Limiter } from './limiter';
import { configureEngineLimits, runProcess } from './process';

const inMs = (ms: number) => ({ deadline: Date.now() + ms, timeLimitMs: ms, folder: tmpdir() });

describe('Limiter', () => {
  it('runs at most `concurrency` tasks and refuses past the queue', async () => {
    const limiter = new Limiter('test', 1, 1);
    let release!: () => void;
    const first = limiter.run(inMs(1000), () => new Promise<void>((r) => (release = r)));
    const second = limiter.run(inMs(1000), async () => 'second');
    await expect(limiter.run(inMs(1000), async () => 'third')).rejects.toBeInstanceOf(BusyError);
    expect(limiter.load).toEqual({ running: 1, waiting: 1 });
    release();
    await first;
    await expect(second).resolves.toBe('second');
    expect(limiter.load).toEqual({ running: 0, waiting: 0 });
  });

  it('gives up waiting at the deadline', async () => {
    const limiter = new Limiter('test', 1, 5);
    let release!: () => void;
    const first = limiter.run(inMs(1000), () => new Promise<void>((r) => (release = r)));
    await expect(limiter.run(inMs(50), async () => 'late')).rejects.toBeInstanceOf(DeadlineExceededError);
    expect(limiter.load.waiting).toBe(0);
    release();
    await first;
  });
});

describe('runProcess', () => {
  afterAll(() => configureEngineLimits({ concurrency: 4, maxQueue: 64 }));

  it('kills an engine that passes the job deadline', async () => {
    const started = Date.now();
    await expect(runProcess('sleep', ['5'], inMs(200))).rejects.toBeInstanceOf(DeadlineExceededError);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('kills an engine when the job is aborted', async () => {
    const abort = new AbortController();
    const run = runProcess('sleep', ['5'], { ...inMs(10_000), signal: abort.signal });
    setTimeout(() => abort.abort(), 50);
    await expect(run).rejects.toThrow();
  });

  it('queues engine runs per engine and refuses when the queue is full', async () => {
    configureEngineLimits({ concurrency: 1, maxQueue: 0 });
    const first = runProcess('sleep', ['0.3'], inMs(5000));
    await expect(runProcess('sleep', ['0.1'], inMs(5000))).rejects.toBeInstanceOf(BusyError);
    await first;
  });
});
