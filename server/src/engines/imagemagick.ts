import { pageWatchdog, runProcess, type EngineOptions } from './process';

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

const RESOURCE_LIMITS = [
  '-limit',
  'memory',
  '256MiB',
  '-limit',
  'map',
  '512MiB',
  '-limit',
  'disk',
  '1GiB',
  '-limit',
  'area',
  '128MP',
  '-limit',
  'width',
  '16KP',
  '-limit',
  'height',
  '16KP',
];

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
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
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
      '-depth',
      '8',
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

/** How `makeLookScanned` treats one page picture; every value is chosen by the caller (randomness included). */
export interface ScanLook {
  /** Grey output (unless `yellowish` tints it); otherwise colour. */
  grayscale: boolean;
  /**
   * The frame drawn around the page before it is tilted, innermost ring
   * first: each ring's width in pixels and grey level (0–255). e.g. a shaded
   * edge [{ width: 5, grey: 232 }, { width: 5, grey: 215 }, ...]
   */
  border: readonly { width: number; grey: number }[];
  /** Tilt in degrees, clockwise. */
  angle: number;
  /** Grey level (0–255) showing in the corners the tilt uncovers. */
  background: number;
  /** Gaussian blur sigma in pixels; 0 for none. */
  blur: number;
  /** Multiplies every level (1 unchanged). */
  brightness: number;
  /** Stretches levels about mid-grey (1 unchanged). */
  contrast: number;
  /** Standard deviation of the grain, in levels of 255 (at mid-grey); 0 for none. */
  noise: number;
  /** Tints the page like old paper. */
  yellowish: boolean;
  /** Pixel size of the result: the tilted picture is scaled to cover it and cut to it. */
  width: number;
  height: number;
  /** JPEG quality, 1–100. */
  quality: number;
}

/** ImageMagick's Gaussian noise: a standard deviation of about 20 levels of 255 at mid-grey per unit of -attenuate. */
const NOISE_LEVELS_PER_ATTENUATE = 20;

/**
 * Makes a rendered page (PGM, PPM or PNG) look scanned and writes it as a
 * baseline JPEG of `look.width` × `look.height` pixels: framed, tilted,
 * blurred, its levels changed, grain added, tinted, then scaled to cover the
 * page's size and cut to it. One thread: callers run pages side by side.
 */
export async function makeLookScanned(input: string, output: string, look: ScanLook, options: EngineOptions): Promise<void> {
  const grey = (level: number) => `gray(${Math.round(Math.min(255, Math.max(0, level)))})`;
  const colourOut = !look.grayscale || look.yellowish;
  await runProcess(
    CONVERT,
    [
      ...RESOURCE_LIMITS,
      '-limit',
      'thread',
      '1',
      input,
      ...(look.grayscale ? ['-colorspace', 'Gray'] : []),
      ...look.border.flatMap((ring) => ['-bordercolor', grey(ring.grey), '-border', String(ring.width)]),
      // Turned by a distortion sampled bilinearly (-filter point: no area resampling), twice as fast as -rotate; +filter after it, for the resize.
      ...(look.angle !== 0
        ? ['-background', grey(look.background), '-virtual-pixel', 'background', '-filter', 'point', '+distort', 'SRT', look.angle.toFixed(3), '+filter']
        : []),
      ...(look.blur > 0 ? ['-blur', `0x${look.blur}`] : []),
      ...(look.contrast !== 1 ? ['-function', 'Polynomial', `${look.contrast},${(1 - look.contrast) / 2}`] : []),
      ...(look.brightness !== 1 ? ['-evaluate', 'multiply', String(look.brightness)] : []),
      ...(look.noise > 0 ? ['-attenuate', String(look.noise / NOISE_LEVELS_PER_ATTENUATE), '+noise', 'Gaussian'] : []),
      // Old paper: blue and a little green taken out of the whites.
      ...(look.yellowish
        ? [
            '-colorspace',
            'sRGB',
            '-type',
            'TrueColor',
            '-channel',
            'G',
            '-evaluate',
            'multiply',
            '0.96',
            '-channel',
            'B',
            '-evaluate',
            'multiply',
            '0.82',
            '+channel',
          ]
        : []),
      '-resize',
      `${look.width}x${look.height}^`,
      '-gravity',
      'center',
      '-extent',
      `${look.width}x${look.height}`,
      '-type',
      colourOut ? 'TrueColor' : 'Grayscale',
      '-quality',
      String(look.quality),
      '-strip',
      `JPEG:${output}`,
    ],
    { ...options, watchdogMs: pageWatchdog(1) },
  );
}
