import { rm } from 'node:fs/promises';
import { readGrayImage, renderGrayPages } from '../engines/poppler';
import type { PageLayout } from '../engines/poppler-text';
import type { EngineOptions } from '../engines/process';
import { selectPages } from '../engines/qpdf';
import type { PlacedRegion } from '../layout/analyse';
import { findRulingLines } from '../layout/ruling-lines';
import { tablesOnPage } from '../layout/tables';
import type { Workspace } from '../tools/workspace';

/**
 * The tables on the pages, placed where they lie, for the layout analysis to
 * read them as tables. Ruled tables need the page drawn (tables.ts finds the
 * lines in a grey rendering), so pages with text are rendered, a few at a time.
 */

const RULING_DPI = 100;
const PAGES_PER_BATCH = 10;

export async function findPlacedTables(pdf: string, pages: readonly PageLayout[], workspace: Workspace, engine: EngineOptions): Promise<Map<number, PlacedRegion[]>> {
  const found = new Map<number, PlacedRegion[]>();
  const withText = pages.filter((page) => page.blocks.length > 0);
  for (let start = 0; start < withText.length; start += PAGES_PER_BATCH) {
    const batch = withText.slice(start, start + PAGES_PER_BATCH);
    const subset = workspace.newPath('.pdf');
    await selectPages(pdf, subset, batch.map((page) => String(page.page)), engine);
    const images = await renderGrayPages(subset, workspace.newPath(), RULING_DPI, engine);
    try {
      for (const [index, page] of batch.entries()) {
        if (!images[index]) continue;
        const lines = findRulingLines(await readGrayImage(images[index]), RULING_DPI);
        const words = page.blocks.flatMap((block) => block.lines.flatMap((line) => line.words));
        const tables = tablesOnPage({ page: page.page, width: page.width, height: page.height, words }, lines);
        if (tables.length > 0) found.set(page.page, tables);
      }
    } finally {
      await Promise.all([subset, ...images].map((path) => rm(path, { force: true })));
    }
  }
  return found;
}
