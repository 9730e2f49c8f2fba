import { checkbox, defineTool, notInSpec } from './kit';

const REFERENCE = 'reference-beyond §7.3';
const WRONG_TYPE = notInSpec('Please upload an e-book: EPUB, MOBI, AZW3, FB2, TXT or DOCX.', REFERENCE);

/**
 * E-book to PDF: EPUB, MOBI, AZW3, FictionBook, text or DOCX laid out as PDF
 * pages by Calibre, optionally with a table of contents, page numbers, every
 * font embedded, and made smaller for reading on screens (Ghostscript /ebook).
 */
export const ebookToPdfTool = defineTool({
  id: 'ebook-to-pdf',
  category: 'convert-to',
  title: 'E-book to PDF',
  subtitle: 'EPUB, MOBI, AZW3 and FB2 books to PDF.',
  endpoint: '/api/v1/convert/ebook/pdf',
  longRunning: true,
  notice: 'Books are converted with the Calibre e-book converter, one at a time; a long book can take a minute or two.',

  input: {
    accept: ['ebook'],
    multiple: false,
    listAccepted: 'Supported file types',
    // The reference says 'No input file provided' for a missing file; one message for both is clearer.
    messages: { missing: WRONG_TYPE, wrongType: WRONG_TYPE },
  },

  fields: {
    includeTableOfContents: checkbox({
      label: 'Add a table of contents',
      help: 'A page listing the chapters with their page numbers, at the end; chapters are bookmarks either way.',
      default: false,
    }),
    includePageNumbers: checkbox({ label: 'Add page numbers', default: false }),
    embedAllFonts: checkbox({
      label: 'Embed all fonts',
      help: 'Embed every font the book names, not only those it carries.',
      default: false,
    }),
    optimizeForEbook: checkbox({
      label: 'Optimise for e-readers',
      help: 'Smaller file: pictures reduced to screen resolution.',
      default: false,
    }),
  },

  action: { label: 'Convert to PDF', busyLabel: 'Converting...' },
  result: { kind: 'pdf' },
  download: { api: '{base}_convertedToPDF.pdf', browser: '{base}.pdf', fallback: 'converted.pdf' },
  toast: { success: notInSpec('E-book converted to PDF successfully!', REFERENCE) },
});
