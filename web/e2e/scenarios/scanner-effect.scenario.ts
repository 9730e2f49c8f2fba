import { scannerEffectTool } from '@folio/registry';
import type { Page } from 'playwright-core';
import { listImages } from '../../../server/test/support/image-pdfs';
import { pageCount } from '../../../server/test/support/pdfs';
import { scanPdf } from '../../../server/test/support/scan-pdfs';
import { defineScenario, pdfUpload } from '../scenario';

const ADVANCED_LABELS = [
  'Colorspace',
  'Border (px)',
  'Rotate (degrees)',
  'Rotate variance (degrees)',
  'Brightness',
  'Contrast',
  'Blur',
  'Noise',
  'Yellowish paper',
  'Resolution (DPI)',
];

/**
 * Records the text fields of every multipart body the page sends (Chromium does
 * not hand a body with files to the test), as `window.sentFields`; `sentFields`
 * reads the last one. Call before the page loads.
 */
async function recordSentFields(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (body?: Document | XMLHttpRequestBodyInit | null) {
      if (body instanceof FormData) {
        const fields: Record<string, string> = {};
        body.forEach((value, name) => {
          if (typeof value === 'string') fields[name] = value;
        });
        (window as unknown as { sentFields?: Record<string, string> }).sentFields = fields;
      }
      return send.call(this, body);
    };
  });
}

const sentFields = (page: Page) => page.evaluate(() => (window as unknown as { sentFields?: Record<string, string> }).sentFields);

export default defineScenario(scannerEffectTool, [
  {
    name: 'applies the high-quality, slight-rotation preset without advanced values, previews and saves <name>_scanner_effect.pdf, then clears the form',
    run: async (ctx) => {
      await recordSentFields(ctx.page);
      await ctx.openFromHome();
      for (const label of ADVANCED_LABELS) expect(await ctx.page.getByLabel(label, { exact: true }).count()).toBe(0);
      expect(await ctx.page.getByLabel('Quality', { exact: true }).inputValue()).toBe('high');
      expect(await ctx.page.getByLabel('Rotation', { exact: true }).inputValue()).toBe('slight');
      await ctx.chooseFiles([pdfUpload('letter.pdf', await scanPdf(2))]);

      await ctx.run();
      expect(await sentFields(ctx.page)).toEqual({ quality: 'high', rotation: 'slight', advancedEnabled: 'false' });
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('letter_scanner_effect.pdf');
      expect(pageCount(result.bytes)).toBe(2);
      expect(listImages(result.bytes).map((image) => `${image.page}:${image.width}x${image.height}`)).toEqual(['1:625x834', '2:625x834']);
      // After a success the file is cleared (the result stays to download).
      expect(await ctx.page.getByRole('button', { name: 'Remove letter.pdf' }).count()).toBe(0);
    },
  },
  {
    name: 'shows and sends the advanced settings only while the toggle is on, and resets every value after success',
    run: async (ctx) => {
      await recordSentFields(ctx.page);
      await ctx.open();
      const page = ctx.page;
      await page.getByLabel('Quality', { exact: true }).selectOption('low');
      await page.getByLabel('Rotation', { exact: true }).selectOption('moderate');
      await page.getByLabel('Advanced settings', { exact: true }).check();
      for (const label of ADVANCED_LABELS) expect(await page.getByLabel(label, { exact: true }).count()).toBe(1);
      expect(await page.getByLabel('Colorspace', { exact: true }).inputValue()).toBe('grayscale');
      expect(await page.getByLabel('Border (px)', { exact: true }).inputValue()).toBe('20');
      expect(await page.getByLabel('Rotate variance (degrees)', { exact: true }).inputValue()).toBe('2');
      expect(await page.getByLabel('Noise', { exact: true }).inputValue()).toBe('8');
      expect(await page.getByLabel('Resolution (DPI)', { exact: true }).inputValue()).toBe('300');

      await page.getByLabel('Colorspace', { exact: true }).selectOption('color');
      await page.getByLabel('Resolution (DPI)', { exact: true }).fill('100');
      await page.getByLabel('Yellowish paper', { exact: true }).check();
      await ctx.chooseFiles([pdfUpload('letter.pdf', await scanPdf(1))]);
      await ctx.run();
      expect(await sentFields(page)).toEqual({
        quality: 'low',
        rotation: 'moderate',
        advancedEnabled: 'true',
        colorspace: 'color',
        border: '20',
        rotate: '0',
        rotateVariance: '2',
        brightness: '1',
        contrast: '1',
        blur: '1',
        noise: '8',
        yellowish: 'true',
        resolution: '100',
      });
      const result = await ctx.download();
      expect(listImages(result.bytes).map((image) => `${image.width}x${image.height}`)).toEqual(['417x556']);

      // Every value is back to its default, the advanced ones hidden and, shown again, at theirs.
      expect(await page.getByLabel('Quality', { exact: true }).inputValue()).toBe('high');
      expect(await page.getByLabel('Rotation', { exact: true }).inputValue()).toBe('slight');
      expect(await page.getByLabel('Advanced settings', { exact: true }).isChecked()).toBe(false);
      expect(await page.getByLabel('Colorspace', { exact: true }).count()).toBe(0);
      await page.getByLabel('Advanced settings', { exact: true }).check();
      expect(await page.getByLabel('Colorspace', { exact: true }).inputValue()).toBe('grayscale');
      expect(await page.getByLabel('Resolution (DPI)', { exact: true }).inputValue()).toBe('300');
      expect(await page.getByLabel('Yellowish paper', { exact: true }).isChecked()).toBe(false);
    },
  },
  {
    name: 'refuses a resolution outside 72–600 with the field’s message, before sending anything',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('letter.pdf', await scanPdf(1))]);
      await ctx.page.getByLabel('Advanced settings', { exact: true }).check();
      await ctx.page.getByLabel('Resolution (DPI)', { exact: true }).fill('700');
      let sent = false;
      ctx.page.on('request', (request) => {
        if (request.url().endsWith(scannerEffectTool.endpoint)) sent = true;
      });
      await ctx.actionButton().click();
      await ctx.page.getByText('Resolution must be a whole number between 72 and 600.').first().waitFor();
      expect(sent).toBe(false);
    },
  },
]);
