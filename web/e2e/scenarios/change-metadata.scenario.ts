import { execFileSync } from 'node:child_process';
import { changeMetadataTool } from '@folio/registry';
import { read } from '../../../server/test/support/active-content-pdfs';
import { makePdf, pageTexts } from '../../../server/test/support/pdfs';
import { defineScenario, pdfUpload } from '../scenario';

/** pdfinfo's view of the information dictionary, custom entries included. */
function infoOf(pdf: Buffer): Record<string, string> {
  const text = Buffer.from(
    read(pdf, 'pdfinfo', (f) => ['-custom', '-enc', 'UTF-8', f]),
    'latin1',
  ).toString('utf8');
  return Object.fromEntries(
    text.split('\n').flatMap((line) => {
      const match = /^(.+?):\s+(.*)$/.exec(line);
      return match ? [[match[1], match[2]]] : [];
    }),
  );
}

/** ExifTool's reading of the XMP packet and of the dictionary's Trapped. */
function exifOf(pdf: Buffer): Record<string, unknown> {
  return JSON.parse(
    Buffer.from(
      read(pdf, 'exiftool', (f) => ['-j', '-a', '-G1', '-struct', f]),
      'latin1',
    ).toString('utf8'),
  )[0];
}

/** A report reportlab wrote with title, author, subject, keywords, creator, dates and /Trapped /False. */
function reportlabReport(): Buffer {
  const script = [
    'import sys',
    'from reportlab.pdfgen import canvas',
    'c = canvas.Canvas(sys.stdout.buffer, invariant=1)',
    'c.setTitle("Quarterly report"); c.setAuthor("Old author"); c.setSubject("Figures"); c.setKeywords("finance, q3"); c.setCreator("Report builder")',
    'c.drawString(72, 720, "Quarterly report")',
    'c.save()',
  ].join('\n');
  return execFileSync('/usr/bin/python3', ['-c', script]);
}

export default defineScenario(changeMetadataTool, [
  {
    name: 'shows the file’s current values; a field left as shown is kept, one cleared is removed',
    run: async (ctx) => {
      await ctx.open();
      const report = reportlabReport();
      const before = infoOf(report);
      await ctx.chooseFiles([pdfUpload('report.pdf', report)]);
      const field = (label: string) => ctx.page.getByLabel(label, { exact: true });
      // The fields fill from the file, read in the browser.
      await ctx.page.waitForFunction(() => document.querySelector<HTMLInputElement>('input[name="title"]')?.value !== '', undefined, { timeout: 30_000 });
      expect(await field('Title').inputValue()).toBe('Quarterly report');
      expect(await field('Author').inputValue()).toBe('Old author');
      expect(await field('Subject').inputValue()).toBe('Figures');
      expect(await field('Keywords').inputValue()).toBe('finance, q3');
      expect(await field('Creator').inputValue()).toBe('Report builder');
      expect(await field('Creation date').inputValue()).toMatch(/^\d{4}\/\d\d\/\d\d \d\d:\d\d:\d\d$/);
      expect(await field('Trapped').inputValue()).toBe('False');
      expect(await ctx.page.getByTestId('document-info-modificationDate').count()).toBe(0);

      await field('Author').fill('Grace Hopper');
      await field('Keywords').fill('');
      await ctx.run();
      const result = await ctx.download();
      const info = infoOf(result.bytes);
      expect(info).toMatchObject({ Title: 'Quarterly report', Subject: 'Figures', Creator: 'Report builder', Author: 'Grace Hopper' });
      expect(info.Producer).toBe(before.Producer);
      expect(info.CreationDate).toBe(before.CreationDate);
      expect(info.ModDate).toBe(before.ModDate);
      expect(info.Keywords).toBeUndefined();
      expect(exifOf(result.bytes)['PDF:Trapped']).toBe(false);
    },
  },
  {
    name: 'writes the fields and a custom entry added on the page, in the dictionary and the XMP, and saves <name>_metadata_updated.pdf',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('minutes.pdf', await makePdf(2, { title: 'Old title' }))]);
      // The file (pdf-lib's) has no Trapped: once read, the page says so rather than show a value.
      expect(await ctx.page.getByTestId('document-info-trapped').textContent({ timeout: 30_000 })).toBe('Not set in this file.');
      await ctx.page.getByLabel('Title', { exact: true }).fill('Board minutes');
      await ctx.page.getByLabel('Author', { exact: true }).fill('Grace Hopper');
      await ctx.page.getByLabel('Creation date', { exact: true }).fill('2024/03/04 05:06:07');
      await ctx.page.getByLabel('Trapped', { exact: true }).selectOption('True');
      // With no rows yet the field's label names the add button, so it is found by its text.
      await ctx.page.getByText('Add entry', { exact: true }).click();
      await ctx.page.getByLabel('Key 1', { exact: true }).fill('Department');
      await ctx.page.getByLabel('Value 1', { exact: true }).fill('Research');
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('minutes_metadata_updated.pdf');

      const info = infoOf(result.bytes);
      expect(info).toMatchObject({ Title: 'Board minutes', Author: 'Grace Hopper', Department: 'Research' });
      // pdf-lib's Producer and Creator stay: the page showed them and nobody changed them.
      expect(info.Producer).toMatch(/pdf-lib/);
      const exif = exifOf(result.bytes);
      expect(exif).toMatchObject({
        'PDF:Trapped': true,
        'XMP-dc:Title': 'Board minutes',
        'XMP-dc:Creator': ['Grace Hopper'],
        'XMP-pdfx:Department': 'Research',
        'XMP-pdf:Trapped': true,
      });
      expect(String(exif['XMP-xmp:CreateDate'])).toMatch(/^2024:03:04 05:06:07/);
      expect(pageTexts(result.bytes)).toEqual(['doc page 1', 'doc page 2']);
    },
  },
  {
    name: '“Delete all metadata” hides the fields and leaves the document without metadata',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('minutes.pdf', await makePdf(1, { title: 'Old title' }))]);
      await ctx.page.getByLabel('Delete all metadata', { exact: true }).check();
      expect(await ctx.page.getByLabel('Title', { exact: true }).count()).toBe(0);
      await ctx.run();
      const result = await ctx.download();
      const info = infoOf(result.bytes);
      expect(info.Title).toBeUndefined();
      expect(info.Producer).toBeUndefined();
    },
  },
  {
    name: 'a date in another format ends in the error toast, the form kept',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('minutes.pdf', await makePdf(1))]);
      await ctx.page.getByLabel('Modification date', { exact: true }).fill('04.03.2024 05:06');
      await ctx.actionButton().click();
      await ctx.errorToast();
      expect(await ctx.page.getByLabel('Modification date', { exact: true }).inputValue()).toBe('04.03.2024 05:06');
    },
  },
]);
