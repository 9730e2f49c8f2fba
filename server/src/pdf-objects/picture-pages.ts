import { stat } from 'node:fs/promises';
import type { ComicPicture } from '../comic-books/comic-archives';
import { compressWithPdfwrite, PdfRewriteError } from '../engines/ghostscript';
import { normaliseToPng } from '../engines/imagemagick';
import { runPdfLibTask } from '../engines/pdf-lib-tasks';
import { EngineFailedError, type EngineOptions, type ScratchFiles } from '../engines/process';
import { InvalidInputError } from '../refusals/input-errors';
import { picturePagesTask, type PagePicture } from './picture-pages.task';

/**
 * A comic's pictures as a PDF, a page each at the picture's own size: JPEG and
 * PNG as they are (DCT, Flate), GIF, BMP and WebP decoded by ImageMagick to PNG
 * first, so every page stays lossless (the reference refuses WebP). With
 * `optimizeForEbook`, Ghostscript's /ebook preset stores the pictures at
 * 150 DPI as JPEG; where it cannot, the PDF is answered as it was (as the
 * reference does). Answers the PDF's path.
 */
export async function picturesToPdf(
  pictures: readonly ComicPicture[],
  settings: { optimizeForEbook: boolean },
  workspace: ScratchFiles,
  engine: EngineOptions,
): Promise<string> {
  const pages: PagePicture[] = [];
  let bytes = 0;
  for (const picture of pictures) {
    let { path } = picture;
    if (picture.kind !== 'jpeg' && picture.kind !== 'png') {
      path = workspace.newPath('.png');
      await normaliseToPng(picture.path, path, { frame: 0, colour: 'colour', autoOrient: false }, engine).catch((error: unknown) => {
        if (error instanceof EngineFailedError) throw new InvalidInputError(`The picture "${picture.name}" could not be read: it is damaged.`);
        throw error;
      });
    }
    bytes += (await stat(path)).size;
    pages.push({ path, format: picture.kind === 'jpeg' ? 'jpeg' : 'png', name: picture.name });
  }

  const pdf = workspace.newPath('.pdf');
  await runPdfLibTask(picturePagesTask, { pictures: pages, output: pdf }, { pages: pages.length, bytes }, workspace, engine);
  if (!settings.optimizeForEbook) return pdf;

  const smaller = workspace.newPath('.pdf');
  try {
    await compressWithPdfwrite(pdf, smaller, 'ebook', pages.length, engine);
    return smaller;
  } catch (error) {
    if (error instanceof PdfRewriteError) return pdf;
    throw error;
  }
}
