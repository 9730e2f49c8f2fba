import { readFileSync } from 'node:fs';
import { SHARED_TEXTS, toolPath, type AnyTool } from '@folio/registry';
import type { BrowserContext, Locator, Page } from 'playwright-core';

/**
 * The browser scenario contract: every registered tool has `web/e2e/scenarios/<id>.scenario.ts`,
 * default-exporting `defineScenario(<camelId>Tool, [...cases])`, or `noBrowserRun(<camelId>Tool,
 * reason)` where a browser run makes no sense. `web/e2e/tool-scenarios.ts` finds the files by
 * name and runs each case on a new page, in a browser context emptied of what earlier cases
 * stored, one built app per tool category.
 *
 * Helpers here read the tool's declaration only; anything about one tool belongs in its scenario.
 */

/** Engines (office suite, headless browser, OCR) take seconds per run, more on a busy machine. */
export const RESULT_WAIT_MS = 150_000;
/** How long a result already on the page may take to be drawn in its preview. */
const PREVIEW_WAIT_MS = 30_000;
/** A case's whole time limit: a result wait plus the upload and the checks around it. */
export const CASE_TIMEOUT_MS = 180_000;

/** A file as a visitor would choose it. e.g. `{ name: 'scan.pdf', mimeType: 'application/pdf', buffer }` */
export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** What the browser saved when the visitor clicked the download button. */
export interface DownloadedFile {
  /** The saved file's content. */
  bytes: Buffer;
  /** The name the browser suggested saving it under. e.g. 'rotated.pdf' */
  name: string;
  /** The download button's text. e.g. 'Download Cropped PDF' */
  buttonText: string;
}

export interface RunOptions {
  /** The success toast to wait for, where it differs from `tool.toast.success` (a `{FORMAT}` filled in). */
  toast?: string;
}

export interface RunResult {
  /** The window the page opened with the result (tools whose result kind is `html`). */
  popup?: Page;
}

/** What one case gets: a new page with nothing stored for the app, and helpers bound to the tool. */
export interface ScenarioContext<T extends AnyTool = AnyTool> {
  tool: T;
  page: Page;
  /** The page's browser context: new tabs and windows open here (and are closed after the case). */
  context: BrowserContext;
  /** The running app. e.g. 'http://127.0.0.1:23456' */
  baseUrl: string;
  /** Goes to `/tools/<category>/<id>`; waits for the title, and checks the notice where one is declared. */
  open(): Promise<void>;
  /** Goes to the home page and clicks the tool's card, as a visitor would; then as `open`. */
  openFromHome(): Promise<void>;
  /** Chooses files in the file area. */
  chooseFiles(files: readonly UploadFile[]): Promise<void>;
  /** The action button. e.g. 'Rotate PDF' */
  actionButton(): Locator;
  /** Clicks the action button and waits for the success toast (`tool.toast.success` unless given). */
  run(options?: RunOptions): Promise<RunResult>;
  /** Waits for a toast holding `text` and returns the toast's whole text. */
  waitForToast(text: string | RegExp): Promise<string>;
  /** Waits for the shared error toast and returns its whole text. */
  errorToast(): Promise<string>;
  /**
   * Checks the result is shown as its declared kind says: for `pdf` a preview
   * whose first pages are drawn with ink on them (and no dialog opened by the
   * document's scripts), or, for a result that needs a password (`locked`),
   * the preview saying so; a text box for `text`.
   */
  expectResultView(options?: { locked?: boolean }): Promise<void>;
  /** Clicks the download button and returns what the browser saved. */
  download(): Promise<DownloadedFile>;
}

/** One browser case of a tool. `name` becomes the jest test's title. */
export interface ScenarioCase<T extends AnyTool = AnyTool> {
  name: string;
  run: (ctx: ScenarioContext<T>) => Promise<void>;
}

/** A tool's browser scenario: its cases, or the reason it has none. */
export type Scenario =
  { tool: AnyTool; cases: readonly ScenarioCase[]; noBrowserRun?: undefined } | { tool: AnyTool; cases: readonly []; noBrowserRun: string };

/** Declares the browser cases of `tool` (the registry declaration, e.g. `rotateTool`). */
export function defineScenario<const T extends AnyTool>(tool: T, cases: readonly ScenarioCase<T>[]): Scenario {
  return { tool, cases: cases as readonly ScenarioCase[] };
}

/** Declares that `tool` has no browser case, and why (shown as a skipped test). */
export function noBrowserRun(tool: AnyTool, reason: string): Scenario {
  return { tool, cases: [], noBrowserRun: reason };
}

/** A PDF upload. */
export function pdfUpload(name: string, buffer: Buffer): UploadFile {
  return { name, mimeType: 'application/pdf', buffer };
}

/** Any other upload, from text or bytes. */
export function fileUpload(name: string, mimeType: string, content: string | Buffer): UploadFile {
  return { name, mimeType, buffer: Buffer.isBuffer(content) ? content : Buffer.from(content) };
}

/** Builds the context for one case; the suite owns the browser, the app and the context's life. */
export function scenarioContext<T extends AnyTool>(tool: T, page: Page, baseUrl: string): ScenarioContext<T> {
  const context = page.context();
  // The app never opens a dialog; one means a document's script ran in the page.
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss().catch(() => undefined);
  });
  const toast = (text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text });
  const waitForToast = async (text: string | RegExp) => {
    const found = toast(text).first();
    await found.waitFor({ timeout: RESULT_WAIT_MS });
    return found.innerText();
  };
  const actionButton = () => page.getByRole('button', { name: tool.action.label, exact: true });
  const showsTool = async () => {
    await page.getByRole('heading', { level: 1, name: tool.title }).waitFor();
    if (tool.notice) expect(await page.getByTestId('tool-notice').innerText()).toContain(tool.notice);
  };

  return {
    tool,
    page,
    context,
    baseUrl,
    async open() {
      await page.goto(`${baseUrl}${toolPath(tool)}`);
      await showsTool();
    },
    async openFromHome() {
      await page.goto(baseUrl);
      // By the card's title alone: another card's subtitle may hold the words (Fill PDF Form's "…and flatten it").
      const title = page.locator('.tool-card-link__title').getByText(tool.title, { exact: true });
      await page.getByTestId('tool-card').filter({ has: title }).first().click();
      await page.waitForURL(`**${toolPath(tool)}`);
      await showsTool();
    },
    async chooseFiles(files) {
      await page.getByTestId('file-input').setInputFiles([...files]);
    },
    actionButton,
    async run(options = {}) {
      const success = options.toast ?? tool.toast.success;
      if (/\{[A-Z]+\}/.test(success)) {
        throw new Error(`Tool "${tool.id}": its success toast "${success}" has a placeholder; pass the expected text as run({ toast }).`);
      }
      const popup = tool.result.kind === 'html' ? context.waitForEvent('page', { timeout: RESULT_WAIT_MS }) : undefined;
      await actionButton().click();
      await waitForToast(success);
      if (!popup) return {};
      const opened = await popup;
      await opened.waitForLoadState();
      return { popup: opened };
    },
    waitForToast,
    errorToast: () => waitForToast(SHARED_TEXTS.errorToastTitle),
    async expectResultView(options = {}) {
      const preview = page.getByTestId('result-preview');
      expect(await preview.count()).toBe(tool.result.kind === 'pdf' ? 1 : 0);
      if (tool.result.kind === 'pdf' && options.locked) {
        await page.locator('[data-testid="result-preview"][data-state="locked"]').waitFor({ timeout: PREVIEW_WAIT_MS });
        expect(await preview.innerText()).toContain('opens only with its password');
      } else if (tool.result.kind === 'pdf') {
        await preview.locator('[data-page="1"][data-drawn]').waitFor({ timeout: PREVIEW_WAIT_MS });
        // The second page is near enough to be drawn too: a blank first page is not a blank result.
        if (Number(await preview.getAttribute('data-page-count')) > 1)
          await preview.locator('[data-page="2"][data-drawn]').waitFor({ timeout: PREVIEW_WAIT_MS });
        const inked = await Promise.all((await preview.locator('[data-drawn] canvas').all()).map((canvas) => canvas.evaluate(inkedPixelCount)));
        expect(Math.max(...inked)).toBeGreaterThan(0);
        expect(dialogs).toEqual([]);
      }
      if (tool.result.kind === 'text') await page.getByTestId('result-text').waitFor();
    },
    async download() {
      const button = page.getByTestId('download-result');
      const [saved] = await Promise.all([page.waitForEvent('download'), button.click()]);
      const path = await saved.path();
      if (!path) throw new Error(`Tool "${tool.id}": the download failed (${await saved.failure()}).`);
      return { bytes: readFileSync(path), name: saved.suggestedFilename(), buttonText: await button.innerText() };
    },
  };
}

/** Scenario files found in a folder, as `loadScenarioFiles` (tool-scenarios.ts) loads them. */
export interface LoadedScenarioFile {
  /** e.g. 'rotate.scenario.ts' */
  file: string;
  scenario?: Scenario;
  /** Why the file could not be used as a scenario (it threw, or exports no scenario). */
  loadError?: string;
}

export const SCENARIO_SUFFIX = '.scenario.ts';

/** The registry's export name for a tool id (G9). e.g. 'pdf-to-word' → 'pdfToWordTool' */
const camelTool = (id: string) => `${id.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase())}Tool`;

/**
 * Everything wrong between the registered tools and the scenario files, one message per problem,
 * each naming the tool and the file to add or fix. Empty when every tool has exactly one usable scenario.
 */
export function scenarioProblems(registered: readonly Pick<AnyTool, 'id'>[], loaded: readonly LoadedScenarioFile[]): string[] {
  const problems: string[] = [];
  const registeredIds = new Set(registered.map((t) => t.id));
  const covered = new Set<string>();
  for (const { file, scenario, loadError } of loaded) {
    const where = `web/e2e/scenarios/${file}`;
    const fileId = file.slice(0, -SCENARIO_SUFFIX.length);
    if (loadError || !scenario) {
      problems.push(
        `${where}: ${loadError ?? 'no default export'}; it must \`export default defineScenario(<tool>, [...])\` or \`noBrowserRun(<tool>, reason)\`.`,
      );
      continue;
    }
    const id = scenario.tool?.id;
    if (!id) {
      problems.push(`${where}: the tool it passes is undefined; pass the registered declaration, e.g. import { ${camelTool(fileId)} } from '@folio/registry'.`);
      continue;
    }
    if (!registeredIds.has(id))
      problems.push(`${where}: tool "${id}" is not registered (no registry/${id}.tool.ts in registry/index.ts); remove the file or register the tool.`);
    if (id !== fileId) problems.push(`${where}: its scenario is for tool "${id}"; rename the file to ${id}${SCENARIO_SUFFIX} or pass the "${fileId}" tool.`);
    if (scenario.noBrowserRun !== undefined) {
      if (!scenario.noBrowserRun.trim()) problems.push(`${where}: noBrowserRun for tool "${id}" gives no reason; say why a browser run makes no sense.`);
    } else if (scenario.cases.length === 0) {
      problems.push(`${where}: tool "${id}" has no case; add one, or use noBrowserRun(tool, reason).`);
    }
    const names = scenario.cases.map((c) => c.name);
    for (const name of new Set(names.filter((n, i) => names.indexOf(n) !== i)))
      problems.push(`${where}: tool "${id}" has two cases named "${name}"; case names must differ.`);
    if (id === fileId) covered.add(id);
  }
  for (const { id } of registered) {
    if (!covered.has(id))
      problems.push(
        `Tool "${id}" (registry/${id}.tool.ts) has no browser scenario: add web/e2e/scenarios/${id}${SCENARIO_SUFFIX} (defineScenario, or noBrowserRun(tool, reason)).`,
      );
  }
  return problems;
}

/** How many of a canvas's pixels are not near-white: runs in the page. */
function inkedPixelCount(canvas: HTMLCanvasElement): number {
  const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
  let inked = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i]! < 200 || data[i + 1]! < 200 || data[i + 2]! < 200) inked++;
  return inked;
}
