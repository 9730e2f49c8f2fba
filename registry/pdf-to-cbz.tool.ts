import { defineTool, notInSpec, number, singlePdfInput } from './kit';

/**
 * PDF to CBZ: every page drawn as a PNG picture (`page_001.png`, ...) at the
 * chosen resolution, in a comic book archive (reference-beyond §7.4). Unlike
 * the reference the resolution has a ceiling, and the pixels a request would
 * make are weighed before anything is drawn, as PDF to Image does.
 */
export const pdfToCbzTool = defineTool({
  id: 'pdf-to-cbz',
  category: 'convert-from',
  title: 'PDF to CBZ',
  subtitle: 'Pages as pictures in a comic book archive.',
  endpoint: '/api/v1/convert/pdf/cbz',
  // Every page is drawn: a long document takes a while, and the page shows how far it has got.
  longRunning: true,

  input: singlePdfInput(),

  fields: {
    dpi: number({
      label: 'DPI',
      help: 'Resolution the pages are drawn at: 150 suits most screens, 300 print.',
      default: 150,
      min: 1,
      max: 600,
      integer: true,
      step: 1,
      invalid: notInSpec('DPI must be a whole number from 1 to 600.', 'reference-beyond §7.4, §11.6 (no maximum in the reference)'),
    }),
  },

  action: { label: 'Convert to CBZ', busyLabel: 'Converting...' },
  // The reference sends the archive as octet-stream.
  result: { kind: 'zip' },
  download: { api: '{base}_converted.cbz', browser: '{base}_converted.cbz', fallback: 'converted.cbz' },
  toast: { success: notInSpec('PDF converted to a comic book successfully!', 'reference-beyond §7.4') },
});
