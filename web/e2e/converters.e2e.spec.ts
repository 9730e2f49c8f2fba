import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import AdmZip from 'adm-zip';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { renderFileName, toolPath, tools, type AnyTool } from '@folio/registry';
import { makePdf, pageCount, pageTexts } from '../../server/test/support/pdfs';
import { launchChromium, startBuiltApp, type RunningApp } from './browser';

// Office suite, browser and OCR conversions take seconds each, more on a busy machine.
jest.setTimeout(180_000);
const RESULT_WAIT_MS = 150_000;

interface InputFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

interface Scenario {
  files: () => Promise<InputFile[]> | InputFile[];
  /** Set an option the way a visitor would. */
  fill?: (page: Page) => Promise<void>;
  /** The success toast, where it names the chosen option. */
  toast?: string;
  /** Check the downloaded result; `page` still shows the result view. */
  check: (result: Buffer, view: ResultView) => Promise<void> | void;
}

/** What the page showed besides the download. */
interface ResultView {
  page: Page;
  /** The window PDF to HTML opened, if any. */
  popup?: Page;
}

const pdfFile = async (name: string, pages: number): Promise<InputFile> => ({ name, mimeType: 'application/pdf', buffer: await makePdf(pages, { label: 'doc' }) });
const textFile = (name: string, mimeType: string, text: string): InputFile => ({ name, mimeType, buffer: Buffer.from(text) });
const png = (colour: string): Buffer => execFileSync('/usr/bin/convert-im6.q16', ['-size', '40x30', `xc:${colour}`, 'png:-']);
const sizes = async (pdf: Buffer) => (await PDFDocument.load(pdf)).getPages().map((p) => [Math.round(p.getWidth()), Math.round(p.getHeight())]);
/** A one-page PDF with a ruled 3 × 2 table (PDF to CSV answers 204 when it finds no table). */
async function tablePdf(): Promise<InputFile> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([400, 300]);
  const cells = [['Fruit', 'Qty'], ['Apples', '3'], ['Pears', '5']];
  const [left, top, width, height] = [40, 260, 120, 24];
  for (let row = 0; row <= cells.length; row++) page.drawLine({ start: { x: left, y: top - row * height }, end: { x: left + 2 * width, y: top - row * height }, thickness: 1, color: rgb(0, 0, 0) });
  for (let col = 0; col <= 2; col++) page.drawLine({ start: { x: left + col * width, y: top }, end: { x: left + col * width, y: top - cells.length * height }, thickness: 1, color: rgb(0, 0, 0) });
  cells.forEach((line, row) => line.forEach((text, col) => page.drawText(text, { x: left + col * width + 6, y: top - (row + 1) * height + 8, size: 10, font })));
  return { name: 'table.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await doc.save()) };
}
const allText = (pdf: Buffer) => pageTexts(pdf).join('\n');
const zipEntries = (zip: Buffer) => new AdmZip(zip).getEntries().map((e) => e.entryName);
const zipText = (zip: Buffer, entry: string) => new AdmZip(zip).readAsText(entry);

const EMAIL = [
  'From: Asha Rao <asha@example.com>',
  'To: Ravi Kumar <ravi@example.com>',
  'Subject: Quarterly figures',
  'Date: Mon, 06 Jan 2025 10:00:00 +0530',
  'MIME-Version: 1.0',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'The figures are attached below.',
  '',
].join('\r\n');

/** One visit to every Export to PDF and Import from PDF page. */
const SCENARIOS: Record<string, Scenario> = {
  'file-to-pdf': {
    files: () => [textFile('notes.txt', 'text/plain', 'Converter notes line one\nSecond line\n')],
    check: (pdf) => expect(allText(pdf)).toContain('Converter notes line one'),
  },
  'email-to-pdf': {
    files: () => [textFile('message.eml', 'message/rfc822', EMAIL)],
    fill: (page) => page.getByLabel('Maximum attachment size (MB)').fill('5'),
    check: (pdf) => {
      expect(allText(pdf)).toContain('Quarterly figures');
      expect(allText(pdf)).toContain('The figures are attached below.');
    },
  },
  'html-to-pdf': {
    files: () => [textFile('page.html', 'text/html', '<!doctype html><html><body><h1>Letter sized page</h1><p>Hello from HTML.</p></body></html>')],
    fill: async (page) => {
      await page.getByLabel('Page size').selectOption('LETTER');
    },
    check: async (pdf) => {
      expect(allText(pdf)).toContain('Letter sized page');
      expect((await sizes(pdf))[0]).toEqual([612, 792]);
    },
  },
  'image-to-pdf': {
    files: () => [
      { name: 'first.png', mimeType: 'image/png', buffer: png('#2f6fdf') },
      { name: 'second.png', mimeType: 'image/png', buffer: png('#f2b705') },
    ],
    fill: async (page) => {
      await page.getByLabel('Colour').selectOption('grayscale');
    },
    check: (pdf) => expect(pageCount(pdf)).toBe(2),
  },
  'markdown-to-pdf': {
    files: () => [textFile('readme.md', 'text/markdown', '# Project title\n\nSome *markdown* text.\n\n## Usage\n\nRun it.\n')],
    fill: (page) => page.getByLabel('Include table of contents').check(),
    check: (pdf) => {
      expect(allText(pdf)).toContain('Project title');
      expect(allText(pdf)).toContain('Usage');
    },
  },
  'pdf-to-csv': {
    // Its only option (pages) is for API clients; the page sends the default, page 1.
    files: async () => [await tablePdf()],
    check: async (csv, { page }) => {
      expect(csv.toString('utf8').replace(/\r/g, '').trim().split('\n')).toEqual(['"Fruit","Qty"', '"Apples","3"', '"Pears","5"']);
      const link = page.getByTestId('result-open-link');
      expect(await link.innerText()).toContain('Open CSV in new tab');
      const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
      await tab.waitForLoadState();
      expect(await tab.locator('body').innerText()).toContain('"Apples","3"');
      await tab.close();
    },
  },
  'pdf-to-html': {
    files: async () => [await pdfFile('page.pdf', 2)],
    check: async (html, { popup }) => {
      expect(html.toString('utf8')).toContain('doc page 2');
      expect(popup).toBeDefined();
      expect(await popup!.locator('body').innerText()).toContain('doc page 1');
    },
  },
  'pdf-to-image': {
    files: async () => [await pdfFile('pages.pdf', 2)],
    fill: async (page) => {
      await page.getByLabel('Image format').selectOption('jpg');
      await page.getByLabel('DPI').fill('50');
    },
    check: (zip) => {
      const entries = zipEntries(zip);
      expect(entries).toHaveLength(2);
      for (const entry of entries) expect(entry).toMatch(/\.jpe?g$/);
    },
  },
  'pdf-to-markdown': {
    files: async () => [await pdfFile('notes.pdf', 2)],
    check: async (markdown, { page }) => {
      expect(markdown.toString('utf8')).toContain('doc page 2');
      expect(await page.getByTestId('result-text').inputValue()).toBe(markdown.toString('utf8'));
      expect(await page.getByTestId('result-text').getAttribute('readonly')).not.toBeNull();
    },
  },
  'pdf-to-pdfa': {
    files: async () => [await pdfFile('archive.pdf', 3)],
    check: (pdf) => {
      expect(pageCount(pdf)).toBe(3);
      expect(pdf.toString('latin1')).toMatch(/pdfaid:part/);
    },
  },
  'pdf-to-presentation': {
    files: async () => [await pdfFile('slides.pdf', 2)],
    fill: async (page) => {
      await page.getByLabel('Output format').selectOption('odp');
    },
    check: (odp) => expect(zipText(odp, 'mimetype')).toBe('application/vnd.oasis.opendocument.presentation'),
  },
  'pdf-to-rtf': {
    files: async () => [await pdfFile('letter.pdf', 1)],
    fill: async (page) => {
      await page.getByLabel('Output format').selectOption('rtf');
    },
    toast: 'PDF converted to RTF successfully!',
    check: (rtf) => {
      expect(rtf.subarray(0, 5).toString('latin1')).toBe('{\\rtf');
      expect(rtf.toString('latin1')).toContain('doc page 1');
    },
  },
  'pdf-to-word': {
    files: async () => [await pdfFile('report.pdf', 2)],
    // OCR is slow and adds nothing for a PDF that already has text.
    fill: (page) => page.getByLabel('Recognise text (OCR)').uncheck(),
    check: (docx) => expect(zipText(docx, 'word/document.xml')).toContain('doc page 2'),
  },
  'pdf-to-xml': {
    files: async () => [await pdfFile('data.pdf', 2)],
    check: (xml) => {
      expect(xml.toString('utf8')).toMatch(/^\s*<\?xml|^\s*</);
      expect(xml.toString('utf8')).toContain('doc page 2');
    },
  },
};

const CONVERTER_CATEGORIES = ['convert-to', 'convert-from'];

describe('every Export to PDF and Import from PDF page in a real browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startBuiltApp(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });
  beforeEach(async () => {
    context = await browser.newContext({ acceptDownloads: true });
    page = await context.newPage();
  });
  afterEach(() => context.close());

  it('has a scenario for each converter in the registry', () => {
    const converters = tools.filter((t) => CONVERTER_CATEGORIES.includes(t.category)).map((t) => t.id);
    expect(Object.keys(SCENARIOS)).toEqual(expect.arrayContaining(converters));
  });

  // A converter still being written is skipped, not failed; the finished registry has all fourteen.
  const scenarios = Object.keys(SCENARIOS).map((id) => [id, tools.find((t) => t.id === id)] as const);
  for (const [id, tool] of scenarios) {
    (tool ? it : it.skip)(`${id}: upload, set an option, run, view and download`, () => visit(tool!, SCENARIOS[id]));
  }

  it('email-to-pdf: the HTML intermediate is offered as an .html download, not previewed as a PDF', async () => {
    const tool = tools.find((t) => t.id === 'email-to-pdf')!;
    await page.goto(`${app.baseUrl}${toolPath(tool)}`);
    await page.getByTestId('file-input').setInputFiles([textFile('message.eml', 'message/rfc822', EMAIL)]);
    await page.getByLabel('Download HTML intermediate file instead of PDF').check();
    await page.getByRole('button', { name: tool.action.label, exact: true }).click();
    await page.getByTestId('toast').filter({ hasText: tool.toast.success }).waitFor({ timeout: RESULT_WAIT_MS });
    expect(await page.getByTestId('result-preview').count()).toBe(0);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-result').click()]);
    expect(download.suggestedFilename()).toBe('message.html');
    const html = readFileSync((await download.path())!, 'utf8');
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('Quarterly figures');
  });

  async function visit(tool: AnyTool, scenario: Scenario): Promise<void> {
    await page.goto(`${app.baseUrl}${toolPath(tool)}`);
    await page.getByRole('heading', { level: 1, name: tool.title }).waitFor();
    if (tool.notice) expect(await page.getByTestId('tool-notice').innerText()).toContain(tool.notice);
    const files = await scenario.files();
    await page.getByTestId('file-input').setInputFiles(files);
    await scenario.fill?.(page);

    const popup = tool.result.kind === 'html' ? context.waitForEvent('page', { timeout: RESULT_WAIT_MS }) : undefined;
    await page.getByRole('button', { name: tool.action.label, exact: true }).click();
    await page.getByTestId('toast').filter({ hasText: scenario.toast ?? tool.toast.success }).waitFor({ timeout: RESULT_WAIT_MS });
    const view: ResultView = { page, popup: popup && (await popup) };
    if (view.popup) await view.popup.waitForLoadState();

    if (tool.result.kind === 'pdf') expect(await page.getByTestId('result-preview').count()).toBe(1);
    else expect(await page.getByTestId('result-preview').count()).toBe(0);
    if (tool.result.kind === 'text') await page.getByTestId('result-text').waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-result').click()]);
    if (tool.download.browser !== 'from-response') expect(download.suggestedFilename()).toBe(renderFileName(tool.download.browser, files[0].name));
    else expect(download.suggestedFilename()).toMatch(new RegExp(`^${files[0].name.replace(/\.pdf$/, '')}`));
    await scenario.check(readFileSync((await download.path())!), view);
  }
});
