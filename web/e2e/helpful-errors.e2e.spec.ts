import { organiseTool, pdfToCsvTool, pdfToImageTool, removePasswordTool, rotateTool, SHARED_TEXTS, splitTool, toolPath, type AnyTool } from '@folio/registry';
import { readFileSync } from 'node:fs';
import type { Download, Page } from 'playwright-core';
import { passwordNeed } from '../../server/test/support/encryption-report';
import { encryptPdf, makePdf, pageTexts } from '../../server/test/support/pdfs';
import { useAppAndBrowser } from './browser';
import { pdfUpload, type UploadFile } from './scenario';

jest.setTimeout(120_000);

/** Small enough that a test file passes it without megabytes of fixtures. */
const MAX_UPLOAD_MB = 1;

/**
 * Errors that help, on any tool: the server's detail under the standard error
 * toast, checks before uploading, the password prompt, the 204 notice and a
 * number field's own message. The tools here are examples; the behaviour comes
 * from their declarations, not from their ids.
 */
describe('errors that help, in a real browser', () => {
  const { app, newPage } = useAppAndBrowser({ FOLIO_MAX_UPLOAD_MB: String(MAX_UPLOAD_MB) });
  let page: Page;
  /** Every POST the page sent to a tool endpoint, by path. */
  let posted: string[];

  beforeEach(async () => {
    page = await newPage({ acceptDownloads: true });
    posted = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posted.push(new URL(request.url()).pathname);
    });
  });

  const open = async (tool: AnyTool) => {
    await page.goto(`${app.baseUrl}${toolPath(tool)}`);
    await page.getByRole('heading', { level: 1, name: tool.title }).waitFor();
  };
  const choose = (files: UploadFile[]) => page.getByTestId('file-input').setInputFiles(files);
  const actionButton = (tool: AnyTool) => page.getByRole('button', { name: tool.action.label, exact: true });
  const toast = (text: string) => page.getByTestId('toast').filter({ hasText: text }).first();

  /** Clicks the action and waits for the warning toast a check before uploading gives; nothing may be sent. */
  async function expectRefusedBeforeUpload(tool: AnyTool, message: string) {
    await actionButton(tool).click();
    const warning = toast(message);
    await warning.waitFor();
    expect(await warning.getAttribute('data-kind')).toBe('warning');
    expect(await warning.locator('.toast__message').innerText()).toBe(message);
    expect(posted.filter((path) => path === tool.endpoint)).toEqual([]);
    expect(await actionButton(tool).isEnabled()).toBe(true);
  }

  describe('the server’s detail under the error toast', () => {
    it('shows the words the server sent for a page out of range (Organise, custom order 1,7 of 3 pages)', async () => {
      await open(organiseTool);
      await choose([pdfUpload('a3.pdf', await makePdf(3))]);
      await page.getByLabel('Page Order').fill('1,7');
      const [answer] = await Promise.all([
        page.waitForResponse((response) => new URL(response.url()).pathname === organiseTool.endpoint),
        actionButton(organiseTool).click(),
      ]);
      expect(answer.status()).toBe(400);
      const sent = (await answer.json()) as { detail: string };
      expect(sent.detail).toBe('Page 7 is out of range: "a3.pdf" has 3 pages.');

      const error = toast(SHARED_TEXTS.errorToastTitle);
      await error.waitFor();
      expect(await error.getAttribute('data-kind')).toBe('error');
      expect(await error.locator('.toast__message').innerText()).toBe(`${SHARED_TEXTS.errorToastTitle}\n${SHARED_TEXTS.errorToastBody}`);
      expect(await error.locator('.toast__detail').innerText()).toBe(sent.detail);
      expect(await actionButton(organiseTool).isEnabled()).toBe(true);
    });

    it('keeps the standard text alone for a 5xx, whatever its body says', async () => {
      await page.route(`**${rotateTool.endpoint}`, (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ status: 500, error: 'Job failed: boom', detail: 'Internal detail' }),
        }),
      );
      await open(rotateTool);
      await choose([pdfUpload('a.pdf', await makePdf(1))]);
      await actionButton(rotateTool).click();
      const error = toast(SHARED_TEXTS.errorToastTitle);
      await error.waitFor();
      expect(await error.locator('.toast__detail').count()).toBe(0);
      expect(await error.innerText()).not.toContain('Internal detail');
    });
  });

  describe('checks before uploading', () => {
    it('refuses a file over the server’s size limit, as site-config serves it', async () => {
      const config = (await (await fetch(`${app.baseUrl}/api/v1/site-config`)).json()) as { maxUploadBytes: number };
      expect(config.maxUploadBytes).toBe(MAX_UPLOAD_MB * 1024 * 1024);
      await open(rotateTool);
      // 1.5 MB: a real PDF's header, then padding; it never travels.
      const big = Buffer.concat([await makePdf(1), Buffer.alloc(1.5 * 1024 * 1024 - (await makePdf(1)).length, 0x20)]);
      expect(big.length).toBe(1.5 * 1024 * 1024);
      await choose([pdfUpload('big.pdf', big)]);
      await expectRefusedBeforeUpload(rotateTool, 'big.pdf is 1.5 MB; each file may be at most 1 MB.');
    });

    it('refuses an empty file', async () => {
      await open(rotateTool);
      await choose([pdfUpload('a3.pdf', Buffer.alloc(0))]);
      await expectRefusedBeforeUpload(rotateTool, 'a3.pdf is empty.');
    });

    it('refuses pages the PDF lacks, counting its pages in the browser (Split after page 7 of 3)', async () => {
      await open(splitTool);
      await choose([pdfUpload('a3.pdf', await makePdf(3))]);
      await page.getByLabel('Split after pages').fill('7');
      await expectRefusedBeforeUpload(splitTool, 'Page 7 is out of range: a3.pdf has 3 pages.');
    });
  });

  describe('a PDF that needs a password', () => {
    it('asks for it where the tool takes one (Remove PDF Password), keeps focus in the dialog, and succeeds with it', async () => {
      await open(removePasswordTool);
      await choose([pdfUpload('payslip.pdf', encryptPdf(await makePdf(2, { label: 'payslip' }), 'open-sesame'))]);
      await actionButton(removePasswordTool).click();

      const dialog = page.getByRole('dialog', { name: 'Password needed' });
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain('payslip.pdf is protected with a password.');
      const input = dialog.getByLabel('Password', { exact: true });
      expect(await input.getAttribute('type')).toBe('password');
      expect(await input.evaluate((element) => element === document.activeElement)).toBe(true);
      // Tab cycles within the modal dialog: the page behind is inert.
      for (let i = 0; i < 4; i++) {
        await page.keyboard.press('Tab');
        expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      }

      // A wrong password asks again, saying so.
      await input.fill('guess');
      await dialog.getByRole('button', { name: 'OK' }).click();
      await dialog.getByText('That password did not open payslip.pdf. Please try again.').waitFor();

      await input.fill('open-sesame');
      await dialog.getByRole('button', { name: 'OK' }).click();
      await toast(removePasswordTool.toast.success).waitFor();
      expect(await dialog.count()).toBe(0);
      expect(posted.filter((path) => path === removePasswordTool.endpoint)).toHaveLength(3);
      // The dialog gives focus back, and the finished run takes it on to its result.
      await page.waitForFunction(() => document.activeElement?.id === 'tool-result-heading');

      const [saved] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-result').click()]);
      const bytes = await readDownload(saved);
      expect(passwordNeed(bytes)).toBe('none');
      expect(pageTexts(bytes)).toEqual(['payslip page 1', 'payslip page 2']);
    });

    it('ends quietly when the prompt is cancelled with Escape', async () => {
      await open(removePasswordTool);
      await choose([pdfUpload('payslip.pdf', encryptPdf(await makePdf(1), 'open-sesame'))]);
      await actionButton(removePasswordTool).click();
      const dialog = page.getByRole('dialog', { name: 'Password needed' });
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      // The run is over and focus is back on its button.
      await page.waitForFunction((label) => {
        const focused = document.activeElement;
        return focused instanceof HTMLButtonElement && focused.textContent?.trim() === label && !focused.disabled;
      }, removePasswordTool.action.label);
      expect(await page.getByTestId('toast').count()).toBe(0);
      expect(posted.filter((path) => path === removePasswordTool.endpoint)).toHaveLength(1);
    });

    it('says the file is protected and links to Remove PDF Password where the tool takes none (Rotate)', async () => {
      await open(rotateTool);
      await choose([pdfUpload('payslip.pdf', encryptPdf(await makePdf(1), 'open-sesame'))]);
      await actionButton(rotateTool).click();
      const error = toast(SHARED_TEXTS.errorToastTitle);
      await error.waitFor();
      expect(await error.locator('.toast__detail').innerText()).toBe(
        'payslip.pdf is password-protected. Remove its password first with Remove PDF Password, then try again.',
      );
      expect(await page.getByRole('dialog').count()).toBe(0);
      const link = error.getByRole('link', { name: removePasswordTool.title });
      expect(await link.getAttribute('href')).toBe(toolPath(removePasswordTool));
      await link.click();
      await page.waitForURL(`**${toolPath(removePasswordTool)}`);
      await page.getByRole('heading', { level: 1, name: removePasswordTool.title }).waitFor();
    });
  });

  it('says on the page when PDF to CSV finds no table (204), without an error toast', async () => {
    await open(pdfToCsvTool);
    await choose([pdfUpload('prose.pdf', await makePdf(1, { label: 'no tables here' }))]);
    const [answer] = await Promise.all([
      page.waitForResponse((response) => new URL(response.url()).pathname === pdfToCsvTool.endpoint),
      actionButton(pdfToCsvTool).click(),
    ]);
    expect(answer.status()).toBe(204);
    const notice = page.getByTestId('run-notice');
    await notice.waitFor();
    expect(await notice.innerText()).toBe('No table on the chosen pages.');
    // Inside a live region, so screen readers announce it.
    expect(await page.getByRole('status').filter({ has: notice }).count()).toBe(1);
    expect(await page.getByTestId('toast').count()).toBe(0);
    expect(await page.getByTestId('download-result').count()).toBe(0);
  });

  it('shows a number field’s own message next to it, not the browser’s bubble (DPI 900 on PDF to Image)', async () => {
    await open(pdfToImageTool);
    await choose([pdfUpload('a.pdf', await makePdf(1))]);
    const dpi = page.getByLabel('DPI', { exact: true });
    await dpi.fill('900');
    // The browser's own check would stop the submit at its max attribute; the form leaves judging to the app.
    expect(await dpi.evaluate((input: HTMLInputElement) => input.validity.rangeOverflow && input.form!.noValidate)).toBe(true);
    await actionButton(pdfToImageTool).click();

    const message = page.getByText('DPI cannot exceed 500.', { exact: true });
    await message.waitFor();
    const messageId = await message.getAttribute('id');
    expect(messageId).toBeTruthy();
    expect((await dpi.getAttribute('aria-describedby'))?.split(' ')).toContain(messageId);
    expect(await dpi.getAttribute('aria-invalid')).toBe('true');
    expect(await dpi.evaluate((input) => input === document.activeElement)).toBe(true);
    // Next to the field: in the same form field, right under it.
    expect(await message.evaluate((element, id) => element.closest('.form-field')?.querySelector('input')?.id === id, await dpi.getAttribute('id'))).toBe(true);
    expect(posted.filter((path) => path === pdfToImageTool.endpoint)).toEqual([]);
  });
});

async function readDownload(download: Download): Promise<Buffer> {
  const path = await download.path();
  if (!path) throw new Error(`The download failed (${await download.failure()}).`);
  return readFileSync(path);
}
