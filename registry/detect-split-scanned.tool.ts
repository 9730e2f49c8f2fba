import { defineTool, notInSpec, number } from './kit';

/** Spec §5: one message for every parameter, inputs minimum 0. */
const NOT_NUMERIC = 'Please enter valid numeric values for all parameters.';

/** A whole number, 0 or more; the spec's page sends the snake_case name, the reference's clients camelCase. */
const parameter = (label: string, help: string, defaultValue: number, aliases: readonly string[]) =>
  number({ label, help, default: defaultValue, min: 0, integer: true, step: 1, aliases, invalid: NOT_NUMERIC });

/**
 * Detect / Split Scanned Photos: several photos scanned on one page (a picture
 * or a PDF, page by page) come out as separate pictures, each cut out of the
 * paper, turned upright when tilted by at least the angle threshold, and
 * trimmed (reference §6.14). Unlike the reference, the minimum areas are used
 * (docs/compatibility.md).
 */
export const detectSplitScannedTool = defineTool({
  id: 'detect-split-scanned',
  category: 'advanced',
  title: 'Detect / Split Scanned Photos',
  subtitle: 'Cut several photos out of one scan.',
  endpoint: '/api/v1/misc/extract-image-scans',

  // Spec §5: image or PDF for scanned photos.
  input: {
    accept: ['pdf', 'png', 'jpeg', 'gif', 'bmp', 'tiff'],
    multiple: false,
    messages: {
      missing: 'Please upload a PDF file.',
      wrongType: notInSpec('Please upload an image or a PDF file.', 'spec §5 accepts an image or a PDF for scanned photos and words no message'),
    },
  },

  // The spec's names and defaults (§7, §9); the reference's camelCase names as aliases.
  fields: {
    angle_threshold: parameter('Angle threshold', 'Smallest tilt, in degrees, that is turned upright.', 10, ['angleThreshold']),
    tolerance: parameter('Tolerance', 'How far (0–255) a colour may be from the paper’s and still count as paper.', 20, []),
    min_area: parameter('Minimum area', 'Fewest pixels a photo’s bounding box must cover; smaller finds are ignored.', 8000, ['minArea']),
    min_contour_area: parameter('Minimum contour area', 'Fewest pixels a photo’s outline must enclose; smaller finds are ignored.', 500, ['minContourArea']),
    border_size: parameter('Border size', 'Pixels taken off every side of each photo.', 1, ['borderSize']),
  },

  action: { label: 'Detect and Split Photos', busyLabel: 'Processing...' },
  // The reference answers a single photo as a PNG, several as a ZIP; the page saves either.
  result: {
    kind: 'zip',
    contentTypes: ['application/octet-stream', 'image/png'],
    outcomes: { 'one-photo': { when: 'one photo is found', kind: 'download', apiContentType: 'image/png', download: { api: '{base}.png' } } },
  },
  download: { api: '{base}_processed.zip', browser: '{base}_scans.zip', fallback: 'scans.zip' },
  toast: { success: 'Scanned photos processed successfully!' },
});
