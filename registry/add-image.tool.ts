import { checkbox, defineTool, file, notInSpec, number, singlePdfInput } from './kit';

/** Where the options and their messages come from: the spec's page sends only the two files. */
const REFERENCE = 'reference §6.5 (add-image): the option exists in the API; the spec gives no message for a bad value';

/** Coordinates and sizes stay within a page's largest possible side (14,400 pt, 200 in). */
const LARGEST = 14_400;

/**
 * Add Image to PDF: a PNG, JPEG or SVG drawn with its lower-left corner at x, y
 * (points from the lower-left corner of the page as shown) on the first page or
 * on every page, one pixel a point (shrunk to fit the page) unless a width is
 * asked for; an image that would run off the page is refused, never cut off
 * unannounced. An SVG stays vectors. Each page gets one more content stream; nothing is re-rendered.
 */
export const addImageTool = defineTool({
  id: 'add-image',
  category: 'edit',
  title: 'Add Image to PDF',
  subtitle: 'Place a PNG, JPG or SVG on a page.',
  endpoint: '/api/v1/misc/add-image',

  input: singlePdfInput(),

  fields: {
    imageFile: file({
      label: 'Image',
      // The spec's page takes PNG and JPEG; the reference also draws SVG, as vectors.
      accept: ['png', 'jpeg', 'svg'],
      required: 'Please select an image file to upload.',
    }),
    x: number({
      label: 'X',
      help: 'Points from the left edge of the page to the image’s left edge.',
      default: 0,
      min: -LARGEST,
      max: LARGEST,
      invalid: notInSpec('X must be a number of points from -14400 to 14400.', REFERENCE),
    }),
    y: number({
      label: 'Y',
      help: 'Points from the bottom edge of the page to the image’s bottom edge.',
      default: 0,
      min: -LARGEST,
      max: LARGEST,
      invalid: notInSpec('Y must be a number of points from -14400 to 14400.', REFERENCE),
    }),
    everyPage: checkbox({
      label: 'Every page',
      help: 'Add the image to every page, not only the first.',
      default: false,
    }),
    // A page extra (the spec's page sends only the two files): without it a photo is placed one pixel a point.
    width: number({
      label: 'Width',
      help: 'In points (A4 is 595 wide); the height follows the image’s proportions. Left blank, one pixel is one point, shrunk if need be to fit the page.',
      placeholder: 'Fit the page',
      greaterThan: 0,
      max: LARGEST,
      invalid: notInSpec('Width must be greater than 0 and at most 14400 points.', 'an option of ours: the reference always draws one pixel a point'),
    }),
    height: number({
      label: 'Height',
      help: 'Points; with no width, the width follows the image’s proportions.',
      greaterThan: 0,
      max: LARGEST,
      apiOnly: true,
      invalid: notInSpec('Height must be greater than 0 and at most 14400 points.', 'an option of ours: the reference always draws one pixel a point'),
    }),
  },

  action: { label: 'Add Image', busyLabel: 'Processing...' },
  result: { kind: 'pdf' },
  download: { api: '{base}_overlayed.pdf', browser: '{base}_with_image.pdf', fallback: 'with_image.pdf' },
  toast: { success: 'Image added to PDF successfully!' },
});
