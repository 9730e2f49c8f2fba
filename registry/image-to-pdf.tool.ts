import { checkbox, defineTool, select } from './kit';

const WRONG_TYPE = 'Please upload supported image files (JPG, PNG, GIF, BMP, TIFF).';

/**
 * Image to PDF: one page per image (per frame of a multi-page TIFF), in upload
 * order, all in one PDF (reference §4.5).
 *
 * Each fit does what its label says, on an A4 page (landscape for a wide image
 * with Auto rotate): Fill Page = the image covers the whole page, proportions
 * kept, what overhangs cut off; Fit Page = the whole image as large as the page
 * allows, centred (reference `maintainAspectRatio`); Stretch = stretched over the
 * whole page (the reference's `fillPage`, which stretches); Center = its own size
 * (1 px = 1 pt) in the middle, shrunk only if larger. The reference's third,
 * `fitDocumentToImage` (the page takes the image's size), is a fifth option.
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
      help: 'On an A4 page. Fill Page: the image covers the page, its proportions kept; edges that overhang are cut off. Fit Page: the whole image, as large as fits. Stretch: the image stretched to the page’s shape. Center: the image at its own size (one pixel a point), shrunk only if larger. Image size: the page takes the image’s size.',
      options: [
        { value: 'fill', label: 'Fill Page' },
        { value: 'fit', label: 'Fit Page', aliases: ['maintainAspectRatio'] },
        { value: 'stretch', label: 'Stretch', aliases: ['fillPage'] },
        { value: 'center', label: 'Center' },
        // The reference's third geometry; the spec's page offers the other four.
        { value: 'image-size', label: 'Image size', aliases: ['fitDocumentToImage'] },
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
