import { open, readFile, writeFile } from 'node:fs/promises';
import { Inject } from '@nestjs/common';
import { PageSizes, PDFDocument, type PDFImage } from 'pdf-lib';
import { imageToPdfTool, type ToolParams } from '@folio/registry';
import { SERVER_CONFIG, type ServerConfig } from '../../config';
import { identifyFrames, normaliseToPng, UnreadableImageError, type ImageColour, type ImageFrame } from '../../engines/imagemagick';
import { imageDimensions } from '../../engines/image-dimensions';
import { EngineFailedError } from '../../engines/process';
import { InvalidInputError } from '../../refusals/input-errors';
import { ToolProcessor, type InputFile, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { megapixels } from '../../input-checks/raster-budget';

type ImageFit = ToolParams<typeof imageToPdfTool>['imageFit'];

/** One page to be: a frame of an uploaded file. */
interface PageImage {
  file: InputFile;
  frame: ImageFrame;
}

const COLOURS: Record<ToolParams<typeof imageToPdfTool>['colourType'], ImageColour> = {
  colour: 'colour',
  grayscale: 'grey',
  blackwhite: 'bilevel',
};

/** JPEGs already upright need no decoding: their bytes go into the PDF as they are. */
const UPRIGHT = new Set(['TopLeft', 'Undefined']);

/**
 * Images to one PDF, a page per image (per frame of a TIFF), in upload order.
 * Every header is read before any pixel is decoded, so a pixel bomb is refused
 * up front; ImageMagick then decodes what pdf-lib cannot embed as it is.
 */
@ToolProcessor(imageToPdfTool)
export class ImageToPdfProcessor implements Processor<typeof imageToPdfTool> {
  constructor(@Inject(SERVER_CONFIG) private readonly config: ServerConfig) {}

  async run({ files, params, workspace, engine }: ProcessorInput<typeof imageToPdfTool>): Promise<ProcessorOutput> {
    const images: PageImage[] = [];
    for (const file of files) {
      await this.refuseOversizedHeader(file);
      const frames = await identifyFrames(file.path, engine).catch((error: unknown) => {
        if (error instanceof UnreadableImageError) throw unreadable(file);
        throw error;
      });
      // An animated GIF is one picture; its other frames are animation, not pages.
      for (const frame of file.type === 'gif' ? frames.slice(0, 1) : frames) images.push({ file, frame });
    }
    this.checkBudgets(images);

    const doc = await PDFDocument.create();
    const colour = COLOURS[params.colourType];
    for (const { file, frame } of images) {
      const asIs = file.type === 'jpeg' && colour === 'colour' && UPRIGHT.has(frame.orientation);
      // A JPEG pdf-lib cannot parse (odd markers) still goes through ImageMagick.
      let image: PDFImage | undefined = asIs ? await doc.embedJpg(await readFile(file.path)).catch(() => undefined) : undefined;
      if (!image) {
        const png = workspace.newPath('.png');
        await normaliseToPng(file.path, png, { frame: frame.index, colour, autoOrient: true }, engine).catch((error: unknown) => {
          throw error instanceof EngineFailedError ? unreadable(file) : error;
        });
        image = await doc.embedPng(await readFile(png));
      }
      placeOnPage(doc, image, params.imageFit, params.autoRotate);
    }
    const output = workspace.newPath('.pdf');
    await writeFile(output, await doc.save());
    return { path: output };
  }

  /** The size in a PNG, JPEG, GIF or BMP header, checked without starting ImageMagick (which would refuse silently). */
  private async refuseOversizedHeader(file: InputFile): Promise<void> {
    const handle = await open(file.path, 'r');
    try {
      const head = Buffer.alloc(256 * 1024);
      const { bytesRead } = await handle.read(head, 0, head.length, 0);
      const size = imageDimensions(head.subarray(0, bytesRead));
      if (size) this.checkFrame(file, size.width, size.height);
    } finally {
      await handle.close();
    }
  }

  private checkFrame(file: InputFile, width: number, height: number): void {
    const { maxPixelsPerPage } = this.config;
    if (width * height > maxPixelsPerPage) {
      throw new InvalidInputError(
        `The image "${file.originalName}" is ${width} × ${height} pixels; images of up to ${megapixels(maxPixelsPerPage)} megapixels can be converted.`,
      );
    }
  }

  private checkBudgets(images: readonly PageImage[]): void {
    const { maxRasterPages, maxPixelsPerRequest } = this.config;
    if (images.length > maxRasterPages)
      throw new InvalidInputError(`At most ${maxRasterPages} images (TIFF pages included) can go into one PDF; these make ${images.length}.`);
    let total = 0;
    for (const { file, frame } of images) {
      this.checkFrame(file, frame.width, frame.height);
      total += frame.width * frame.height;
    }
    if (total > maxPixelsPerRequest) {
      throw new InvalidInputError(
        `These images hold ${megapixels(total)} megapixels together; one conversion takes up to ${megapixels(maxPixelsPerRequest)}. Convert them in smaller groups.`,
      );
    }
  }
}

function unreadable(file: InputFile): InvalidInputError {
  return new InvalidInputError(`The image "${file.originalName}" could not be read: it is damaged, or larger than 16384 pixels on a side.`);
}

/**
 * Adds a page for the image, laid out as `fit` says (see the tool file): an A4
 * page, or for `image-size` a page of the image's size (1 pixel = 1 pt, as the
 * reference draws).
 */
function placeOnPage(doc: PDFDocument, image: PDFImage, fit: ImageFit, autoRotate: boolean): void {
  const { width, height } = image;
  if (fit === 'image-size') {
    doc.addPage([width, height]).drawImage(image, { x: 0, y: 0, width, height });
    return;
  }
  const [a4Width, a4Height] = PageSizes.A4;
  const landscape = autoRotate && width > height;
  const [pageWidth, pageHeight] = landscape ? [a4Height, a4Width] : [a4Width, a4Height];
  const page = doc.addPage([pageWidth, pageHeight]);
  if (fit === 'stretch') {
    page.drawImage(image, { x: 0, y: 0, width: pageWidth, height: pageHeight });
    return;
  }
  const [across, down] = [pageWidth / width, pageHeight / height];
  // Fill covers the page (the larger scale; the page's edge cuts what overhangs), Fit shows all of it.
  const scale = fit === 'fill' ? Math.max(across, down) : fit === 'center' ? Math.min(1, across, down) : Math.min(across, down);
  const [drawnWidth, drawnHeight] = [width * scale, height * scale];
  page.drawImage(image, { x: (pageWidth - drawnWidth) / 2, y: (pageHeight - drawnHeight) / 2, width: drawnWidth, height: drawnHeight });
}
