import type { PdfwritePreset } from '../../engines/ghostscript';
import type { LooksBar } from '../../engines/pdf-compress';

/**
 * What each level does, and the ladder the target-size search climbs.
 *
 * Levels 1–3 lose nothing: 1 rewrites the structure (object streams, Flate at
 * level 9, identical streams stored once, unused objects gone); 2 also stores
 * images more compactly without changing a pixel (PNG predictors, CCITT G4
 * for black and white, a palette for pictures of few colours, JPEGs'
 * Huffman tables optimised); 3 also subsets fonts embedded whole.
 * Levels 4–9 resample photographs shown finer than their resolution and store
 * them as JPEG of falling quality; line art and masks stay exact.
 */

export interface LevelSettings {
  level: number;
  /** Pictures are resampled to this resolution where they are shown finer. */
  dpi?: number;
  /** JPEG quality for photographs. */
  quality?: number;
}

/**
 * 4 matches Ghostscript's /printer resolution (300 dpi), 5 its /ebook (150),
 * 9 its /screen (72). Qualities are libjpeg's, with optimised Huffman tables
 * and progressive order (Ghostscript uses neither), so they buy more per byte.
 */
export const LEVELS: Readonly<Record<number, LevelSettings>> = {
  1: { level: 1 },
  2: { level: 2 },
  3: { level: 3 },
  4: { level: 4, dpi: 300, quality: 85 },
  5: { level: 5, dpi: 150, quality: 62 },
  6: { level: 6, dpi: 150, quality: 60 },
  7: { level: 7, dpi: 120, quality: 55 },
  8: { level: 8, dpi: 96, quality: 45 },
  9: { level: 9, dpi: 72, quality: 40 },
};

/**
 * Ghostscript's pdfwrite preset each lossy level is matched with, as a rival
 * candidate (its resolution where the level's differs from the preset's).
 * Lossless levels have none: pdfwrite recodes pictures.
 */
export const PDFWRITE_RIVALS: Readonly<Record<number, { preset: PdfwritePreset; dpi?: number }>> = {
  4: { preset: 'printer' },
  5: { preset: 'ebook' },
  6: { preset: 'ebook' },
  7: { preset: 'ebook', dpi: 120 },
  8: { preset: 'ebook', dpi: 96 },
  9: { preset: 'screen' },
};

/**
 * How alike every sampled page must stay to the upload's, by level (grey
 * renders at 50 dpi; SSIM and PSNR): lossless levels change nothing visible;
 * the lossy ones allow what resampling and JPEG at their settings do to
 * photographs, and no more: a page that lost a mask, a colour or a picture
 * falls far below (the 22 dB of a soft mask with /Matte cut to another size).
 */
export function looksBar(level: number): LooksBar {
  const [minSsim, minPsnr] = level <= 3 ? [0.995, 45] : level === 4 ? [0.97, 32] : level <= 6 ? [0.93, 28] : level <= 8 ? [0.9, 26] : [0.85, 24];
  return { minSsim, minPsnr, dpi: 50, samplePages: 12 };
}

/** Resample only pictures shown finer than the target resolution by more than this factor. */
export const RESAMPLE_THRESHOLD = 1.1;

/**
 * The target-size search's ladder, [dpi, quality] from best to smallest: the
 * levels' own settings and some below level 9, for targets only they reach.
 */
export const SEARCH_GRID: readonly (readonly [number, number])[] = [
  [300, 85],
  [225, 80],
  [150, 75],
  [150, 60],
  [120, 55],
  [96, 45],
  [72, 40],
  [60, 35],
  [50, 30],
  [40, 25],
  [30, 20],
];

/** The points between two neighbours of the ladder, tried when the target falls between them. */
export function between(better: readonly [number, number], worse: readonly [number, number], steps = 3): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 1; i <= steps; i++) {
    const t = i / (steps + 1);
    const dpi = Math.round(better[0] * (worse[0] / better[0]) ** t);
    const quality = Math.round(better[1] + (worse[1] - better[1]) * t);
    out.push([dpi, quality]);
  }
  return out;
}
