import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import AdmZip from 'adm-zip';
import { ocrCleanupTool } from '@folio/registry';
import { pageTexts, withTempDir } from '../../../server/test/support/pdfs';
import { joinPdfs, scannedPdf, textPdf } from '../../../server/test/support/scanned-pdfs';
import { defineScenario, pdfUpload } from '../scenario';

const GERMAN = ['Größe Straße Übermut', 'Bäckerei Käse Füße'];
const TEXT_PAGE = ['Invoice number 4711', 'Total amount due'];

/** Runs a Poppler reader on a PDF and answers its standard output. */
function readWith(command: string, args: readonly string[], pdf: Buffer): string {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    return execFileSync(command, [...args, join(dir, 'x.pdf')], { encoding: 'utf8' });
  });
}

const words = (text: string) => text.toLowerCase().split(/\s+/).filter(Boolean);

export default defineScenario(ocrCleanupTool, [
  {
    name: 'sends the languages, mode and renderer chosen: German, skip-text and sandwich on a text page and a scan; saves <name>_ocr.pdf',
    run: async (ctx) => {
      await ctx.open();
      const mixed = joinPdfs([await textPdf([TEXT_PAGE]), await scannedPdf([GERMAN])]);
      await ctx.chooseFiles([pdfUpload('brief.pdf', mixed)]);
      // English is ticked to start with; with every box unticked the page asks for one.
      const english = ctx.page.getByLabel('English', { exact: true });
      expect(await english.isChecked()).toBe(true);
      await english.uncheck();
      await ctx.actionButton().click();
      await ctx.page.getByText('Please select at least one language.').waitFor();
      await ctx.page.getByLabel('German', { exact: true }).check();
      await ctx.page.getByLabel('OCR mode', { exact: true }).selectOption('skip-text');
      await ctx.page.getByLabel('Render type', { exact: true }).selectOption('sandwich');
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('brief_ocr.pdf');
      const [textPage, scanPage] = pageTexts(result.bytes);
      // skip-text: the text page is not drawn as a picture (force-ocr would have made it one).
      expect(textPage).toBe(pageTexts(mixed)[0]);
      expect(
        readWith('pdfimages', ['-list', '-f', '1', '-l', '1'], result.bytes)
          .split('\n')
          .slice(2)
          .filter((l) => l.trim()),
      ).toEqual([]);
      // German: umlauts and ß read as such.
      expect(words(scanPage)).toEqual(expect.arrayContaining(words(GERMAN.join(' '))));
      // sandwich: Tesseract's own text layer and its font.
      expect(readWith('pdffonts', [], result.bytes)).toContain('GlyphLessFont');
    },
  },
  {
    name: 'with the recognised text alongside, saves <name>_ocr.zip holding the PDF and the text',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('scan.pdf', await scannedPdf([['Elephant marmalade xylophone']]))]);
      // English, ticked to start with.
      expect(await ctx.page.getByLabel('English', { exact: true }).isChecked()).toBe(true);
      await ctx.page.getByLabel('Also return the recognised text', { exact: true }).check();
      await ctx.run();
      const result = await ctx.download();
      expect(result.name).toBe('scan_ocr.zip');
      const zip = new AdmZip(result.bytes);
      expect(
        zip
          .getEntries()
          .map((entry) => entry.entryName)
          .sort(),
      ).toEqual(['scan_OCR.pdf', 'scan_OCR.txt']);
      expect(words(zip.readAsText('scan_OCR.txt'))).toEqual(['elephant', 'marmalade', 'xylophone']);
    },
  },
]);
