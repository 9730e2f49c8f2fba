import { ocrCleanupTool, pipelineTool, SHARED_TEXTS, toolPath } from '@folio/registry';
import type { Page } from 'playwright-core';
import { enginesOwnedBy } from '../../server/test/support/processes';
import { scanPdf } from '../../server/test/support/scan-pdfs';
import { scannedPdf } from '../../server/test/support/scanned-pdfs';
import { sendJob } from '../../server/test/support/job-client';
import { useAppAndBrowser } from './browser';
import { until } from '../../server/test/support/until';

jest.setTimeout(240_000);

/**
 * Long work from the page goes through async jobs: after the upload the page
 * shows the job's place in the queue, then a progress bar with the stage, and a
 * Cancel button; it never holds a request open while the server works.
 */
describe('long runs as jobs, in a real browser', () => {
  // One job at a time: a job sent through the API keeps the page's waiting.
  const { app, newPage } = useAppAndBrowser({ FOLIO_MAX_CONCURRENT_JOBS: '1' });
  let page: Page;

  beforeEach(async () => {
    page = await newPage();
  });

  it('shows the queue position, then a progress bar that moves through the steps, and gives the result; no request of the page waits on the work', async () => {
    const blocker = await sendJob(app.baseUrl, ocrCleanupTool.endpoint, [{ name: 'long.pdf', content: await scanPdf(30) }], {
      languages: 'eng',
      ocrType: 'force-ocr',
    });
    const durations: { url: string; method: string; ms: number }[] = [];
    page.on('requestfinished', (request) => {
      const timing = request.timing();
      durations.push({ url: request.url(), method: request.method(), ms: timing.responseEnd });
    });

    await page.goto(`${app.baseUrl}${toolPath(pipelineTool)}`);
    await page.getByRole('button', { name: 'Use example “Make scans searchable”' }).click();
    // Pictures of text, so the OCR step really recognises them (skip-text passes text pages at once) and the run lasts several polls.
    const scan = await scannedPdf([['Quarterly report, first page'], ['Quarterly report, second page'], ['Quarterly report, third page']]);
    await page.getByTestId('file-input').setInputFiles([
      { name: 'one.pdf', mimeType: 'application/pdf', buffer: scan },
      { name: 'two.pdf', mimeType: 'application/pdf', buffer: scan },
    ]);
    // Watched from the start: on a loaded machine the polling below may look away for longer than the toast stays.
    const successToast = page.getByTestId('toast').filter({ hasText: pipelineTool.toast.success }).waitFor({ timeout: 200_000 });
    await page.getByRole('button', { name: pipelineTool.action.label, exact: true }).click();
    expect(await page.getByTestId('job-queued').innerText({ timeout: 60_000 })).toBe('Queued (position 1)');

    await fetch(`${app.baseUrl}/api/v1/general/job/${blocker}`, { method: 'DELETE' });
    const seen = new Set<number>();
    const stages = new Set<string>();
    // Until the result is shown, or the run fails (a toast that is not the success one says so).
    const result = page.getByTestId('download-result');
    const failure = page.getByTestId('toast').filter({ hasText: SHARED_TEXTS.errorToastTitle });
    while (!(await result.isVisible()) && !(await failure.isVisible())) {
      // One look at the page: the bar may go between two separate reads when the run ends.
      const shown = await page.evaluate(() => ({
        value: document.querySelector('[data-testid="job-progress-bar"]')?.getAttribute('value') ?? null,
        stage: document.querySelector<HTMLElement>('[data-testid="job-stage"]')?.innerText ?? '',
      }));
      if (shown.value !== null) {
        seen.add(Number(shown.value));
        stages.add(shown.stage);
      }
      await page.waitForTimeout(100);
    }
    expect(await failure.count()).toBe(0);
    await successToast;
    const values = [...seen];
    expect(values.length).toBeGreaterThanOrEqual(2);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect([...stages].some((stage) => /^Step \d of 3: /.test(stage))).toBe(true);

    // The upload may take as long as it takes; every other request is a quick look.
    const slow = durations.filter((d) => !(d.method === 'POST' && d.url.includes('async=true')) && d.ms > 5_000);
    expect(slow).toEqual([]);
    expect(durations.some((d) => d.url.includes('/api/v1/general/job/'))).toBe(true);
  });

  it('cancels a running job from the page: the engine stops, nothing is kept, and the page says so', async () => {
    await page.goto(`${app.baseUrl}${toolPath(ocrCleanupTool)}`);
    await page.getByTestId('file-input').setInputFiles([{ name: 'scan.pdf', mimeType: 'application/pdf', buffer: await scanPdf(40) }]);
    await page.getByLabel('English', { exact: true }).check();
    await page.getByRole('button', { name: ocrCleanupTool.action.label, exact: true }).click();
    await page.getByTestId('job-stage').waitFor({ timeout: 60_000 });
    const ocrEngines = () => enginesOwnedBy(app.process.pid!).filter((engine) => /ocrmypdf|tesseract/.test(engine.command));
    await until(() => ocrEngines().length > 0);

    const [cancelled] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === 'DELETE'),
      page.getByTestId('job-cancel').click(),
    ]);
    expect(await cancelled.json()).toMatchObject({ state: 'cancelled' });
    await page.getByText('Cancelled: nothing was kept on the server.').waitFor();
    expect(await page.getByTestId('toast').count()).toBe(0);
    await until(() => ocrEngines().length === 0, 10_000);
    await until(() => app.leftovers().length === 0, 10_000);
    // The button is back for another run.
    expect(await page.getByRole('button', { name: ocrCleanupTool.action.label, exact: true }).isEnabled()).toBe(true);
  });
});
