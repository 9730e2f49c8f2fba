import type { scannerEffectTool, ToolParams } from '@folio/registry';
import type { ScanLook } from '../../engines/imagemagick';

type Params = ToolParams<typeof scannerEffectTool>;

/** What the options ask of every page, before each page's own chance is drawn. */
export interface ScanSettings {
  dpi: number;
  grayscale: boolean;
  border: number;
  /** The tilt every page gets, in degrees, and how far one page may stray from it either way. */
  tilt: number;
  tiltVariance: number;
  blur: number;
  noise: number;
  brightness: number;
  contrast: number;
  yellowish: boolean;
}

/** The quality presets (reference §6.16): blur, noise, brightness, contrast and resolution. */
export const QUALITY_PRESETS = {
  high: { blur: 0.1, noise: 1.0, brightness: 1.03, contrast: 1.06, dpi: 150 },
  medium: { blur: 0.1, noise: 1.0, brightness: 1.06, contrast: 1.12, dpi: 100 },
  low: { blur: 0.9, noise: 2.5, brightness: 1.08, contrast: 1.15, dpi: 75 },
} as const;

/** The rotation presets' base tilt, in degrees. */
export const ROTATION_TILTS = { none: 0, slight: 2, moderate: 5, severe: 8 } as const;

/** Without the advanced settings: their defaults (spec §9), the quality preset for the rest. */
const PLAIN = { grayscale: true, border: 20, rotate: 0, rotateVariance: 2, yellowish: false };

/**
 * The settings the options ask for: with `advancedEnabled` every value as
 * sent (the rotation preset's tilt plus `rotate`); without, the quality
 * preset and the advanced defaults, except that the rotation preset "none"
 * means no tilt at all (the reference still lets each page stray by the
 * default variance, 2°).
 */
export function scanSettings(params: Params): ScanSettings {
  const base = ROTATION_TILTS[params.rotation];
  if (params.advancedEnabled) {
    return {
      dpi: params.resolution ?? 300,
      grayscale: (params.colorspace ?? 'grayscale') === 'grayscale',
      border: params.border ?? PLAIN.border,
      tilt: base + (params.rotate ?? PLAIN.rotate),
      tiltVariance: params.rotateVariance ?? PLAIN.rotateVariance,
      blur: params.blur ?? 1,
      noise: params.noise ?? 8,
      brightness: params.brightness ?? 1,
      contrast: params.contrast ?? 1,
      yellowish: params.yellowish ?? PLAIN.yellowish,
    };
  }
  const preset = QUALITY_PRESETS[params.quality];
  return {
    dpi: preset.dpi,
    grayscale: PLAIN.grayscale,
    border: PLAIN.border,
    tilt: base + PLAIN.rotate,
    tiltVariance: params.rotation === 'none' ? 0 : PLAIN.rotateVariance,
    blur: preset.blur,
    noise: preset.noise,
    brightness: preset.brightness,
    contrast: preset.contrast,
    yellowish: PLAIN.yellowish,
  };
}

/** Grey of the corners a tilted page uncovers: a scanner's dark lid edge. */
const BACKGROUND_GREY = 58;
/** The shaded frame: rings from light inside to darker outside, each page a little different. */
const FRAME_RINGS = 5;
const FRAME_INNER_GREY = 236;
const FRAME_OUTER_GREY = 196;
const FRAME_JITTER = 10;
const JPEG_QUALITY = 80;
/** A blur this slight changes no pixel that shows (the presets' 0.1), and costs as much as a visible one. */
const INVISIBLE_BLUR = 0.2;

/**
 * One page's look: the settings with this page's chance drawn (`random`
 * answers 0 ≤ x < 1): its tilt within the variance, its frame's shades.
 */
export function pageLook(settings: ScanSettings, size: { width: number; height: number }, random: () => number): ScanLook {
  const rings = Math.min(FRAME_RINGS, settings.border);
  const jitter = (random() * 2 - 1) * FRAME_JITTER;
  const border = Array.from({ length: rings }, (_, i) => ({
    // Widths spread the border over the rings, the remainder on the innermost.
    width: Math.floor(settings.border / rings) + (i < settings.border % rings ? 1 : 0),
    grey: FRAME_INNER_GREY + jitter - ((FRAME_INNER_GREY - FRAME_OUTER_GREY) * i) / Math.max(1, rings - 1),
  }));
  return {
    grayscale: settings.grayscale,
    border,
    angle: settings.tilt + (random() * 2 - 1) * settings.tiltVariance,
    background: BACKGROUND_GREY,
    blur: settings.blur < INVISIBLE_BLUR ? 0 : settings.blur,
    brightness: settings.brightness,
    contrast: settings.contrast,
    noise: settings.noise,
    yellowish: settings.yellowish,
    width: size.width,
    height: size.height,
    quality: JPEG_QUALITY,
  };
}
