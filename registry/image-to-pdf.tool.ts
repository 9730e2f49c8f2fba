import { checkbox, defineTool, select } from './kit';

const WRONG_TYPE = 'Please upload supported image files (JPG, PNG, GIF, BMP, TIFF).';

/**
 * Image to PDF: one page per image (per frame of a multi-page TIFF), in upload
 * order, all in one PDF (reference §4.5).
 *
 * The spec's four fit labels and the reference's three geometries meet like this:
 * Fill Page = the page takes the image's size, so the image fills it edge to edge
 * without distortion (reference `fitDocumentToImage`); Fit Page = scaled to fit an
 * A4 page, centred, aspect kept (`maintainAspectRatio`); Stretch = stretched over
 * the whole A4 page (the reference's `fillPage`, which stretches); Center = drawn
 * at its own size (1 px = 1 pt) in the middle of an A4 page, shrunk only if larger.
 */
export const imageToPdfTool = defineTool({
  id: 'image-to-pdf',
  category: 'convert-to',
  title: 'Image to PDF',
  subtitle: 'JPG, PNG, GIF, BMP and TIFF to PDF.',
  endpoint: '/api/v1/convert/img/pdf',

  input: {
    accept: ['jpeg', 'png', 'gif', 'bmp', 'tiff'],
    multiple: true,
    combine: true,
    messages: { missing: 'Please upload at least one image.', wrongType: WRONG_TYPE },
  },

  fields: {
    imageFit: select({
      label: 'Fit',
      // The reference's clients send fitOption with its three geometries.
      aliases: ['fitOption'],
      options: [
        { value: 'fill', label: 'Fill Page', aliases: ['fitDocumentToImage'] },
        { value: 'fit', label: 'Fit Page', aliases: ['maintainAspectRatio'] },
        { value: 'stretch', label: 'Stretch', aliases: ['fillPage'] },
        { value: 'center', label: 'Center' },
      ],
      // Not the reference's stretch: a default that distorts every photo is no default (docs/compatibility.md).
      default: 'fit',
    }),
    autoRotate: checkbox({
      label: 'Auto rotate',
      help: 'Put landscape images on landscape pages.',
      default: false,
    }),
    colourType: select({
      label: 'Colour',
      aliases: ['colorType'],
      options: [
        { value: 'colour', label: 'Colour', aliases: ['color'] },
        { value: 'grayscale', label: 'Greyscale', aliases: ['greyscale'] },
        { value: 'blackwhite', label: 'Black and white' },
      ],
      default: 'colour',
    }),
  },

  action: { label: 'Convert to PDF', busyLabel: 'Converting...' },
  result: { kind: 'pdf' },
  download: { api: '{base}_converted.pdf', browser: 'converted.pdf' },
  toast: { success: 'Images converted to PDF successfully!' },
});
