import execa from 'execa';
import { confine, confinementEnabled, giveToEngines, SANDBOX_INFO_FD, SandboxKiller } from './confinement';
import { DeadlineExceededError, JobAbortedError, Limiter, type SlotRequest } from './limiter';
import { feedSeccompFilter, sandboxStdio } from './seccomp';

/**
 * What every engine call gets from its job: the deadline (queueing counts),
 * the abort signal that fires when the client goes away, and the job's folder.
 */
export interface EngineOptions extends SlotRequest {
  /** The job's own folder: its engines read and write there and nowhere else (engines/confinement.ts). */
  folder: string;
  /** The job's running engine processes, so its clean-up can wait until they have exited (its workspace's PendingSet). */
  processes?: { add(work: Promise<unknown>): void };
  /** Pages of the job's documents, once counted: a run that declares no watchdog of its own gets one scaled to them. */
  pages?: number;
}

/** A signal that fires when either does: the job's own (absent outside a job) and a further reason to stop. */
export function anySignal(jobSignal: AbortSignal | undefined, also: AbortSignal): AbortSignal {
  return jobSignal ? AbortSignal.any([jobSignal, also]) : also;
}

/**
 * Where a wrapper writes an engine's request and scratch files: fresh paths in
 * the job's folder. A job's Workspace is one; engines need nothing else of it.
 */
export interface ScratchFiles {
  /** e.g. newPath('.json') → '/tmp/folio/req-x/3f2a….json' */
  newPath(extension?: string): string;
}

/** Per-engine concurrency, so one busy engine cannot starve the machine. */
const limiters = new Map<string, Limiter>();

export interface EngineLimits {
  /** Processes of one engine at once. */
  concurrency: number;
  /** Runs waiting per engine; past that, BusyError. */
  maxQueue: number;
  /** The time one page may take an engine (rendering, reading text, recognising), for `pageWatchdog`. */
  pageMs: number;
  /** Address space one engine process may take, in MiB. */
  memoryMb: number;
}

let engineLimits: EngineLimits = { concurrency: 4, maxQueue: 64, pageMs: 20_000, memoryMb: 3072 };

/** The engines' limits now. */
export function currentEngineLimits(): Readonly<EngineLimits> {
  return engineLimits;
}

/** Sets the engines' limits (the server calls this at start-up). */
export function configureEngineLimits(limits: Partial<EngineLimits>): void {
  engineLimits = { ...engineLimits, ...limits };
  for (const limiter of limiters.values()) limiter.configure(engineLimits.concurrency, engineLimits.maxQueue);
}

/** Time to start an engine and open a document, before its pages count. */
const WATCHDOG_BASE_MS = 10_000;

/**
 * A run's watchdog for work on `pages` pages (see RunOptions.watchdogMs):
 * generous, so only a run that is stuck (a renderer looping on one damaged
 * page) meets it long before the job's own time limit.
 */
export function pageWatchdog(pages: number): number {
  return WATCHDOG_BASE_MS + Math.max(1, pages) * engineLimits.pageMs;
}

/** Time one page adds to a run that reads a document's structure without drawing it (pdfinfo's page sizes). */
const READING_MS_PER_PAGE = 50;

/**
 * The watchdog of a run that reads a document without drawing or recognising
 * its pages (sizes, metadata): far shorter than `pageWatchdog`, so a reader
 * stuck on a damaged structure is stopped well before the job's limit even on
 * a long document.
 */
export function readingWatchdog(pages: number): number {
  return WATCHDOG_BASE_MS + Math.max(1, pages) * READING_MS_PER_PAGE;
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
  constructor(
    readonly command: string,
    readonly exitCode: number | undefined,
    readonly stderr: string,
  ) {
    super(`${command} failed (exit ${exitCode ?? 'signal'}): ${stderr.trim().split('\n').slice(-3).join(' | ')}`);
    this.name = 'EngineFailedError';
  }
}

/**
 * An engine died of a signal nobody here sent (a segfault, an abort on running
 * out of its memory limit, the kernel's out-of-memory killer) while reading a
 * job's file: as far as anyone can tell, the file made it crash.
 */
export class EngineCrashedError extends Error {
  constructor(
    readonly command: string,
    readonly signal: string,
  ) {
    super(`${command} crashed (${signal}) on the file`);
    this.name = 'EngineCrashedError';
  }
}

/**
 * An engine run took longer than the time its work should take (a renderer
 * looping on one damaged page): stopped long before the job's own limit, so
 * it does not hold its slot. The document's fault, as far as anyone can tell.
 */
export class EngineStalledError extends Error {
  constructor(
    readonly command: string,
    readonly watchdogMs: number,
  ) {
    super(`${command} was stopped after ${Math.round(watchdogMs / 1000)} s, far longer than its work should take`);
    this.name = 'EngineStalledError';
  }
}

export interface RunOptions extends EngineOptions {
  cwd?: string;
  /**
   * This run's own time limit, scaled to its work (so much per page rendered),
   * inside the job's deadline. Past it the engine is stopped: EngineStalledError.
   * Without one, a run gets `pageWatchdog` of the job's pages (EngineOptions.pages).
   */
  watchdogMs?: number;
  /** Paths outside the job's folder the engine may read (the system is always readable). */
  readable?: readonly string[];
  /** Environment inside the sandbox, besides PATH, HOME, TMPDIR (the job's folder unless given) and LC_ALL. */
  env?: Readonly<Record<string, string>>;
  /** Exit codes that still mean success (qpdf: 3 = succeeded with warnings). */
  okExitCodes?: readonly number[];
  /** Keep at most this much of stdout; default 64 MiB. */
  maxBuffer?: number;
  /** Called with each line the engine writes to stderr as it comes (progress lines such as pdftoppm's `-progress`). */
  onStderrLine?: (line: string) => void;
  /**
   * Run at a low CPU priority (nice 10): work that races the job's own and only counts if it
   * finishes beside it (Compress's Ghostscript candidate), so it takes the cores the job leaves idle.
   */
  background?: boolean;
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
  return startEngine(command, args, options, { maxBuffer: options.maxBuffer ?? 64 * 1024 * 1024 }, async ({ child, outcome }) => {
    const result = await child;
    const stopped = outcome();
    if (stopped) throw stopped;
    if (result.failed && result.exitCode === undefined) throw new EngineCrashedError(command, result.signal ?? 'an unknown signal');
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
    startEngine(command, args, options, { buffer: false, stderr: 'ignore' }, async ({ child, outcome, stop }) => {
      let bytes = 0;
      let overLimit = false;
      child.stdout?.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > limit && !overLimit) {
          overLimit = true;
          stop();
        }
      });
      const result = await child;
      if (overLimit) return limit + 1;
      const stopped = outcome();
      if (stopped) throw stopped;
      const ok = options.okExitCodes ?? [0];
      if (result.exitCode === undefined || !ok.includes(result.exitCode))
        throw new EngineFailedError(command, result.exitCode, `stopped after ${bytes} bytes of output`);
      return bytes;
    }),
  );
}

/** A started engine, as `startEngine` hands it over. */
interface StartedEngine {
  child: execa.ExecaChildProcess;
  /** Stops the engine and everything in its sandbox. */
  stop: () => void;
  /** Why the engine was stopped, when it was: its watchdog, the job's deadline, or its client leaving. */
  outcome: () => Error | undefined;
}

/**
 * Starts an engine process for a job, confined to the job's folder, without a
 * shell, and hands it to `finish`: stopped, sandbox and all, when the job's
 * deadline or the run's watchdog passes, or its client goes away.
 */
async function startEngine<T>(
  command: string,
  args: readonly string[],
  options: RunOptions,
  output: { maxBuffer?: number; buffer?: boolean; stderr?: 'ignore' },
  finish: (engine: StartedEngine) => Promise<T>,
): Promise<T> {
  // Before the checks below: nothing may come between them and watching the signal and deadline.
  await giveToEngines(options.folder);
  if (options.signal?.aborted) throw new JobAbortedError();
  const remaining = options.deadline - Date.now();
  if (remaining <= 0) throw new DeadlineExceededError(options.timeLimitMs);
  const [program, programArgs] = options.background ? ['nice', ['-n', '10', command, ...args]] : [command, args];
  const confined = confine(program, programArgs, {
    writable: [options.folder],
    readable: options.readable,
    cwd: options.cwd,
    env: options.env,
    memoryMb: engineLimits.memoryMb,
    infoFd: SANDBOX_INFO_FD,
    seccomp: true,
  });
  const child = execa(confined.command, confined.args, {
    cwd: options.cwd ?? options.folder,
    reject: false,
    stdio: ['ignore', 'pipe', output.stderr ?? 'pipe', ...(confinementEnabled() ? sandboxStdio(true) : [])],
    env: { LC_ALL: 'C.UTF-8' },
    extendEnv: true,
    // Only when given: execa takes a key set to undefined as the setting (no buffering at all).
    ...(output.maxBuffer !== undefined ? { maxBuffer: output.maxBuffer } : {}),
    ...(output.buffer !== undefined ? { buffer: output.buffer } : {}),
  });
  feedSeccompFilter(child);
  options.processes?.add(child);
  if (options.onStderrLine) followLines(child.stderr, options.onStderrLine);
  const killer = new SandboxKiller(child);
  let reason: Error | undefined;
  const stopFor = (why: Error | undefined) => () => {
    reason ??= why;
    killer.kill();
  };
  // Every run has a watchdog: a stuck engine (Poppler walking a form whose fields share their kids, 2^40 times)
  // is the document's fault and answered as such long before the job's own limit.
  const watchdogMs = options.watchdogMs ?? pageWatchdog(options.pages ?? 1);
  const watchdogFirst = watchdogMs < remaining;
  const outOfTime = watchdogFirst ? new EngineStalledError(command, watchdogMs) : new DeadlineExceededError(options.timeLimitMs);
  const watchdog = setTimeout(stopFor(outOfTime), watchdogFirst ? watchdogMs : remaining);
  const abort = stopFor(new JobAbortedError());
  options.signal?.addEventListener('abort', abort, { once: true });
  try {
    return await finish({ child, stop: stopFor(undefined), outcome: () => reason });
  } finally {
    clearTimeout(watchdog);
    options.signal?.removeEventListener('abort', abort);
  }
}

/** Calls `onLine` with each complete line of `stream` as it arrives (the output is still buffered as usual). */
function followLines(stream: NodeJS.ReadableStream | null | undefined, onLine: (line: string) => void): void {
  if (!stream) return;
  let pending = '';
  stream.on('data', (chunk: Buffer | string) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) onLine(line);
  });
}
