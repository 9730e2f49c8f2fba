import { checkbox, defineTool, notInSpec, number, pages, select } from './kit';

/**
 * PDF to Image: renders the chosen pages with Poppler, as one image per page in
 * a ZIP or as one tall image (reference §4.6).
 */
export const pdfToImageTool = defineTool({
  id: 'pdf-to-image',
  category: 'convert-from',
  title: 'PDF to Image',
  subtitle: 'Pages to PNG, JPG, WEBP or TIFF.',
  endpoint: '/api/v1/convert/pdf/img',
  // Every page is drawn: a long document takes minutes, and the page shows how far it has got.
  longRunning: true,

  input: {
    accept: ['pdf'],
    multiple: true,
    messages: { missing: 'Please upload at least one PDF file.', wrongType: 'Please upload PDF files only.' },
  },

  fields: {
    imageFormat: select({
      label: 'Image format',
      // The page sends PNG, JPG, WEBP, TIFF; the reference's clients lower case, jpeg and tif too. GIF is the reference's.
      options: [
        { value: 'png', label: 'PNG' },
        { value: 'jpg', label: 'JPG', aliases: ['jpeg'] },
        { value: 'webp', label: 'WEBP' },
        { value: 'tiff', label: 'TIFF', aliases: ['tif'] },
        { value: 'gif', label: 'GIF' },
      ],
      caseInsensitive: true,
      default: 'png',
      invalid: notInSpec('Image format must be PNG, JPG, WEBP, TIFF or GIF.', 'pdf-to-image `imageFormat`, a select the page cannot get wrong'),
    }),
    pageResultType: select({
      label: 'Result',
      aliases: ['singleOrMultiple'],
      options: [
        { value: 'multiple', label: 'One image per page (ZIP)' },
        { value: 'single', label: 'One tall image' },
      ],
      default: 'multiple',
    }),
    customPages: pages({
      label: 'Pages',
      placeholder: 'e.g. all or 1,3,5-7',
      help: 'Pages in the order you want them: all, numbers, ranges like 5-7 or patterns like 2n.',
      aliases: ['pageNumbers'],
      default: 'all',
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
    includeAnnotations: checkbox({
      label: 'Include annotations',
      help: 'Draw comments, stamps and form fields as a viewer shows them.',
      default: false,
    }),
    dpi: number({
      label: 'DPI',
      default: 300,
      max: 500,
      // The spec's input starts at 1 and words only the upper bound; 0 or less is refused by the processor.
      inputMin: 1,
      step: 1,
      invalid: 'DPI cannot exceed 500.',
    }),
  },

  action: { label: 'Convert to Images', busyLabel: 'Converting...' },
  // The spec's page takes only ZIPs; the reference sends them as octet-stream, and one tall image as image/*.
  result: {
    kind: 'zip',
    contentTypes: ['application/zip', 'application/octet-stream', 'image/'],
    // One tall image is the image itself, in the format chosen.
    variants: [
      { when: { pageResultType: ['single'], imageFormat: ['png'] }, kind: 'download', apiContentType: 'image/png', download: { api: '{base}.png' } },
      { when: { pageResultType: ['single'], imageFormat: ['jpg'] }, kind: 'download', apiContentType: 'image/jpeg', download: { api: '{base}.jpg' } },
      { when: { pageResultType: ['single'], imageFormat: ['webp'] }, kind: 'download', apiContentType: 'image/webp', download: { api: '{base}.webp' } },
      { when: { pageResultType: ['single'], imageFormat: ['tiff'] }, kind: 'download', apiContentType: 'image/tiff', download: { api: '{base}.tiff' } },
      { when: { pageResultType: ['single'], imageFormat: ['gif'] }, kind: 'download', apiContentType: 'image/gif', download: { api: '{base}.gif' } },
    ],
  },
  download: { api: '{base}_convertedToImages.zip', browser: 'from-response', fallback: 'converted_images.zip' },
  toast: { success: 'PDF converted to images and zipped successfully!' },
});
