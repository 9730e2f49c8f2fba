import { runProcess, type EngineOptions } from './process';

/**
 * ImageMagick 6, for decoding the image formats pdf-lib cannot embed (GIF, BMP,
 * TIFF and its frames) and for colour conversion. Always the versioned binaries:
 * a plain `convert` on PATH may be something else entirely.
 *
 * The system policy (/etc/ImageMagick-6/policy.xml) already caps resources;
 * `-limit` only ever lowers those caps, and keeps one run from taking the
 * machine's memory when several jobs decode at once.
 */
const CONVERT = '/usr/bin/convert-im6.q16';
const IDENTIFY = '/usr/bin/identify-im6.q16';

const RESOURCE_LIMITS = ['-limit', 'memory', '256MiB', '-limit', 'map', '512MiB', '-limit', 'disk', '1GiB', '-limit', 'area', '128MP', '-limit', 'width', '16KP', '-limit', 'height', '16KP'];

/** One frame (page) of an image file, as its header describes it. */
export interface ImageFrame {
  /** 0-based frame number inside the file. */
  index: number;
  width: number;
  height: number;
  /** EXIF orientation as ImageMagick names it. e.g. 'TopLeft', 'RightTop', 'Undefined' */
  orientation: string;
  /** ImageMagick's format name. e.g. 'JPEG', 'TIFF' */
  format: string;
}

/** The file is not an image ImageMagick can read, or its header declares more than the policy allows. */
export class UnreadableImageError extends Error {
  constructor(readonly path: string, readonly reason: string) {
    super(`ImageMagick could not read ${path}: ${reason}`);
    this.name = 'UnreadableImageError';
  }
}

/**
 * Every frame's size and orientation, from the headers only (`-ping`: no pixel
 * is decoded), so a caller can refuse a pixel bomb before anything allocates it.
 */
export async function identifyFrames(path: string, options: EngineOptions): Promise<ImageFrame[]> {
  const result = await runProcess(IDENTIFY, [...RESOURCE_LIMITS, '-ping', '-format', '%p %w %h %[orientation] %m\\n', path], {
    ...options,
    okExitCodes: [0, 1],
  });
  // Over a policy limit, identify exits 1 without a word; a damaged file exits 1 with one.
  if (result.exitCode !== 0) throw new UnreadableImageError(path, result.stderr.trim() || 'its header declares an image larger than the decoder allows');
  const frames = result.stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [index, width, height, orientation, format] = line.trim().split(/\s+/);
      return { index: Number(index), width: Number(width), height: Number(height), orientation, format };
    });
  if (frames.length === 0 || frames.some((f) => !(f.width > 0 && f.height > 0))) throw new UnreadableImageError(path, 'no frame with a size');
  return frames;
}

/** Colour handling when an image is normalised. */
export type ImageColour = 'colour' | 'grey' | 'bilevel';

export interface NormaliseOptions {
  /** Frame to take from a multi-frame file. e.g. 2 for the third page of a TIFF */
  frame: number;
  colour: ImageColour;
  /** Turn the pixels upright by their EXIF orientation. */
  autoOrient: boolean;
}

/**
 * Decodes one frame into a PNG that pdf-lib can embed: upright, 8-bit, in the
 * chosen colours. Bilevel output is thresholded at mid-grey (sharp text, no
 * dither noise) after transparency is laid on white; colour and grey keep alpha.
 */
export async function normaliseToPng(input: string, output: string, settings: NormaliseOptions, options: EngineOptions): Promise<void> {
  const colour: Record<ImageColour, string[]> = {
    colour: ['-colorspace', 'sRGB'],
    grey: ['-colorspace', 'Gray'],
    bilevel: ['-background', 'white', '-alpha', 'remove', '-colorspace', 'Gray', '-threshold', '50%', '-type', 'Bilevel'],
  };
  await runProcess(
    CONVERT,
    [
      ...RESOURCE_LIMITS,
      `${input}[${settings.frame}]`,
      ...(settings.autoOrient ? ['-auto-orient'] : []),
      ...colour[settings.colour],
      '-depth', '8',
      '-strip',
      `PNG:${output}`,
    ],
    options,
  );
}

/** Formats `convertImage` writes. */
export type RasterFormat = 'png' | 'jpg' | 'webp' | 'tiff' | 'gif';

const CODER: Record<RasterFormat, string> = { png: 'PNG', jpg: 'JPEG', webp: 'WEBP', tiff: 'TIFF', gif: 'GIF' };
/** How each format is written: JPEG and WebP at quality 95, TIFF compressed losslessly. */
const ENCODING: Partial<Record<RasterFormat, string[]>> = {
  jpg: ['-quality', '95'],
  webp: ['-quality', '95'],
  tiff: ['-compress', 'zip'],
};

/**
 * Re-encodes a rendered image (PNG or PPM/PGM/PBM from Poppler) in another
 * format (see ENCODING); GIF dithered to its 256 colours, as GIF allows no more.
 */
export async function convertImage(input: string, output: string, format: RasterFormat, options: EngineOptions): Promise<void> {
  await runProcess(CONVERT, [...RESOURCE_LIMITS, input, ...(ENCODING[format] ?? []), `${CODER[format]}:${output}`], options);
}

/**
 * Stacks images top to bottom on one canvas as wide as the widest, each centred
 * on white (the reference's "single" picture of a document).
 */
export async function stackVertically(inputs: readonly string[], output: string, format: RasterFormat, options: EngineOptions): Promise<void> {
  await runProcess(
    CONVERT,
    [...RESOURCE_LIMITS, '-background', 'white', '-gravity', 'center', ...inputs, '-append', ...(ENCODING[format] ?? []), `${CODER[format]}:${output}`],
    options,
  );
}

/** Longest side ImageMagick may create here (policy and `-limit`): 16384 pixels. */
export const MAX_IMAGE_SIDE = 16384;

/** Puts images into one multi-frame file (TIFF), one frame each, in order. */
export async function combineFrames(inputs: readonly string[], output: string, format: RasterFormat, options: EngineOptions): Promise<void> {
  await runProcess(CONVERT, [...RESOURCE_LIMITS, ...inputs, ...(ENCODING[format] ?? []), `${CODER[format]}:${output}`], options);
}
