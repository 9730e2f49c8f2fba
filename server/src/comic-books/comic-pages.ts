import type { ServerConfig } from '../config';
import type { EngineOptions } from '../engines/process';
import { PdfCorruptedError } from '../engines/pdf-errors';
import { readPageSizes, renderPages } from '../engines/poppler';
import { refuseOversizedRendering } from '../input-checks/raster-budget';
import type { InputFile } from '../tool-execution/processor';
import type { ProgressReporter } from '../tool-execution/progress-reporter';
import type { Workspace } from '../workspace/workspace';

/** A drawn page and its name in the comic book archive. */
export interface ComicPage {
  path: string;
  name: string;
}

/**
 * Every page drawn by Poppler's pdftoppm as an RGB PNG at `dpi`, annotations
 * shown as viewers show them, named `page_001.png`, `page_002.png`, ... for
 * PDF to CBZ and PDF to CBR alike (reference-beyond §7.4). The pixels are
 * weighed from the page sizes before anything is drawn, as PDF to Image does (§11.6).
 */
export async function drawComicPages(
  file: InputFile,
  dpi: number,
  context: { workspace: Workspace; engine: EngineOptions; progress: ProgressReporter; config: ServerConfig },
): Promise<ComicPage[]> {
  const { workspace, engine, progress, config } = context;
  const sizes = await readPageSizes(file.path, engine);
  refuseOversizedRendering(file, sizes, dpi, config, { page: 'Choose a lower DPI.', request: 'Choose a lower DPI, or split the document first.' });

  const settings = { dpi, colour: 'colour', annotations: true, format: 'png' } as const;
  const pages = await renderPages(file.path, sizes.length, workspace.newPath(), settings, engine, (done, of) =>
    progress.measure(done / of, `page ${done} of ${of}`),
  );
  if (pages.length !== sizes.length) throw new PdfCorruptedError(file.originalName, `Poppler drew ${pages.length} of ${sizes.length} pages`);
  return pages.map((path, i) => ({ path, name: `page_${String(i + 1).padStart(3, '0')}.png` }));
}
