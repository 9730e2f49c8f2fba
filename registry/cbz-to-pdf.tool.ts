import { checkbox, defineTool, notInSpec } from './kit';

/**
 * CBZ to PDF: a comic book's pictures, one page each, in the natural order of
 * their names (`page2` before `page10`), each page the picture's own size (one
 * pixel a point); JPEGs go in as they are, other pictures losslessly
 * (reference-beyond §7.4). Unlike the reference it takes WebP pages, and it
 * refuses archives past its budgets (entries, bytes, pixels) before decoding anything.
 */
export const cbzToPdfTool = defineTool({
  id: 'cbz-to-pdf',
  category: 'convert-to',
  title: 'CBZ to PDF',
  subtitle: 'Comic book archives (CBZ, ZIP) to PDF.',
  endpoint: '/api/v1/convert/cbz/pdf',

  input: {
    accept: ['cbz', 'zip'],
    multiple: false,
    messages: {
      missing: notInSpec('Please upload a CBZ or ZIP file.', 'reference-beyond §7.4'),
      wrongType: notInSpec('Please upload a CBZ or ZIP file of pictures.', 'reference-beyond §7.4 ("File must be a CBZ or ZIP archive")'),
    },
  },

  fields: {
    optimizeForEbook: checkbox({
      label: 'Optimise for e-readers',
      help: 'Store pictures at e-reader resolution (150 DPI, JPEG) for a much smaller file.',
      default: false,
    }),
  },

  action: { label: 'Convert to PDF', busyLabel: 'Converting...' },
  result: { kind: 'pdf' },
  download: { api: '{base}_converted.pdf', browser: '{base}_converted.pdf', fallback: 'converted.pdf' },
  toast: { success: notInSpec('Comic converted to PDF successfully!', 'reference-beyond §7.4') },
});
