import { randomUUID } from 'node:crypto';
import { chmod, rm } from 'node:fs/promises';
import { join } from 'node:path';
import execa from 'execa';
import { InvalidInputError } from '../refusals/input-errors';
import { confine, confinementEnabled, giveToEngines, makeEngineFolder, SANDBOX_INFO_FD, SandboxKiller } from './confinement';
import { DeadlineExceededError, JobAbortedError, Limiter } from './limiter';
import { currentEngineLimits, type EngineOptions } from './process';
import { feedSeccompFilter, sandboxStdio } from './seccomp';

/**
 * Calibre's ebook-convert (Debian `calibre`): e-books (EPUB, MOBI, AZW3, FB2,
 * text, DOCX) to PDF, and PDF to EPUB or AZW3. Confined like every engine (job
 * folder only, engine user, no network, seccomp), with what Calibre needs
 * inside: its configuration, cache and temporary folders and a home in a fresh
 * folder of the job (removed afterwards), Qt drawing off-screen, and the PDF
 * renderer (Qt WebEngine, a Chromium) without its own sandbox, which needs
 * namespaces the seccomp filter refuses (the bwrap sandbox stands in for it).
 *
 * Limits of its own: Calibre is slow and single-threaded (a 900 KB text, 1000
 * pages, takes 20 s of CPU), so one conversion runs at a time and others queue
 * (429 past the engines' queue length); each is stopped after
 * CALIBRE_TIME_LIMIT_MS, or before the job's own deadline, as a 400. Qt
 * WebEngine reserves tens of GB of address space it never touches, so memory is
 * capped on what each process writes (RLIMIT_DATA), not on addresses.
 */

const EBOOK_CONVERT = 'ebook-convert';

/** Conversions at once: Calibre takes a whole core, and the machine has other engines to run. */
const CALIBRE_CONCURRENCY = 1;

/** The longest one conversion may take: a 900 KB text (1000 pages) takes about 40 s on a busy 2-core machine. */
export const CALIBRE_TIME_LIMIT_MS = 180_000;

/** Time kept back from the job's deadline, so a conversion stopped for time is answered before the job times out. */
const DEADLINE_MARGIN_MS = 3_000;

/** Chromium switches for Qt WebEngine inside the sandbox: no sandbox of its own, no GPU, nothing fetched. */
const WEBENGINE_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-software-rasterizer', '--no-proxy-server', '--disable-background-networking'].join(' ');

let limiter: Limiter | undefined;

function calibreLimiter(): Limiter {
  limiter ??= new Limiter(EBOOK_CONVERT, CALIBRE_CONCURRENCY, currentEngineLimits().maxQueue);
  return limiter;
}

/** Calibre could not read or convert the file: damaged, or not the e-book it claims to be. */
export class EbookConversionError extends InvalidInputError {
  constructor(detail: string) {
    super(`The file could not be converted: ${detail}.`);
    this.name = 'EbookConversionError';
  }
}

/** The conversion took longer than one may take: the book is too long or too complex to convert here. */
export class EbookTooLongError extends InvalidInputError {
  constructor(readonly limitMs: number) {
    super(`The conversion was stopped after ${Math.round(limitMs / 1000)} s, the longest one may take: the file is too long or too complex to convert.`);
    this.name = 'EbookTooLongError';
  }
}

/**
 * Converts `input` to `output`, each format known by its extension (which the
 * caller chooses: fixed names in the job's folder), with ebook-convert's own
 * options. e.g. convertEbook('/job/book.epub', '/job/book.pdf', ['--pdf-add-toc'], engine)
 */
export async function convertEbook(input: string, output: string, options: readonly string[], engine: EngineOptions): Promise<void> {
  await calibreLimiter().run(engine, () => runCalibre([input, output, ...options], engine));
}

/** The folders Calibre writes besides its output, inside a fresh folder of the job. */
async function calibreHome(folder: string): Promise<{ root: string; env: Record<string, string> }> {
  const root = join(folder, `calibre-${randomUUID()}`);
  const [home, config, cache, temp, runtime] = ['home', 'config', 'cache', 'tmp', 'runtime'].map((name) => join(root, name));
  for (const path of [root, home, config, cache, temp, runtime]) await makeEngineFolder(path);
  // Qt refuses a runtime folder others may read.
  await chmod(runtime, 0o700);
  const env = {
    HOME: home,
    TMPDIR: temp,
    XDG_RUNTIME_DIR: runtime,
    XDG_CONFIG_HOME: config,
    XDG_CACHE_HOME: cache,
    CALIBRE_CONFIG_DIRECTORY: config,
    CALIBRE_CACHE_DIRECTORY: cache,
    CALIBRE_TEMP_DIR: temp,
    QT_QPA_PLATFORM: 'offscreen',
    QTWEBENGINE_CHROMIUM_FLAGS: WEBENGINE_FLAGS,
    QTWEBENGINE_DISABLE_SANDBOX: '1',
  };
  return { root, env };
}

async function runCalibre(args: readonly string[], engine: EngineOptions): Promise<void> {
  await giveToEngines(engine.folder);
  if (engine.signal?.aborted) throw new JobAbortedError();
  const remaining = engine.deadline - Date.now();
  if (remaining <= 0) throw new DeadlineExceededError(engine.timeLimitMs);
  const limitMs = Math.min(CALIBRE_TIME_LIMIT_MS, remaining - DEADLINE_MARGIN_MS);
  if (limitMs <= 0) throw new DeadlineExceededError(engine.timeLimitMs);
  const { root, env } = await calibreHome(engine.folder);
  try {
    await runConfined(args, env, engine, limitMs);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

/** One confined ebook-convert run, stopped (sandbox and all) past `limitMs` or when the client goes away. */
async function runConfined(args: readonly string[], env: Record<string, string>, engine: EngineOptions, limitMs: number): Promise<void> {
  const confined = confine(EBOOK_CONVERT, args, {
    writable: [engine.folder],
    env,
    dataMb: currentEngineLimits().memoryMb,
    infoFd: SANDBOX_INFO_FD,
    seccomp: true,
  });
  const child = execa(confined.command, confined.args, {
    cwd: engine.folder,
    reject: false,
    stdio: ['ignore', 'ignore', 'pipe', ...(confinementEnabled() ? sandboxStdio(true) : [])],
    env: { LC_ALL: 'C.UTF-8' },
    maxBuffer: 16 * 1024 * 1024,
  });
  feedSeccompFilter(child);
  engine.processes?.add(child);
  const killer = new SandboxKiller(child);
  let stopped: Error | undefined;
  const stop = (why: Error) => () => {
    stopped ??= why;
    killer.kill();
  };
  const watchdog = setTimeout(stop(new EbookTooLongError(limitMs)), limitMs);
  const abort = stop(new JobAbortedError());
  engine.signal?.addEventListener('abort', abort, { once: true });
  try {
    const result = await child;
    if (stopped) throw stopped;
    if (result.exitCode !== 0) throw new EbookConversionError(calibreComplaint(result.stderr));
  } finally {
    clearTimeout(watchdog);
    engine.signal?.removeEventListener('abort', abort);
  }
}

/**
 * What Calibre said went wrong, as a phrase without paths (the job folder's
 * name is nobody's business): the last exception of its traceback
 * ('MobiError: Unknown book type'), or a plain default.
 */
export function calibreComplaint(stderr: string): string {
  const raised = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /^[\w.]*(Error|Exception): \S/.test(line))
    .pop();
  const text = raised
    ?.replace(/^[\w.]*\.(?=\w+: )/, '')
    .replace(/'?\/[^\s'"]+'?/g, 'the file')
    .replace(/\.$/, '');
  return text && text.length <= 200 ? text : 'it is damaged or not a supported e-book';
}
