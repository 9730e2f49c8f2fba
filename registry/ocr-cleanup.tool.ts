import { checkbox, choices, defineTool, notInSpec, select, singlePdfInput } from './kit';

/** Tesseract's codes for the languages the spec offers (§9), each with its language data installed. */
const LANGUAGES = [
  { value: 'eng', label: 'English' },
  { value: 'chi_sim', label: 'Chinese Simplified' },
  { value: 'fra', label: 'French' },
  { value: 'deu', label: 'German' },
  { value: 'por', label: 'Portuguese' },
] as const;

/**
 * OCR / Cleanup Scans: adds a searchable text layer to scanned pages with
 * OCRmyPDF and Tesseract, optionally straightening and cleaning the scans,
 * with the recognised text alongside and the images removed afterwards
 * (reference §6.9).
 */
export const ocrCleanupTool = defineTool({
  id: 'ocr-cleanup',
  category: 'edit',
  title: 'OCR / Cleanup Scans',
  subtitle: 'Make scanned pages searchable.',
  endpoint: '/api/v1/misc/ocr-pdf',
  longRunning: true,

  input: singlePdfInput(),

  fields: {
    languages: choices({
      label: 'Languages',
      help: 'The languages the scanned text is written in.',
      options: LANGUAGES,
      // English is ticked to start with; unticking every box is refused. (The reference refuses a request without any; here it means English.)
      default: ['eng'],
      required: 'Please select at least one language.',
      invalid: 'Selected languages are invalid.',
      // The reference drops codes it has no language data for and refuses only when none is left.
      ignoreUnknown: true,
    }),
    ocrType: select({
      label: 'OCR mode',
      help: 'Skip text and Normal recognise only the pages without text; Force OCR recognises every page, turning its text into a picture.',
      options: [
        { value: 'skip-text', label: 'Skip text' },
        { value: 'force-ocr', label: 'Force OCR' },
        // The reference's clients send Normal; it behaves as skip-text there and here.
        { value: 'normal', label: 'Normal' },
      ],
      caseInsensitive: true,
      default: 'force-ocr',
      invalid: notInSpec('OCR mode must be skip-text, force-ocr or normal.', 'reference §6.9 `ocrType`, a select the page cannot get wrong'),
    }),
    ocrRenderType: select({
      label: 'Render type',
      help: 'How the recognised text is laid over the page: hOCR places each word itself, Sandwich uses Tesseract’s own text layer. Both are searchable.',
      options: [
        { value: 'hocr', label: 'hOCR' },
        { value: 'sandwich', label: 'Sandwich' },
      ],
      caseInsensitive: true,
      default: 'hocr',
      invalid: notInSpec('Render type must be hocr or sandwich.', 'reference §6.9 `ocrRenderType`, a select the page cannot get wrong'),
    }),
    sidecar: checkbox({
      label: 'Also return the recognised text',
      help: 'A ZIP with the PDF and a text file of what was recognised.',
      default: false,
    }),
    deskew: checkbox({
      label: 'Deskew',
      help: 'Straighten pages scanned at a slant.',
      default: false,
    }),
    clean: checkbox({
      label: 'Clean',
      help: 'Remove scanning specks and borders before recognising; the page keeps its original picture.',
      default: false,
    }),
    cleanFinal: checkbox({
      label: 'Clean final',
      help: 'Clean the scans and keep the cleaned picture in the result.',
      default: false,
    }),
    removeImagesAfter: checkbox({
      label: 'Remove images after OCR',
      help: 'Keep only the text: the pictures, scans included, are taken out of the result.',
      default: false,
    }),
  },

  action: { label: 'Process with OCR', busyLabel: 'Processing...' },
  result: {
    kind: 'pdf',
    // Reference §6.9: with the sidecar, a ZIP holding <base>_OCR.pdf and <base>_OCR.txt.
    variants: [{ when: { sidecar: [true] }, kind: 'zip', download: { api: '{base}_OCR.zip', browser: '{base}_ocr.zip', fallback: 'ocr.zip' } }],
  },
  download: { api: '{base}_OCR.pdf', browser: '{base}_ocr.pdf', fallback: 'ocr.pdf' },
  toast: { success: 'PDF processed with OCR successfully!' },
  // Recognising a page takes seconds, so a scan of a few hundred pages takes many minutes (docs/compatibility.md).
  timeoutMs: 30 * 60_000,
});
