import AdmZip from 'adm-zip';
import { splitChaptersTool } from '@folio/registry';
import { bookmarkedPdf } from '../../../server/test/support/bookmarked-pdfs';
import { makePdf, pageTexts } from '../../../server/test/support/pdfs';
import { defineScenario, pdfUpload } from '../scenario';

const book = () =>
  bookmarkedPdf(
    6,
    [
      { title: 'Intro', page: 1 },
      { title: 'Chapter 1', page: 2, children: [{ title: 'Section 1.1', page: 3 }] },
      { title: 'Chapter 2', page: 5 },
    ],
    { info: { Title: 'The Book' } },
  );

export default defineScenario(splitChaptersTool, [
  {
    name: 'splits at the second bookmark level, saves <name>_split_by_chapters.zip and starts the form over',
    run: async (ctx) => {
      await ctx.openFromHome();
      await ctx.chooseFiles([pdfUpload('book.pdf', book())]);
      const level = ctx.page.getByLabel('Bookmark Level');
      expect(await level.inputValue()).toBe('0');
      await level.fill('1');
      await ctx.page.getByLabel('Include Metadata').check();
      await ctx.run();
      const result = await ctx.download();
      expect(result.name).toBe('book_split_by_chapters.zip');
      const entries = new AdmZip(result.bytes).getEntries();
      expect(entries.map((e) => e.entryName)).toEqual(['0 Intro.pdf', '1 Chapter 1.pdf', '2 Section 1.1.pdf', '3 Chapter 2.pdf']);
      expect(entries.map((e) => pageTexts(e.getData()).length)).toEqual([1, 1, 2, 2]);
      // Spec §4: on success the file clears and the fields go back to 0, off, off.
      expect(await ctx.actionButton().isDisabled()).toBe(true);
      expect(await level.inputValue()).toBe('0');
      expect(await ctx.page.getByLabel('Include Metadata').isChecked()).toBe(false);
      expect(await ctx.page.getByLabel('Allow Duplicates').isChecked()).toBe(false);
    },
  },
  {
    name: 'refuses a negative level on the page, and shows the error toast for a PDF without bookmarks',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('plain.pdf', await makePdf(2))]);
      await ctx.page.getByLabel('Bookmark Level').fill('-1');
      await ctx.actionButton().click();
      await ctx.page.getByText('Bookmark level must be 0 or greater.').waitFor();
      await ctx.page.getByLabel('Bookmark Level').fill('0');
      await ctx.actionButton().click();
      await ctx.errorToast();
      // On failure the inputs stay.
      expect(await ctx.actionButton().isDisabled()).toBe(false);
    },
  },
]);
