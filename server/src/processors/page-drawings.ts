import { rm } from 'node:fs/promises';
import { readGrayImage, renderGrayPages } from '../engines/poppler';
import type { Box, PageLayout } from '../engines/poppler-text';
import type { EngineOptions } from '../engines/process';
import { selectPages } from '../engines/qpdf';
import type { PlacedRegion } from '../layout/analyse';
import { findDrawnBullets } from '../layout/drawn-bullets';
import { findRulingLines } from '../layout/ruling-lines';
import { tablesOnPage } from '../layout/tables';
import type { Workspace } from '../tools/workspace';

/**
 * What the layout analysis needs from the drawing of the pages rather than
 * their text: tables (tables.ts finds their ruling lines in a grey rendering)
 * and list bullets drawn as shapes. Pages with text are rendered, a few at a
 * time, and each is looked at once.
 */

export interface PageDrawings {
  /** Tables by page number, placed where they lie. */
  tables: Map<number, PlacedRegion[]>;
  /** Drawn bullets by page number. */
  bullets: Map<number, Box[]>;
}

const RENDER_DPI = 100;
const PAGES_PER_BATCH = 10;

export async function readPageDrawings(pdf: string, pages: readonly PageLayout[], workspace: Workspace, engine: EngineOptions): Promise<PageDrawings> {
  const drawings: PageDrawings = { tables: new Map(), bullets: new Map() };
  const withText = pages.filter((page) => page.blocks.length > 0);
  for (let start = 0; start < withText.length; start += PAGES_PER_BATCH) {
    const batch = withText.slice(start, start + PAGES_PER_BATCH);
    const subset = workspace.newPath('.pdf');
    await selectPages(pdf, subset, batch.map((page) => String(page.page)), engine);
    const images = await renderGrayPages(subset, workspace.newPath(), RENDER_DPI, engine);
    try {
      for (const [index, page] of batch.entries()) {
        if (!images[index]) continue;
        const image = await readGrayImage(images[index]);
        const lines = page.blocks.flatMap((block) => block.lines);
        const words = lines.flatMap((line) => line.words);
        const tables = tablesOnPage({ page: page.page, width: page.width, height: page.height, words }, findRulingLines(image, RENDER_DPI));
        if (tables.length > 0) drawings.tables.set(page.page, tables);
        const bullets = findDrawnBullets(image, RENDER_DPI, lines, words);
        if (bullets.length > 0) drawings.bullets.set(page.page, bullets);
      }
    } finally {
      await Promise.all([subset, ...images].map((path) => rm(path, { force: true })));
    }
  }
  return drawings;
}
