import { checkbox, defineTool, notInSpec, select, singlePdfInput } from './kit';

const REFERENCE = 'reference-beyond §7.2';

/**
 * PDF to EPUB: the PDF's text, pictures and headings as a reflowable e-book
 * (EPUB, or AZW3 for Kindle) through Calibre, new chapters at headings that
 * begin with "Chapter".
 */
export const pdfToEpubTool = defineTool({
  id: 'pdf-to-epub',
  category: 'convert-from',
  title: 'PDF to EPUB',
  subtitle: 'A reflowable e-book (EPUB or AZW3) for e-readers.',
  endpoint: '/api/v1/convert/pdf/epub',
  longRunning: true,
  notice: 'Pages are converted with the Calibre e-book converter, one book at a time; a long document can take a minute or two.',

  input: singlePdfInput(),

  fields: {
    detectChapters: checkbox({
      label: 'Detect chapters',
      help: 'Start a new chapter at each line that begins with “Chapter”.',
      default: true,
    }),
    // Enum constants, exact case, as the reference binds them (§1.5).
    targetDevice: select({
      label: 'Target device',
      options: [
        { value: 'TABLET_PHONE_IMAGES', label: 'Tablet or phone (with images)' },
        { value: 'KINDLE_EINK_TEXT', label: 'Kindle e-reader (text)' },
      ],
      default: 'TABLET_PHONE_IMAGES',
      invalid: notInSpec('Target device must be TABLET_PHONE_IMAGES or KINDLE_EINK_TEXT.', REFERENCE),
    }),
    outputFormat: select({
      label: 'Output format',
      options: [
        { value: 'EPUB', label: 'EPUB' },
        { value: 'AZW3', label: 'AZW3 (Kindle)' },
      ],
      default: 'EPUB',
      invalid: notInSpec('Output format must be EPUB or AZW3.', REFERENCE),
    }),
  },

  action: { label: 'Convert', busyLabel: 'Converting...' },
  result: {
    kind: 'download',
    apiContentType: 'application/epub+zip',
    variants: [
      {
        when: { outputFormat: ['AZW3'] },
        apiContentType: 'application/vnd.amazon.ebook',
        download: { api: '{base}_convertedToAZW3.azw3', fallback: 'converted.azw3' },
      },
    ],
  },
  download: { api: '{base}_convertedToEPUB.epub', browser: 'from-response', fallback: 'converted.epub' },
  toast: { success: notInSpec('PDF converted to e-book successfully!', REFERENCE) },
});
