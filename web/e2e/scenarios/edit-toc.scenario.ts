import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { editTocTool } from '@folio/registry';
import { bookmarkedPdf } from '../../../server/test/support/bookmarked-pdfs';
import { withTempDir } from '../../../server/test/support/pdfs';
import { defineScenario, fileUpload, pdfUpload, type ScenarioContext } from '../scenario';

/** A bookmark as qpdf reads it from a saved file: title, page (1-based) and children. */
interface Read {
  title: string;
  page: number;
  children: Read[];
}

/** The outline of `pdf` as qpdf's own reader walks it (/Outlines → /First → /Next, destinations to pages). */
function outlineOf(pdf: Buffer): Read[] {
  interface Node {
    title: string;
    destpageposfrom1: number | null;
    kids: Node[];
  }
  const json = withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    return JSON.parse(execFileSync('qpdf', ['--json=2', '--json-key=outlines', join(dir, 'x.pdf')], { encoding: 'utf8' })) as { outlines: Node[] };
  });
  const read = (nodes: Node[]): Read[] => nodes.map((n) => ({ title: n.title, page: n.destpageposfrom1 ?? 0, children: read(n.kids) }));
  return read(json.outlines);
}

const leaf = (title: string, page: number): Read => ({ title, page, children: [] });

/** Six pages with bookmarks already: Intro (1), Old chapter (2) › Old section (3). */
const manual = () =>
  bookmarkedPdf(6, [
    { title: 'Intro', page: 1 },
    { title: 'Old chapter', page: 2, children: [{ title: 'Old section', page: 3 }] },
  ]);

const title = (ctx: ScenarioContext, at: string) => ctx.page.getByLabel(`Title of bookmark ${at}`, { exact: true });
const pageOf = (ctx: ScenarioContext, at: string) => ctx.page.getByLabel(`Page of bookmark ${at}`, { exact: true });
const button = (ctx: ScenarioContext, name: string) => ctx.page.getByRole('button', { name, exact: true });

/** Adds a top-level entry (the new title has the focus) and fills it in. */
async function addEntry(ctx: ScenarioContext, at: string, text: string, page: number): Promise<void> {
  await ctx.page.getByRole('button', { name: 'Add bookmark', exact: true }).click();
  await ctx.page.keyboard.type(text);
  expect(await title(ctx, at).inputValue()).toBe(text);
  await pageOf(ctx, at).fill(String(page));
}

/** The titles in the editor, depth first, with their numbers. */
async function listed(ctx: ScenarioContext): Promise<string[]> {
  return ctx.page
    .getByTestId('bookmark-entry')
    .evaluateAll((items) =>
      items.map((item) => `${item.querySelector('.bookmark-editor__number')?.textContent} ${(item.querySelector('input') as HTMLInputElement).value}`),
    );
}

export default defineScenario(editTocTool, [
  {
    name: 'loads the file’s bookmarks, builds a three-level outline, refuses a page past the end, and saves <name>_with_toc.pdf with exactly that outline',
    run: async (ctx) => {
      await ctx.openFromHome();
      await ctx.chooseFiles([pdfUpload('manual.pdf', manual())]);
      await ctx.page.getByText('Loaded 3 bookmarks from the file; it has 6 pages.').waitFor();
      expect(await listed(ctx)).toEqual(['1 Intro', '2 Old chapter', '2.1 Old section']);

      // Rename the first, drop the old chapter (its section goes with it), then build the rest.
      await title(ctx, '1').fill('Part one');
      await button(ctx, 'Remove “Old chapter”').click();
      expect(await listed(ctx)).toEqual(['1 Part one']);
      await addEntry(ctx, '2', 'Chapter 1', 2);
      await button(ctx, 'Indent “Chapter 1”').click();
      await addEntry(ctx, '2', 'Section 1.1', 3);
      // Keyboard only: the focus stays on the indent button of the entry that moved.
      await button(ctx, 'Indent “Section 1.1”').focus();
      await ctx.page.keyboard.press('Enter');
      await ctx.page.keyboard.press('Enter');
      await addEntry(ctx, '2', 'Chapter 2', 4);
      await button(ctx, 'Indent “Chapter 2”').click();
      await addEntry(ctx, '2', 'Part two', 9);
      expect(await listed(ctx)).toEqual(['1 Part one', '1.1 Chapter 1', '1.1.1 Section 1.1', '1.2 Chapter 2', '2 Part two']);

      // Page 9 of 6: marked, and the form is not sent.
      await ctx.page.getByText('Enter a page number from 1 to 6.').waitFor();
      await ctx.actionButton().click();
      await ctx.page.getByText('Give every bookmark a page number from 1 to the last page.').waitFor();
      expect(await ctx.page.getByTestId('toast').filter({ hasText: editTocTool.toast.success }).count()).toBe(0);
      await pageOf(ctx, '2').fill('5');

      // Export, then change the list and import the export back.
      const [saved] = await Promise.all([ctx.page.waitForEvent('download'), button(ctx, 'Export JSON').click()]);
      await ctx.waitForToast('Bookmarks exported as JSON!');
      expect(saved.suggestedFilename()).toBe('bookmarks.json');
      const exported = readFileSync((await saved.path())!, 'utf8');
      expect(JSON.parse(exported)).toEqual([
        {
          title: 'Part one',
          pageNumber: 1,
          children: [
            { title: 'Chapter 1', pageNumber: 2, children: [{ title: 'Section 1.1', pageNumber: 3, children: [] }] },
            { title: 'Chapter 2', pageNumber: 4, children: [] },
          ],
        },
        { title: 'Part two', pageNumber: 5, children: [] },
      ]);
      await button(ctx, 'Remove “Part one”').click();
      expect(await listed(ctx)).toEqual(['1 Part two']);
      await ctx.page.getByTestId('bookmark-import').setInputFiles([fileUpload('broken.json', 'application/json', '{ not json')]);
      await ctx.waitForToast('Invalid JSON file.');
      expect(await listed(ctx)).toEqual(['1 Part two']);
      await ctx.page.getByTestId('bookmark-import').setInputFiles([fileUpload('bookmarks.json', 'application/json', exported)]);
      await ctx.waitForToast('Bookmarks JSON imported successfully!');
      expect(await listed(ctx)).toEqual(['1 Part one', '1.1 Chapter 1', '1.1.1 Section 1.1', '1.2 Chapter 2', '2 Part two']);

      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('manual_with_toc.pdf');
      expect(outlineOf(result.bytes)).toEqual([
        { title: 'Part one', page: 1, children: [{ title: 'Chapter 1', page: 2, children: [leaf('Section 1.1', 3)] }, leaf('Chapter 2', 4)] },
        leaf('Part two', 5),
      ]);
    },
  },
  {
    name: 'with Replace existing bookmarks unticked, adds the new entries after the file’s own',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('manual.pdf', manual())]);
      await ctx.page.getByText('Loaded 3 bookmarks from the file; it has 6 pages.').waitFor();
      await ctx.page.getByLabel('Replace existing bookmarks').uncheck();
      await ctx.page.getByRole('list', { name: 'Bookmarks already in the file' }).waitFor();
      await ctx.page.getByText('Nothing to add yet.').waitFor();
      await addEntry(ctx, '1', 'Appendix ü', 6);
      await ctx.run();
      const result = await ctx.download();
      expect(outlineOf(result.bytes)).toEqual([leaf('Intro', 1), { title: 'Old chapter', page: 2, children: [leaf('Old section', 3)] }, leaf('Appendix ü', 6)]);
    },
  },
]);
