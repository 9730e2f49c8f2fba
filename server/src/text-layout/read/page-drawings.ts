import { rm } from 'node:fs/promises';
import { readGrayImage, renderGrayPages, type GrayImage } from '../../engines/poppler';
import { readWordBoxes, type Box, type PageLayout, type PageWords } from '../../engines/poppler-text';
import type { EngineOptions } from '../../engines/process';
import { selectPages } from '../../engines/qpdf/qpdf-pages';
import { findDrawnBullets } from '../analyse/drawn-bullets';
import { findRulingLines } from '../analyse/ruling-lines';
import { tablesOnPage, type PlacedTable } from '../analyse/tables';
import type { Workspace } from '../../workspace/workspace';

/**
 * What the converters need from the drawing of the pages rather than their
 * text: tables (tables.ts finds their ruling lines in a grey rendering) and
 * list bullets drawn as shapes. Pages with text are rendered, a few at a
 * time, and each is looked at once.
 */

export interface PageDrawings {
  /** Tables by page number, placed where they lie. */
  tables: Map<number, PlacedTable[]>;
  /** Drawn bullets by page number. */
  bullets: Map<number, Box[]>;
}

/** A table of PDF to CSV: its page and its cells. */
export interface Table {
  /** 1-based page number. */
  page: number;
  /** Cell texts, row by row; every row has the same number of cells. */
  rows: string[][];
}

/** Resolution pages are rendered at: thin ruling lines still show, pages stay small. */
const RENDER_DPI = 100;
/** Pages rendered at once, so a long document never lies on disk as a whole. */
const PAGES_PER_BATCH = 10;

/** Tables and drawn bullets of the pages that have text (the layout converters). */
export async function readPageDrawings(pdf: string, pages: readonly PageLayout[], workspace: Workspace, engine: EngineOptions): Promise<PageDrawings> {
  const drawings: PageDrawings = { tables: new Map(), bullets: new Map() };
  const withText = new Map(pages.filter((page) => page.blocks.length > 0).map((page) => [page.page, page]));
  await eachRenderedPage(pdf, [...withText.keys()], workspace, engine, (number, image) => {
    if (!image) return;
    const page = withText.get(number)!;
    const lines = page.blocks.flatMap((block) => block.lines);
    const words = lines.flatMap((line) => line.words);
    const tables = tablesOnPage({ page: page.page, width: page.width, height: page.height, words }, findRulingLines(image, RENDER_DPI));
    if (tables.length > 0) drawings.tables.set(page.page, tables);
    const bullets = findDrawnBullets(image, RENDER_DPI, lines, words);
    if (bullets.length > 0) drawings.bullets.set(page.page, bullets);
  });
  return drawings;
}

/**
 * Every table on `pages` (1-based; in that order, each page once), top to
 * bottom within a page (PDF to CSV). Words are read a batch of pages at a time.
 */
export async function findTables(pdf: string, pages: readonly number[], workspace: Workspace, engine: EngineOptions): Promise<Table[]> {
  const wanted = [...new Set(pages)];
  const sorted = [...wanted].sort((a, b) => a - b);
  const found = new Map<number, PlacedTable[]>();
  for (let start = 0; start < sorted.length; start += PAGES_PER_BATCH) {
    const batch = sorted.slice(start, start + PAGES_PER_BATCH);
    const texts: PageWords[] = [];
    for (const range of contiguousRanges(batch)) texts.push(...(await readWordBoxes(pdf, range, engine)));
    const withWords = new Map(texts.filter((text) => batch.includes(text.page) && text.words.length > 0).map((text) => [text.page, text]));
    await eachRenderedPage(pdf, [...withWords.keys()], workspace, engine, (number, image) => {
      const lines = image ? findRulingLines(image, RENDER_DPI) : { horizontals: [], verticals: [] };
      found.set(number, tablesOnPage(withWords.get(number)!, lines));
    });
  }
  return wanted.flatMap((page) => (found.get(page) ?? []).map(({ rows }) => ({ page, rows })));
}

/**
 * Cuts the pages out, renders them in grey a batch at a time and hands each to
 * `visit` in turn (undefined where Poppler drew none), so only one page's
 * pixels are in memory; the renderings are deleted batch by batch.
 */
async function eachRenderedPage(
  pdf: string,
  pages: readonly number[],
  workspace: Workspace,
  engine: EngineOptions,
  visit: (page: number, image: GrayImage | undefined) => void,
): Promise<void> {
  for (let start = 0; start < pages.length; start += PAGES_PER_BATCH) {
    const batch = pages.slice(start, start + PAGES_PER_BATCH);
    const subset = workspace.newPath('.pdf');
    await selectPages(pdf, subset, batch.map(String), engine);
    const images = await renderGrayPages(subset, batch.length, workspace.newPath(), RENDER_DPI, engine);
    try {
      for (const [index, page] of batch.entries()) visit(page, images[index] ? await readGrayImage(images[index]) : undefined);
    } finally {
      await Promise.all([subset, ...images].map((path) => rm(path, { force: true })));
    }
  }
}

/** Sorted page numbers as runs without gaps. e.g. [1, 2, 3, 7] → 1–3, 7–7 */
function contiguousRanges(sorted: readonly number[]): { first: number; last: number }[] {
  const ranges: { first: number; last: number }[] = [];
  for (const page of sorted) {
    const last = ranges[ranges.length - 1];
    if (last && page === last.last + 1) last.last = page;
    else ranges.push({ first: page, last: page });
  }
  return ranges;
}
