import { stat } from 'node:fs/promises';
import type { InputFile } from '@folio/registry';
import { runPdfLibTask } from '../engines/pdf-lib-tasks';
import type { EngineOptions } from '../engines/process';
import { overlayPages } from '../engines/qpdf/qpdf-pages';
import type { Workspace } from '../workspace/workspace';
import type { Matrix } from './geometry';
import type { Mark } from './marks';
import { drawMarksTask } from './overlay-drawing.task';

/** One mark on an overlay page: `matrix` takes the mark's box (origin lower-left) onto the page. */
export interface PlacedMark {
  /** Index into the plan's marks. */
  mark: number;
  matrix: Matrix;
}

/** A page of marks, the size of the target pages it goes on as they are shown (their trim box, turned by /Rotate). */
export interface OverlayPage {
  width: number;
  height: number;
  marks: readonly PlacedMark[];
}

/** What to draw where: every target page gets one overlay page; pages alike share one. */
export interface MarkPlan {
  marks: readonly Mark[];
  pages: readonly OverlayPage[];
  /** Target pages (0-based, ascending) and the overlay page (index into `pages`) each gets. */
  targets: readonly { page: number; overlay: number }[];
  /** How opaque every mark is, 0 to 1. */
  opacity: number;
}

/**
 * Draws the plan's marks on `file` and answers the result's path. The marks are
 * drawn once into a small PDF (pdf-lib, overlay-drawing.task.ts), one page per distinct overlay page;
 * qpdf then lays those pages over the targets, appending a content stream per
 * page and copying everything else as it is, so a large document is neither
 * loaded whole nor re-rendered. Every mark is a transparency group drawn at
 * the plan's opacity: a text block's own graphics states cannot undo it.
 */
export async function applyMarks(file: InputFile, plan: MarkPlan, workspace: Workspace, engine: EngineOptions): Promise<string> {
  const overlay = workspace.newPath('.pdf');
  // The marks' PDFs come from the text renderer and librsvg, but a drawing is a visitor's SVG: pdf-lib reads them in its own process too.
  const sources = new Set(plan.marks.map(({ source }) => (source.kind === 'image' ? source.path : source.pdf)));
  let bytes = 0;
  for (const source of sources) bytes += (await stat(source)).size;
  const { marks, pages, opacity } = plan;
  await runPdfLibTask(drawMarksTask, { plan: { marks, pages, opacity }, output: overlay }, { pages: pages.length, bytes }, workspace, engine);
  const output = workspace.newPath('.pdf');
  await overlayPages(
    file.path,
    overlay,
    output,
    { targets: plan.targets.map((t) => t.page + 1), sources: plan.targets.map((t) => t.overlay + 1) },
    workspace.newPath('.args'),
    engine,
  );
  return output;
}
