import { adjustPageSize } from '../processors/adjust-page-size/adjust-page-size.task';
import { cropPages } from '../processors/crop-pdf/crop-pdf.task';
import { layOutPages } from '../processors/multi-page-layout/multi-page-layout.task';
import { stackPages } from '../processors/single-large-page/single-large-page.task';
import { drawMarks } from '../page-marks/overlay-drawing.task';

/**
 * Every task the pdf-lib engine's process (engines/pdf-lib-host.ts) can run, by
 * name. A task lives beside the code it serves (`<name>.task.ts`), takes and
 * answers plain data (paths, numbers, boxes: it travels as JSON) and is listed
 * here; engines/pdf-lib-tasks.ts runs it from the server, typed by this list.
 */
export const PDF_LIB_TASKS = {
  'adjust-page-size': adjustPageSize,
  'crop-pdf': cropPages,
  'multi-page-layout': layOutPages,
  'single-large-page': stackPages,
  'draw-marks': drawMarks,
};

export type PdfLibTasks = typeof PDF_LIB_TASKS;
