import { readFile, writeFile } from 'node:fs/promises';
import {
  concatTransformationMatrix,
  drawObject,
  popGraphicsState,
  pushGraphicsState,
  setGraphicsState,
  PDFDocument,
  PDFName,
  PDFStream,
  type PDFOperator,
  type PDFRef,
} from 'pdf-lib';
import type { InputFile } from '@folio/registry';
import type { EngineOptions } from '../engines/process';
import { overlayPages } from '../engines/qpdf';
import type { Workspace } from '../workspace/workspace';
import { compose, scaling, translation, type Matrix } from './geometry';
import type { Mark, TextMarkSource } from './marks';

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
 * drawn once into a small PDF (pdf-lib), one page per distinct overlay page;
 * qpdf then lays those pages over the targets, appending a content stream per
 * page and copying everything else as it is, so a large document is neither
 * loaded whole nor re-rendered. Every mark is a transparency group drawn at
 * the plan's opacity: a text block's own graphics states cannot undo it.
 */
export async function applyMarks(file: InputFile, plan: MarkPlan, workspace: Workspace, engine: EngineOptions): Promise<string> {
  const overlay = workspace.newPath('.pdf');
  await writeFile(overlay, await drawOverlay(plan));
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

async function drawOverlay(plan: MarkPlan): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const objects = await embedMarks(doc, plan.marks);
  const graphicsState = doc.context.register(doc.context.obj({ Type: 'ExtGState', ca: plan.opacity, CA: plan.opacity }));

  for (const spec of plan.pages) {
    const page = doc.addPage([spec.width, spec.height]);
    const names = new Map<number, PDFName>();
    const nameOf = (mark: number) => {
      let name = names.get(mark);
      if (!name) names.set(mark, (name = page.node.newXObject('M', objects[mark].ref)));
      return name;
    };
    const operators: PDFOperator[] = [pushGraphicsState(), setGraphicsState(page.node.newExtGState('GS', graphicsState))];
    for (const placed of spec.marks) {
      const matrix = compose(objects[placed.mark].inner, placed.matrix);
      operators.push(pushGraphicsState(), concatTransformationMatrix(...matrix), drawObject(nameOf(placed.mark)), popGraphicsState());
    }
    operators.push(popGraphicsState());
    page.pushOperators(...operators);
  }
  return doc.save({ useObjectStreams: false });
}

/** Each mark as an XObject, and the transform that puts its box at the origin. */
async function embedMarks(doc: PDFDocument, marks: readonly Mark[]): Promise<{ ref: PDFRef; inner: Matrix }[]> {
  const embedded: { ref: PDFRef; inner: Matrix }[] = new Array(marks.length);

  // Text blocks and drawings: pages of PDFs, each PDF's embedded together so their fonts are copied once.
  const byPdf = new Map<string, number[]>();
  marks.forEach((mark, index) => {
    if (mark.source.kind !== 'image') byPdf.set(mark.source.pdf, [...(byPdf.get(mark.source.pdf) ?? []), index]);
  });
  for (const [path, indices] of byPdf) {
    const source = await PDFDocument.load(await readFile(path));
    const pages = indices.map((index) => source.getPage((marks[index].source as TextMarkSource).page));
    const forms = await doc.embedPages(pages);
    for (const [k, index] of indices.entries()) {
      await forms[k].embed();
      // A group: the outer opacity applies to the block as a whole.
      doc.context.lookup(forms[k].ref, PDFStream).dict.set(PDFName.of('Group'), doc.context.obj({ Type: 'Group', S: 'Transparency' }));
      const mark = marks[index];
      const { kind, left, bottom } = mark.source as TextMarkSource;
      // A text block is drawn at its own size; a drawing is scaled from its page to the mark's box.
      const { width, height } = pages[k].getSize();
      const inner = translation(-left, -bottom);
      embedded[index] = { ref: forms[k].ref, inner: kind === 'drawing' ? compose(inner, scaling(mark.width / width, mark.height / height)) : inner };
    }
  }

  // Images: one XObject per file, drawn on the unit square scaled to the mark's box.
  for (const [index, mark] of marks.entries()) {
    if (mark.source.kind !== 'image') continue;
    const bytes = await readFile(mark.source.path);
    const image = mark.source.format === 'jpeg' ? await doc.embedJpg(bytes) : await doc.embedPng(bytes);
    await image.embed();
    embedded[index] = { ref: image.ref, inner: scaling(mark.width, mark.height) };
  }
  return embedded;
}
