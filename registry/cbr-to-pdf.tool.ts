import { checkbox, defineTool, notInSpec } from './kit';

/**
 * CBR to PDF: a RAR comic book's pictures, one page each, as CBZ to PDF makes
 * them (reference-beyond §7.4). Read with unar, so RAR 5 archives convert too
 * (the reference reads RAR 4 only); encrypted archives are refused.
 */
export const cbrToPdfTool = defineTool({
  id: 'cbr-to-pdf',
  category: 'convert-to',
  title: 'CBR to PDF',
  subtitle: 'Comic book archives (CBR, RAR) to PDF.',
  endpoint: '/api/v1/convert/cbr/pdf',

  input: {
    accept: ['cbr', 'rar'],
    multiple: false,
    messages: {
      missing: notInSpec('Please upload a CBR or RAR file.', 'reference-beyond §7.4'),
      wrongType: notInSpec('Please upload a CBR or RAR file of pictures.', 'reference-beyond §7.4 ("File must be a CBR or RAR archive")'),
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
