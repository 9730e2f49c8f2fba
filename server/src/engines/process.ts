import execa from 'execa';
import { DeadlineExceededError, Limiter, type SlotRequest } from './limiter';

/**
 * What every engine call gets from its job: the deadline (queueing counts) and
 * the abort signal that fires when the client goes away.
 */
export type EngineOptions = SlotRequest;

/** Per-engine concurrency, so one busy engine cannot starve the machine. */
const limiters = new Map<string, Limiter>();
let engineLimits = { concurrency: 4, maxQueue: 64 };

/** Sets every engine's concurrency and queue length (the server calls this at start-up). */
export function configureEngineLimits(concurrency: number, maxQueue: number): void {
  engineLimits = { concurrency, maxQueue };
  for (const limiter of limiters.values()) limiter.configure(concurrency, maxQueue);
}

function limiterFor(command: string): Limiter {
  let limiter = limiters.get(command);
  if (!limiter) {
    limiter = new Limiter(command, engineLimits.concurrency, engineLimits.maxQueue);
    limiters.set(command, limiter);
  }
  return limiter;
}

/** An engine that exited with a code it does not use for success. */
export class EngineFailedError extends Error {
  constructor(readonly command: string, readonly exitCode: number | undefined, readonly stderr: string) {
    super(`${command} failed (exit ${exitCode ?? 'signal'}): ${stderr.trim().split('\n').slice(-3).join(' | ')}`);
    this.name = 'EngineFailedError';
  }
}

export interface RunOptions extends EngineOptions {
  cwd?: string;
  /** Exit codes that still mean success (qpdf: 3 = succeeded with warnings). */
  okExitCodes?: readonly number[];
  /** Keep at most this much of stdout; default 64 MiB. */
  maxBuffer?: number;
}

export interface RunResult {
  stdout: string;
  stderr: string;
  exitCode: number;
}

/**
 * Runs an engine without a shell (arguments are never parsed, so file names
 * cannot inject anything), after waiting for a slot of that engine, killed when
 * the job's deadline passes or its client goes away.
 */
export function runProcess(command: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
  return limiterFor(command).run(options, () => spawnEngine(command, args, options));
}

async function spawnEngine(command: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
  const ok = options.okExitCodes ?? [0];
  return startEngine(command, args, options, { maxBuffer: options.maxBuffer ?? 64 * 1024 * 1024 }, async (child) => {
    const result = await child;
    if (result.timedOut) throw new DeadlineExceededError(options.timeLimitMs);
    if (result.failed && result.exitCode === undefined) throw new EngineFailedError(command, undefined, result.stderr || `terminated by ${result.signal ?? 'unknown cause'}`);
    if (!ok.includes(result.exitCode)) throw new EngineFailedError(command, result.exitCode, result.stderr);
    return { stdout: result.stdout, stderr: result.stderr, exitCode: result.exitCode };
  });
}

/**
 * Runs an engine for the size of what it writes to stdout, without keeping it,
 * stopping the engine as soon as that passes `limit` (then answers `limit + 1`).
 */
export function measureOutput(command: string, args: readonly string[], limit: number, options: RunOptions): Promise<number> {
  return limiterFor(command).run(options, () =>
    startEngine(command, args, options, { buffer: false, stderr: 'ignore' }, async (child) => {
      let bytes = 0;
      let overLimit = false;
      child.stdout?.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > limit && !overLimit) {
          overLimit = true;
          child.kill('SIGKILL');
        }
      });
      const result = await child;
      if (overLimit) return limit + 1;
      if (result.timedOut) throw new DeadlineExceededError(options.timeLimitMs);
      const ok = options.okExitCodes ?? [0];
      if (result.exitCode === undefined || !ok.includes(result.exitCode)) throw new EngineFailedError(command, result.exitCode, `stopped after ${bytes} bytes of output`);
      return bytes;
    }),
  );
}

/**
 * Starts an engine process for a job, without a shell, and hands it to
 * `finish`: killed when the job's deadline passes or its client goes away.
 */
async function startEngine<T>(
  command: string,
  args: readonly string[],
  options: RunOptions,
  output: execa.Options,
  finish: (child: execa.ExecaChildProcess) => Promise<T>,
): Promise<T> {
  const remaining = options.deadline - Date.now();
  if (remaining <= 0) throw new DeadlineExceededError(options.timeLimitMs);
  const child = execa(command, [...args], {
    cwd: options.cwd,
    timeout: remaining,
    killSignal: 'SIGKILL',
    reject: false,
    stdin: 'ignore',
    env: { LC_ALL: 'C.UTF-8' },
    extendEnv: true,
    ...output,
  });
  const abort = () => child.kill('SIGKILL');
  options.signal?.addEventListener('abort', abort, { once: true });
  try {
    return await finish(child);
  } finally {
    options.signal?.removeEventListener('abort', abort);
  }
}
