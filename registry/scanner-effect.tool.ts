import { checkbox, defineTool, notInSpec, number, select, singlePdfInput } from './kit';

/** Advanced settings show, are sent and are read only while the toggle is on (spec §4). */
const ADVANCED = { advancedEnabled: [true] } as const;

/** The spec gives each range (§5), not a message for a value outside it. */
const range = (label: string, min: number, max: number, whole: boolean) =>
  notInSpec(`${label} must be ${whole ? 'a whole number ' : ''}between ${min} and ${max}.`, 'spec §5 gives the range, not the message');

/**
 * Scanner Effect: every page made to look scanned (reference §6.16): drawn
 * as a picture, framed by a shaded border, tilted a little (and by chance a
 * little more or less on each page), blurred, grainy, its brightness and
 * contrast changed, tinted like old paper if asked, at a scanner's
 * resolution, on a page of its own size. The quality and rotation presets
 * set it up; the advanced settings, when turned on, set every value instead.
 */
export const scannerEffectTool = defineTool({
  id: 'scanner-effect',
  category: 'advanced',
  title: 'Scanner Effect',
  subtitle: 'Make a PDF look scanned.',
  endpoint: '/api/v1/misc/scanner-effect',

  input: singlePdfInput(),

  fields: {
    // The reference's values are its enum constants, lower-case and exact (§1.2, §6.16).
    quality: select({
      label: 'Quality',
      options: [
        { value: 'low', label: 'Low' },
        { value: 'medium', label: 'Medium' },
        { value: 'high', label: 'High' },
      ],
      default: 'high',
      invalid: notInSpec('Quality must be low, medium or high.', 'reference §6.16: an enum, lower-case'),
    }),
    rotation: select({
      label: 'Rotation',
      options: [
        { value: 'none', label: 'None' },
        { value: 'slight', label: 'Slight' },
        { value: 'moderate', label: 'Moderate' },
        { value: 'severe', label: 'Severe' },
      ],
      default: 'slight',
      invalid: notInSpec('Rotation must be none, slight, moderate or severe.', 'reference §6.16: an enum, lower-case'),
    }),
    advancedEnabled: checkbox({
      label: 'Advanced settings',
      help: 'Set each part of the effect yourself instead of the quality preset.',
      default: false,
    }),
    colorspace: select({
      label: 'Colorspace',
      options: [
        { value: 'grayscale', label: 'Grayscale' },
        { value: 'color', label: 'Color' },
      ],
      default: 'grayscale',
      visibleWhen: ADVANCED,
      resetWhenHidden: true,
      invalid: notInSpec('Colorspace must be grayscale or color.', 'reference §6.16: an enum, lower-case'),
    }),
    border: number({
      label: 'Border (px)',
      default: 20,
      min: 0,
      max: 100,
      integer: true,
      step: 1,
      visibleWhen: ADVANCED,
      resetWhenHidden: true,
      invalid: range('Border', 0, 100, true),
    }),
    rotate: number({
      label: 'Rotate (degrees)',
      default: 0,
      min: -15,
      max: 15,
      integer: true,
      step: 1,
      visibleWhen: ADVANCED,
      resetWhenHidden: true,
      invalid: range('Rotate', -15, 15, true),
    }),
    rotateVariance: number({
      label: 'Rotate variance (degrees)',
      default: 2,
      min: 0,
      max: 10,
      integer: true,
      step: 1,
      visibleWhen: ADVANCED,
      resetWhenHidden: true,
      invalid: range('Rotate variance', 0, 10, true),
    }),
    brightness: number({
      label: 'Brightness',
      default: 1,
      min: 0.5,
      max: 1.5,
      step: 0.01,
      visibleWhen: ADVANCED,
      resetWhenHidden: true,
      invalid: range('Brightness', 0.5, 1.5, false),
    }),
    contrast: number({
      label: 'Contrast',
      default: 1,
      min: 0.5,
      max: 1.5,
      step: 0.01,
      visibleWhen: ADVANCED,
      resetWhenHidden: true,
      invalid: range('Contrast', 0.5, 1.5, false),
    }),
    blur: number({ label: 'Blur', default: 1, min: 0, max: 5, step: 0.1, visibleWhen: ADVANCED, resetWhenHidden: true, invalid: range('Blur', 0, 5, false) }),
    noise: number({
      label: 'Noise',
      default: 8,
      min: 0,
      max: 20,
      step: 0.5,
      visibleWhen: ADVANCED,
      resetWhenHidden: true,
      invalid: range('Noise', 0, 20, false),
    }),
    yellowish: checkbox({ label: 'Yellowish paper', default: false, visibleWhen: ADVANCED, resetWhenHidden: true }),
    resolution: number({
      label: 'Resolution (DPI)',
      default: 300,
      min: 72,
      max: 600,
      integer: true,
      step: 1,
      visibleWhen: ADVANCED,
      resetWhenHidden: true,
      invalid: range('Resolution', 72, 600, true),
    }),
  },

  action: { label: 'Apply Scanner Effect', busyLabel: 'Processing...' },
  result: { kind: 'pdf' },
  download: { api: '{base}_scanner_effect.pdf', browser: '{base}_scanner_effect.pdf', fallback: 'scanner_effect.pdf' },
  toast: { success: 'Scanner effect applied successfully!' },
  // Spec §4: after a success every value goes back to its default.
  afterSuccess: 'reset',
});
