import execa from 'execa';

/** An engine run that did not finish in time; the process was killed. */
export class EngineTimeoutError extends Error {
  constructor(readonly command: string, readonly timeoutMs: number) {
    super(`${command} timed out after ${timeoutMs} ms`);
    this.name = 'EngineTimeoutError';
  }
}

/** An engine that exited with a code it does not use for success. */
export class EngineFailedError extends Error {
  constructor(readonly command: string, readonly exitCode: number | undefined, readonly stderr: string) {
    super(`${command} failed (exit ${exitCode ?? 'signal'}): ${stderr.trim().split('\n').slice(-3).join(' | ')}`);
    this.name = 'EngineFailedError';
  }
}

export interface RunOptions {
  /** Killed with SIGKILL after this long. Every external process has one. */
  timeoutMs: number;
  /** Killed at once when aborted (the client went away). */
  signal?: AbortSignal;
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
 * cannot inject anything), with a hard timeout and abort support.
 */
export async function runProcess(command: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
  const ok = options.okExitCodes ?? [0];
  const child = execa(command, [...args], {
    cwd: options.cwd,
    timeout: options.timeoutMs,
    killSignal: 'SIGKILL',
    reject: false,
    stdin: 'ignore',
    maxBuffer: options.maxBuffer ?? 64 * 1024 * 1024,
    env: { LC_ALL: 'C.UTF-8' },
    extendEnv: true,
  });
  const abort = () => child.kill('SIGKILL');
  options.signal?.addEventListener('abort', abort, { once: true });
  try {
    const result = await child;
    if (result.timedOut) throw new EngineTimeoutError(command, options.timeoutMs);
    if (result.failed && result.exitCode === undefined) throw new EngineFailedError(command, undefined, result.stderr || `terminated by ${result.signal ?? 'unknown cause'}`);
    if (!ok.includes(result.exitCode)) throw new EngineFailedError(command, result.exitCode, result.stderr);
    return { stdout: result.stdout, stderr: result.stderr, exitCode: result.exitCode };
  } finally {
    options.signal?.removeEventListener('abort', abort);
  }
}
