import { alphabetField, checkbox, defineTool, file, markColourField, markTypeField, notInSpec, number, singlePdfInput, text } from './kit';

/** Where the numbers and messages the spec leaves out come from. */
const REFERENCE = 'reference §5.3 (add-watermark): the option exists in the API; the spec gives no message for a bad value';

/**
 * Add Watermark: text (shaped for Latin, Arabic, CJK and Thai) or an image
 * repeated in a grid across every page, turned and see-through as asked; on
 * request the pages are then turned into pictures, so the watermark cannot be
 * lifted off.
 */
export const addWatermarkTool = defineTool({
  id: 'add-watermark',
  category: 'security',
  title: 'Add Watermark',
  subtitle: 'Tile a text or image watermark.',
  endpoint: '/api/v1/security/add-watermark',

  input: singlePdfInput(),

  fields: {
    watermarkType: markTypeField('Watermark type'),
    alphabet: alphabetField({ watermarkType: ['text'] }),
    watermarkText: text({
      label: 'Watermark text',
      help: '\\n starts a new line.',
      placeholder: 'CONFIDENTIAL',
      visibleWhen: { watermarkType: ['text'] },
      required: 'Please enter watermark text.',
      maxLength: 2000,
      invalid: notInSpec('Watermark text may be at most 2000 characters.', 'a limit of ours: the reference takes any length'),
    }),
    watermarkImage: file({
      label: 'Watermark image',
      accept: ['png', 'jpeg'],
      visibleWhen: { watermarkType: ['image'] },
      required: 'Please upload a watermark image.',
    }),
    fontSize: number({
      label: 'Font size',
      help: 'Text size in points; for an image, its height.',
      default: 30,
      min: 1,
      max: 1000,
      invalid: notInSpec('Font size must be between 1 and 1000.', REFERENCE),
    }),
    rotation: number({
      label: 'Rotation',
      help: 'Degrees, anticlockwise.',
      default: 45,
      min: 0,
      max: 360,
      invalid: notInSpec('Rotation must be between 0 and 360 degrees.', 'spec §5: rotation input 0-360'),
    }),
    // The page shows opacity in percent and sends it as opacityText; API clients send `opacity` (0-1), which wins.
    opacityText: number({
      label: 'Opacity (%)',
      default: 50,
      min: 0,
      max: 100,
      step: 1,
      invalid: notInSpec('Opacity must be between 0 and 100 percent.', 'spec §5: opacity input 0-100 percent'),
    }),
    opacity: number({
      label: 'Opacity',
      help: 'A fraction, 0 to 1; when left out, opacityText / 100 (0.5 by default).',
      min: 0,
      max: 1,
      apiOnly: true,
      invalid: notInSpec('Opacity must be between 0 and 1.', REFERENCE),
    }),
    widthSpacer: number({
      label: 'Width spacer',
      help: 'Points between copies, across.',
      default: 50,
      integer: true,
      min: 0,
      max: 10000,
      invalid: notInSpec('Width spacer must be a whole number from 0 to 10000.', REFERENCE),
    }),
    heightSpacer: number({
      label: 'Height spacer',
      help: 'Points between copies, down.',
      default: 50,
      integer: true,
      min: 0,
      max: 10000,
      invalid: notInSpec('Height spacer must be a whole number from 0 to 10000.', REFERENCE),
    }),
    customColor: markColourField({ watermarkType: ['text'] }, REFERENCE),
    convertPDFToImage: checkbox({
      label: 'Convert PDF to image',
      help: 'Turn every page into a picture, so the watermark cannot be removed; text can no longer be selected.',
      default: false,
      apiOnly: true,
    }),
  },

  action: { label: 'Add Watermark', busyLabel: 'Processing...' },
  result: { kind: 'pdf' },
  download: { api: '{base}_watermarked.pdf', browser: '{base}_watermarked.pdf', fallback: 'watermarked.pdf' },
  toast: { success: 'Watermark added successfully!' },
});
