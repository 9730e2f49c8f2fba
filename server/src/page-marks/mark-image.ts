import { open, readFile } from 'node:fs/promises';
import { JpegEmbedder } from 'pdf-lib';
import type { InputFile } from '@folio/registry';
import { imageDimensions } from '../engines/image-dimensions';
import { identifyFrames, normaliseToPng, UnreadableImageError } from '../engines/imagemagick';
import { EngineFailedError, type EngineOptions } from '../engines/process';
import { InvalidInputError } from '../refusals/input-errors';
import { megapixels } from '../input-checks/raster-budget';
import type { Workspace } from '../workspace/workspace';
import type { Mark } from './marks';

/** EXIF orientations that need no turning. */
const UPRIGHT = new Set(['TopLeft', 'Undefined']);

/**
 * How big an image mark is drawn, in points: as given; one side given, the
 * other following the picture's proportions; neither, one point per pixel
 * (Add Image's natural size).
 */
export interface ImageMarkSize {
  width?: number;
  height?: number;
}

/** An uploaded PNG or JPEG as a mark `height` points high, its width following the picture's proportions. */
export function imageMark(file: InputFile, height: number, maxPixels: number, workspace: Workspace, engine: EngineOptions): Promise<Mark> {
  return sizedImageMark(file, { height }, maxPixels, workspace, engine);
}

/**
 * An uploaded PNG or JPEG as a mark of the given size (upright by its EXIF
 * orientation; a PNG's transparency kept). The header is read before any pixel
 * is decoded (a pixel bomb is refused up front); a JPEG already upright that
 * pdf-lib can parse goes into the PDF as it is, anything else is decoded upright
 * into a PNG by ImageMagick.
 */
export async function sizedImageMark(file: InputFile, size: ImageMarkSize, maxPixels: number, workspace: Workspace, engine: EngineOptions): Promise<Mark> {
  const declared = await headerSize(file);
  if (declared) refuseOversized(file, declared.width, declared.height, maxPixels);
  const [frame] = await identifyFrames(file.path, engine).catch((error: unknown) => {
    throw error instanceof UnreadableImageError ? unreadable(file) : error;
  });
  refuseOversized(file, frame.width, frame.height, maxPixels);
  // EXIF orientations 5 to 8 turn the picture a quarter: its width and height swap.
  const turned = /^(LeftTop|RightTop|RightBottom|LeftBottom)$/.test(frame.orientation);
  const [pixelWidth, pixelHeight] = turned ? [frame.height, frame.width] : [frame.width, frame.height];
  const width = size.width ?? (size.height === undefined ? pixelWidth : (size.height * pixelWidth) / pixelHeight);
  const height = size.height ?? (size.width === undefined ? pixelHeight : (size.width * pixelHeight) / pixelWidth);
  if (file.type === 'jpeg' && UPRIGHT.has(frame.orientation) && (await embeddable(file.path))) {
    return { width, height, source: { kind: 'image', path: file.path, format: 'jpeg' } };
  }
  const png = workspace.newPath('.png');
  await normaliseToPng(file.path, png, { frame: 0, colour: 'colour', autoOrient: true }, engine).catch((error: unknown) => {
    throw error instanceof EngineFailedError ? unreadable(file) : error;
  });
  return { width, height, source: { kind: 'image', path: png, format: 'png' } };
}

/** Whether pdf-lib can take the JPEG's bytes as they are (it reads only the markers). */
async function embeddable(path: string): Promise<boolean> {
  return JpegEmbedder.for(await readFile(path)).then(
    () => true,
    () => false,
  );
}

async function headerSize(file: InputFile): Promise<{ width: number; height: number } | undefined> {
  const handle = await open(file.path, 'r');
  try {
    const head = Buffer.alloc(256 * 1024);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return imageDimensions(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

function refuseOversized(file: InputFile, width: number, height: number, maxPixels: number): void {
  if (width * height > maxPixels) {
    throw new InvalidInputError(
      `The image "${file.originalName}" is ${width} × ${height} pixels; images of up to ${megapixels(maxPixels)} megapixels can be used.`,
    );
  }
}

function unreadable(file: InputFile): InvalidInputError {
  return new InvalidInputError(`The image "${file.originalName}" could not be read: it is damaged, or larger than 16384 pixels on a side.`);
}
