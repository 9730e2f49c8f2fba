import { checkbox, defineTool, singlePdfInput, text } from './kit';

/**
 * PDF to PDF/A: Ghostscript rewrites the document as PDF/A-1b, 2b or 3b (or
 * PDF/X), with an sRGB output intent and every font embedded; the result is
 * checked before it is sent (reference §4.11).
 */
export const pdfToPdfaTool = defineTool({
  id: 'pdf-to-pdfa',
  category: 'convert-from',
  title: 'PDF to PDF/A',
  subtitle: 'Archive-ready PDF/A files.',
  endpoint: '/api/v1/convert/pdf/pdfa',
  longRunning: true,

  input: singlePdfInput(),

  fields: {
    outputFormat: text({
      label: 'Output format',
      help: 'pdfa-1 (PDF/A-1b), pdfa-2b, pdfa-3b or pdfx; anything else gives PDF/A-2b, as in the reference.',
      // Free text, not a select: the reference turns an unknown value into PDF/A-2b instead of refusing it.
      // The page sends nothing.
      default: 'pdfa-2b',
      maxLength: 100,
      apiOnly: true,
    }),
    strict: checkbox({
      label: 'Strict',
      help: 'Refuse to answer unless the result passes the PDF/A checks (they always run; this flag is accepted for compatibility).',
      default: false,
      apiOnly: true,
    }),
  },

  action: { label: 'Convert to PDF/A', busyLabel: 'Converting...' },
  result: {
    kind: 'pdf',
    // The processor reads `outputFormat` as the reference does (any case, surrounding spaces, several spellings): the name says what it made.
    outcomes: {
      'pdfa-1b': { when: '`outputFormat` reads as PDF/A-1b (pdfa-1, pdfa-1b)', download: { api: '{base}_PDFA-1b.pdf' } },
      'pdfa-3b': { when: '`outputFormat` reads as PDF/A-3b (pdfa-3, pdfa-3b)', download: { api: '{base}_PDFA-3b.pdf' } },
      pdfx: { when: '`outputFormat` reads as PDF/X (pdfx)', download: { api: '{base}_PDFX.pdf' } },
    },
  },
  download: { api: '{base}_PDFA-2b.pdf', browser: '{base}_pdfa.pdf', fallback: 'converted_pdfa.pdf' },
  toast: { success: 'PDF converted to PDF/A successfully!' },
});
