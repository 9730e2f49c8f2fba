import { checkbox, defineTool, notInSpec, number, singlePdfInput } from './kit';

const MARGIN_MESSAGE = notInSpec('Margins must be numbers of 0 or more.', 'crop-pdf margins; the spec gives the inputs, not a message');

/**
 * Crop PDF: cuts margins off every page. The page sends the visitor's margins;
 * Stirling's API clients send one crop rectangle (`x`, `y`, `width`, `height`,
 * PDF points from the lower-left corner) or ask for `autoCrop`.
 */
export const cropPdfTool = defineTool({
  id: 'crop-pdf',
  category: 'organize',
  structural: true,
  title: 'Crop PDF',
  subtitle: 'Trim the margins of every page.',
  endpoint: '/api/v1/general/crop',

  input: singlePdfInput({ dropMessage: true }),

  // 1 px on the page is 1 PDF point (1/72 inch).
  fields: {
    top: number({ label: 'Top (px)', default: 0, min: 0, invalid: MARGIN_MESSAGE }),
    right: number({ label: 'Right (px)', default: 0, min: 0, invalid: MARGIN_MESSAGE }),
    bottom: number({ label: 'Bottom (px)', default: 0, min: 0, invalid: MARGIN_MESSAGE }),
    left: number({ label: 'Left (px)', default: 0, min: 0, invalid: MARGIN_MESSAGE }),
    x: number({ label: 'Crop box x', apiOnly: true, invalid: notInSpec('x must be a number.', 'crop-pdf `x` (API only)') }),
    y: number({ label: 'Crop box y', apiOnly: true, invalid: notInSpec('y must be a number.', 'crop-pdf `y` (API only)') }),
    width: number({
      label: 'Crop box width',
      apiOnly: true,
      greaterThan: 0,
      invalid: notInSpec('Crop width must be greater than 0.', 'crop-pdf `width` (API only)'),
    }),
    height: number({
      label: 'Crop box height',
      apiOnly: true,
      greaterThan: 0,
      invalid: notInSpec('Crop height must be greater than 0.', 'crop-pdf `height` (API only)'),
    }),
    // Without Ghostscript the content outside the crop is hidden, never deleted (docs/compatibility.md).
    removeDataOutsideCrop: checkbox({ label: 'Remove data outside the crop', apiOnly: true, default: true }),
    autoCrop: checkbox({ label: 'Crop to the content automatically', apiOnly: true, default: false }),
  },

  requestEnhancer: 'crop-box',
  action: { label: 'Crop PDF', busyLabel: 'Cropping...' },
  result: { kind: 'pdf' },
  download: { api: '{base}_cropped.pdf', browser: '{base}_cropped.pdf', fallback: 'cropped.pdf', label: 'Download Cropped PDF' },
  toast: { success: 'PDF cropped successfully! Preview below or download the file.' },
});
