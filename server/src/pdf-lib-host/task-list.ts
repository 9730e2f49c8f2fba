import type { PdfLibTask } from '../engines/pdf-lib-tasks';
import { drawMarksTask } from '../page-marks/overlay-drawing.task';
import { picturePagesTask } from '../pdf-objects/picture-pages.task';
import { adjustPageSizeTask } from '../processors/adjust-page-size/adjust-page-size.task';
import { cropPdfTask } from '../processors/crop-pdf/crop-pdf.task';
import { multiPageLayoutTask } from '../processors/multi-page-layout/multi-page-layout.task';
import { singleLargePageTask } from '../processors/single-large-page/single-large-page.task';

/**
 * Every task the pdf-lib engine's process (host.ts) can run, each declared
 * beside the code it serves. Only the host imports this list: the server sends
 * a task by its name (engines/pdf-lib-tasks.ts), so neither the engine nor the
 * server's process depends on the tools through it.
 */
export const PDF_LIB_TASKS: readonly PdfLibTask<never, unknown>[] = [
  adjustPageSizeTask,
  cropPdfTask,
  multiPageLayoutTask,
  singleLargePageTask,
  drawMarksTask,
  picturePagesTask,
];
