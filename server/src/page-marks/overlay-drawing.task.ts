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
import { loadPdf } from '../engines/pdf-lib';
import { compose, scaling, translation, type Matrix } from './geometry';
import type { Mark, TextMarkSource } from './marks';
import type { MarkPlan } from './overlay';
import { definePdfLibTask } from '../engines/pdf-lib-tasks';

export interface OverlayRequest {
  plan: Pick<MarkPlan, 'marks' | 'pages' | 'opacity'>;
  output: string;
}

/**
 * Task of the pdf-lib engine (engines/pdf-lib-tasks.ts): draws the plan's
 * marks into a PDF of overlay pages (page-marks/overlay.ts lays them over the
 * document). Every mark is a transparency group drawn at the plan's opacity.
 */
export async function drawMarks({ plan, output }: OverlayRequest): Promise<void> {
  await writeFile(output, await drawOverlay(plan));
}

async function drawOverlay(plan: OverlayRequest['plan']): Promise<Uint8Array> {
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
    const source = await loadPdf(path);
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

export const drawMarksTask = definePdfLibTask('draw-marks', drawMarks);
