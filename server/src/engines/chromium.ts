import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page, type Request, type Route } from 'playwright-core';
import { writeConfinedLauncher } from './confinement';
import { registerEngine, unregisterEngine } from './lifecycle';
import { withDeadline } from './deadline';
import { DeadlineExceededError, Limiter } from './limiter';
import { currentEngineLimits, type EngineOptions } from './process';

/**
 * The browser engine: one long-lived headless Debian Chromium, one isolated
 * context per job. Nothing a document references ever reaches the network or
 * the disk: every request the page makes is intercepted, the document and the
 * upload's own files are answered from memory under a private origin, and
 * everything else is aborted. Flags add a second fence (no DNS, a dead proxy)
 * for anything that might slip past the interception, and the browser runs
 * confined (engines/confinement.ts): no network namespace of its own to reach
 * anything through, no job folders, a private /tmp. A document's scripts get a
 * few seconds of CPU; past that its page is killed and the rest of the browser
 * goes on.
 */

export interface HtmlDocument {
  html: string;
  /** The upload's own files, by path relative to the document (e.g. 'img/logo.png'); undefined = not found (404). */
  asset?: (relativePath: string) => Promise<{ body: Buffer; contentType: string } | undefined>;
  /** Let the page's own scripts run (sandboxed, no network). Default false. */
  javaScript?: boolean;
}

export interface PdfPageOptions {
  format: 'A4' | 'Letter' | 'Legal' | 'A3';
  /** CSS lengths; default 15 mm on every side. */
  margin?: { top: string; right: string; bottom: string; left: string };
  /** Default true. */
  printBackground?: boolean;
}

/** The document's scripts kept the page busy past SCRIPT_CPU_LIMIT_MS (a `while (true) {}`); the page was killed. */
export class DocumentScriptTimeoutError extends Error {
  constructor(readonly limitMs: number) {
    super(`The document's scripts ran for more than ${limitMs / 1000} s and were stopped.`);
    this.name = 'DocumentScriptTimeoutError';
  }
}

/** The renderer process died while printing (a crash, or it ran out of memory). */
export class BrowserCrashedError extends Error {
  constructor(detail: string) {
    super(`The browser failed while rendering the document: ${detail}`);
    this.name = 'BrowserCrashedError';
  }
}

const EXECUTABLE = '/usr/bin/chromium';
/** Where the confined launcher Playwright starts is written (one per server process). */
const LAUNCHER_DIR = join(tmpdir(), `folio-chromium-${process.pid}`);
/** CPU time a document's scripts may take in all before its page is killed. */
const SCRIPT_CPU_LIMIT_MS = 5_000;
/** How often that time is read (DevTools answers even while a script loops). */
const SCRIPT_POLL_MS = 200;
/** The document lives here; `.invalid` can never resolve (RFC 2606), so nothing real shares this origin. */
const DOCUMENT_ORIGIN = 'http://document.invalid';
const DOCUMENT_URL = `${DOCUMENT_ORIGIN}/document.html`;
/** Exact paper sizes (Chromium's own A4 is 8.27 × 11.7 in, a point too large either way). */
const PAPER_SIZES: Record<PdfPageOptions['format'], { width: string; height: string }> = {
  A4: { width: '210mm', height: '297mm' },
  A3: { width: '297mm', height: '420mm' },
  Letter: { width: '8.5in', height: '11in' },
  Legal: { width: '8.5in', height: '14in' },
};
const DEFAULT_MARGIN = { top: '15mm', right: '15mm', bottom: '15mm', left: '15mm' };
/** Pages at once: each is a renderer process with its own memory. */
const PAGE_CONCURRENCY = 2;
const PAGE_QUEUE = 64;
/** After a deadline, how long a stuck context gets to close before the whole browser is restarted. */
const CLOSE_GRACE_MS = 3_000;

const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--disable-default-apps',
  '--disable-extensions',
  '--disable-breakpad',
  '--disable-domain-reliability',
  '--disable-client-side-phishing-detection',
  '--disable-dev-shm-usage',
  '--metrics-recording-only',
  '--mute-audio',
  '--no-pings',
  // Second fence: should a request ever escape interception, no name resolves
  // and every connection, loopback included, goes to a proxy that is not there.
  '--host-resolver-rules=MAP * ~NOTFOUND',
  '--proxy-server=http://127.0.0.1:9',
  '--proxy-bypass-list=<-loopback>',
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
];

const pages = new Limiter('chromium', PAGE_CONCURRENCY, PAGE_QUEUE);
let launching: Promise<Browser> | undefined;

/** Starts the browser on first use; a browser that died is replaced on the next call. */
function browser(): Promise<Browser> {
  if (!launching) {
    const started = confinedLauncher().then((executablePath) => chromium.launch({ executablePath, headless: true, args: LAUNCH_ARGS, chromiumSandbox: false }));
    launching = started;
    started.then(
      (b) => {
        b.on('disconnected', () => {
          if (launching === started) {
            launching = undefined;
            unregisterEngine('chromium');
          }
        });
        registerEngine('chromium', stopChromium);
      },
      () => {
        if (launching === started) launching = undefined;
      },
    );
  }
  return launching;
}

/** The browser's executable for Playwright: a launcher that starts Debian's Chromium confined, with nothing of the host writable. */
async function confinedLauncher(): Promise<string> {
  const launcher = join(LAUNCHER_DIR, 'chromium');
  await mkdir(LAUNCHER_DIR, { recursive: true });
  // Its renderers keep shared memory in /tmp (--disable-dev-shm-usage): room for large pages. Each of its
  // processes (browser, renderers, utilities) may write as much memory as any other engine process; the
  // browser reserves far more address space than it uses, so the cap is on written memory, not on addresses.
  await writeConfinedLauncher(launcher, EXECUTABLE, { writable: [], tmpSizeMb: 2048, dataMb: currentEngineLimits().memoryMb });
  return launcher;
}

/** Closes the browser (server shutdown); the next job starts a fresh one. */
export async function stopChromium(): Promise<void> {
  const current = launching;
  launching = undefined;
  unregisterEngine('chromium');
  if (!current) return;
  const b = await current.catch(() => undefined);
  await b?.close().catch(() => undefined);
  await rm(LAUNCHER_DIR, { recursive: true, force: true });
}

/**
 * Kills the browser outright (a renderer that will not close, or a test of
 * recovery). Playwright does not expose the process, so it is found among this
 * server's own children; there is one browser per server process.
 */
export async function killChromium(): Promise<void> {
  for (const pid of await browserPids()) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

/**
 * Child processes of this Node process that run the browser: its confined
 * launcher (bwrap, whose arguments name the browser), or the browser itself
 * when unconfined (Debian's wrapper execs the real binary, keeping the pid).
 */
export async function browserPids(): Promise<number[]> {
  const pids: number[] = [];
  const entries = await readdir('/proc').catch(() => [] as string[]);
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // Format: pid (comm) state ppid ...; comm may contain spaces, so split after the last ')'.
    const close = stat.lastIndexOf(')');
    if (close < 0) continue;
    const ppid = Number(stat.slice(close + 2).split(' ')[1]);
    if (ppid !== process.pid) continue;
    const commandLine = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (commandLine.split('\0').some((arg) => arg === EXECUTABLE || /chrom/i.test(arg.split('/').pop() ?? ''))) pids.push(Number(entry));
  }
  return pids;
}

/** Current load of the page limiter (tests and diagnostics). */
export function chromiumLoad(): { running: number; waiting: number } {
  return pages.load;
}

/**
 * Renders `doc` to a PDF at `output`, within the job's deadline. Waiting for a
 * page slot counts against the deadline; past it, the page is torn down and
 * DeadlineExceededError is thrown (the runner's timeout answer).
 */
export function renderHtmlToPdf(doc: HtmlDocument, output: string, page: PdfPageOptions, engine: EngineOptions): Promise<void> {
  return pages.run(engine, async () => {
    try {
      await renderInContext(doc, output, page, engine);
    } catch (error) {
      // Killed or crashed between jobs, found dead only once the page was open: once more with a new
      // browser. A document that crashes it again fails as it did.
      if (!(error instanceof BrowserCrashedError) || engine.signal?.aborted || Date.now() >= engine.deadline) throw error;
      await forgetDeadBrowser();
      await renderInContext(doc, output, page, engine);
    }
  });
}

/** Lets the next job launch a new browser when the current one has gone, even before 'disconnected' arrives. */
async function forgetDeadBrowser(): Promise<void> {
  const current = launching;
  const b = await current?.catch(() => undefined);
  if (launching === current && (!b || !b.isConnected())) launching = undefined;
}

async function renderInContext(doc: HtmlDocument, output: string, pageOptions: PdfPageOptions, engine: EngineOptions): Promise<void> {
  if (Date.now() >= engine.deadline) throw new DeadlineExceededError(engine.timeLimitMs);
  const b = await withDeadline(browser(), engine);
  const context = await newContext(b, doc, engine).catch(async (error: unknown) => {
    // Killed or crashed since the last job, before 'disconnected' arrived: once more with a new browser.
    if (b.isConnected()) throw error;
    if (launching && (await launching.catch(() => undefined)) === b) launching = undefined;
    return newContext(await withDeadline(browser(), engine), doc, engine);
  });
  let closed = false;
  const closeContext = async () => {
    if (closed) return;
    closed = true;
    await context.close().catch(() => undefined);
  };
  try {
    const work = printInPage(context, doc, output, pageOptions);
    await withDeadline(work, engine, () => {
      work.catch(() => undefined);
    });
  } catch (error) {
    if (error instanceof DeadlineExceededError || error instanceof DocumentScriptTimeoutError || engine.signal?.aborted) await closeOrKill(closeContext);
    throw translate(error, context.browser());
  } finally {
    await closeContext();
  }
}

async function newContext(b: Browser, doc: HtmlDocument, engine: EngineOptions): Promise<BrowserContext> {
  const context = await withDeadline(b.newContext({ javaScriptEnabled: doc.javaScript === true, serviceWorkers: 'block', acceptDownloads: false }), engine);
  await fenceContext(context, doc);
  return context;
}

/** Loads the document in a fresh tab of the fenced context and prints it; rejects if the renderer crashes. */
async function printInPage(context: BrowserContext, doc: HtmlDocument, output: string, pageOptions: PdfPageOptions): Promise<void> {
  const tab = await context.newPage();
  // Pop-ups would be new pages in this context (so still fenced); close them anyway.
  context.on('page', (popup) => {
    if (popup !== tab) void popup.close().catch(() => undefined);
  });
  const crash = new Promise<never>((_, reject) => tab.once('crash', () => reject(new BrowserCrashedError('the page crashed'))));
  crash.catch(() => undefined);
  let stopScripts!: (error: Error) => void;
  const scriptsStopped = new Promise<never>((_, reject) => (stopScripts = reject));
  scriptsStopped.catch(() => undefined);
  const work = (async () => {
    // Not goto's own 'load': after a refused navigation (a form the page
    // submits, a meta refresh) Playwright loses track of the load, though the
    // page does load. The protocol's load event covers pages without scripts;
    // asking the page covers the rest.
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Page.enable');
    if (doc.javaScript) void limitScripts(cdp, stopScripts);
    const loadEvent = new Promise<void>((resolve) => cdp.once('Page.loadEventFired', () => resolve()));
    await tab.goto(DOCUMENT_URL, { waitUntil: 'commit', timeout: 0 });
    await Promise.race([loadEvent, doc.javaScript ? documentComplete(tab) : new Promise<never>(() => undefined)]);
    await tab.pdf({
      path: output,
      ...PAPER_SIZES[pageOptions.format],
      margin: pageOptions.margin ?? DEFAULT_MARGIN,
      printBackground: pageOptions.printBackground ?? true,
      preferCSSPageSize: false,
    });
  })();
  work.catch(() => undefined);
  await Promise.race([work, crash, scriptsStopped]);
}

/**
 * Reads the page's script time while it loads and prints; past the limit,
 * stops the running script and reports DocumentScriptTimeoutError (the caller
 * then closes the page's context). Ends quietly once the page is gone.
 */
async function limitScripts(cdp: CDPSession, report: (error: Error) => void): Promise<void> {
  try {
    await cdp.send('Performance.enable');
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, SCRIPT_POLL_MS));
      const { metrics } = await cdp.send('Performance.getMetrics');
      const seconds = metrics.find((metric) => metric.name === 'ScriptDuration')?.value ?? 0;
      if (seconds * 1000 > SCRIPT_CPU_LIMIT_MS) {
        await cdp.send('Runtime.terminateExecution').catch(() => undefined);
        report(new DocumentScriptTimeoutError(SCRIPT_CPU_LIMIT_MS));
        return;
      }
    }
  } catch {
    // The page or its session closed: printing finished or failed.
  }
}

/** Resolves once the document reports it has loaded; polls from outside the page. */
async function documentComplete(tab: Page): Promise<void> {
  for (;;) {
    const state = await tab.evaluate('document.readyState').catch(() => undefined);
    if (state === 'complete') return;
    if (tab.isClosed()) throw new Error('The page closed while loading');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A hung renderer can make context.close() hang too; then the browser goes, and is relaunched next time. */
async function closeOrKill(closeContext: () => Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), CLOSE_GRACE_MS);
  });
  const outcome = await Promise.race([closeContext().then(() => 'closed' as const), gaveUp]);
  clearTimeout(timer);
  if (outcome === 'timeout') await killChromium();
}

function translate(error: unknown, b: Browser | null): unknown {
  if (error instanceof DeadlineExceededError || error instanceof BrowserCrashedError || error instanceof DocumentScriptTimeoutError) return error;
  if (b && !b.isConnected()) return new BrowserCrashedError('the browser exited');
  return error;
}

/**
 * The interception: the document and its own files come from memory under the
 * private origin; every other request (file:, other hosts, private addresses,
 * anything a redirect would lead to) is aborted before it leaves the browser.
 * Nothing is ever fetched, so there are no redirects to follow.
 */
async function fenceContext(context: BrowserContext, doc: HtmlDocument): Promise<void> {
  let documentServed = false;
  await context.route('**/*', async (route) => {
    const request = route.request();
    const serveDocument = isMainFrameNavigation(request) && request.url() === DOCUMENT_URL && request.method() === 'GET' && !documentServed;
    if (serveDocument) documentServed = true;
    try {
      await answer(route, doc, serveDocument);
    } catch {
      // asset() failed, or the page is gone (context closed at the deadline):
      // a request left unanswered would hold the page's load until the deadline.
      await route.abort('failed').catch(() => undefined);
    }
  });
  await context.routeWebSocket(/.*/, (socket) => {
    void socket.close({ code: 1008, reason: 'blocked' }).catch(() => undefined);
  });
}

/**
 * The main frame gets the document once; any later navigation of it (meta
 * refresh, form submission, location changes) is dropped, so the document
 * stays and no error page ends up in the PDF. Frames and subresources get the
 * upload's own files, or nothing.
 */
async function answer(route: Route, doc: HtmlDocument, serveDocument: boolean): Promise<void> {
  const request = route.request();
  if (serveDocument) return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: doc.html });
  const url = safeUrl(request.url());
  const ownFile = url?.origin === DOCUMENT_ORIGIN && ['GET', 'HEAD'].includes(request.method()) && !isMainFrameNavigation(request);
  if (!ownFile || !doc.asset) return refuse(route);
  const relativePath = url && assetPath(url);
  const file = relativePath === undefined ? undefined : await doc.asset(relativePath);
  if (!file) return refuse(route);
  await route.fulfill({ status: 200, contentType: file.contentType, body: file.body });
}

/** A page's first navigation is issued before its frame exists; that one is a main frame's too. */
function isMainFrameNavigation(request: Request): boolean {
  if (!request.isNavigationRequest()) return false;
  try {
    return request.frame().parentFrame() === null;
  } catch {
    return true;
  }
}

/** A refused navigation is dropped as aborted (the frame stays put, no error page); anything else fails as blocked. */
function refuse(route: Route): Promise<void> {
  if (route.request().isNavigationRequest()) return route.abort('aborted');
  return route.abort('blockedbyclient');
}

/** The path under the private origin, decoded, without the leading slash; undefined if it cannot be decoded. */
function assetPath(url: URL): string | undefined {
  try {
    const path = decodeURIComponent(url.pathname.replace(/^\/+/, ''));
    return path === '' ? undefined : path;
  } catch {
    return undefined;
  }
}

function safeUrl(raw: string): URL | undefined {
  try {
    return new URL(raw);
  } catch {
    return undefined;
  }
}
