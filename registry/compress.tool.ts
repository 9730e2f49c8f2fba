import { checkbox, defineTool, notInSpec, number, select, singlePdfInput, size } from './kit';

/**
 * What each level does, for the page and OpenAPI. Levels 1–3 lose nothing;
 * 4–9 resample pictures shown finer than their resolution and store
 * photographs as JPEG at falling quality (line art and masks stay exact).
 */
export const COMPRESSION_LEVELS = [
  { value: 1, label: '1 · Lossless: tidy structure' },
  { value: 2, label: '2 · Lossless: + pictures stored better' },
  { value: 3, label: '3 · Lossless: + fonts trimmed' },
  { value: 4, label: '4 · High quality (300 dpi, print)' },
  { value: 5, label: '5 · Balanced (150 dpi, e-book)' },
  { value: 6, label: '6 · Smaller (150 dpi)' },
  { value: 7, label: '7 · Small (120 dpi)' },
  { value: 8, label: '8 · Very small (96 dpi)' },
  { value: 9, label: '9 · Smallest (72 dpi, screen)' },
] as const;

/**
 * Compress PDF (reference §6.3): never larger than the upload, text, vectors,
 * links, bookmarks, forms and metadata kept at every level; a target size is
 * searched for rather than stepped towards. The spec leaves this page to the
 * reference: the fields are its names, the texts our own.
 */
export const compressTool = defineTool({
  id: 'compress',
  category: 'advanced',
  title: 'Compress PDF',
  subtitle: 'Make a PDF smaller.',
  endpoint: '/api/v1/misc/compress-pdf',
  longRunning: true,

  input: singlePdfInput(),

  fields: {
    optimizeLevel: select({
      label: 'Compression level',
      help: 'Levels 1 to 3 change nothing you can see. From 4 on, photographs shown finer than the resolution named are made smaller, more at each level; text, drawings and line art always stay sharp.',
      options: COMPRESSION_LEVELS,
      default: 5,
      invalid: notInSpec('Compression level must be a whole number from 1 to 9.', 'reference §6.3: optimizeLevel is an integer from 1 to 9'),
    }),
    expectedOutputSize: size({
      label: 'Target size (optional)',
      placeholder: 'e.g. 2MB or 500KB',
      help: 'The best quality that fits is searched for; the level above is then not used. A number alone means megabytes.',
      maxLength: 32,
      invalid: notInSpec('Target size must be a size such as 500KB or 2MB.', 'reference §6.3: expectedOutputSize like 5KB or 2MB'),
    }),
    grayscale: checkbox({ label: 'Convert pictures to greyscale', help: 'Pictures in shades of grey; text and drawings keep their colours.', default: false }),
    linearize: checkbox({
      label: 'Fast web view',
      help: 'Arrange the file so that browsers can show the first page before the rest has arrived.',
      default: false,
    }),
    normalize: checkbox({
      label: 'Normalise page content',
      help: 'Rewrite page drawing commands in a regular form (reference: qpdf --normalize-content).',
      default: false,
      apiOnly: true,
    }),
    lineArt: checkbox({ label: 'Line art', help: 'Turn pictures into black and white line art.', default: false, apiOnly: true }),
    lineArtThreshold: number({
      label: 'Line art threshold',
      help: 'Percent of brightness below which a pixel becomes black.',
      default: 55,
      min: 0,
      max: 100,
      apiOnly: true,
      invalid: notInSpec('Line art threshold must be between 0 and 100.', 'reference §6.3: lineArtThreshold 0–100'),
    }),
    lineArtEdgeLevel: number({
      label: 'Line art edge level',
      help: 'How strongly edges are brought out before the threshold: 1, 2 or 3.',
      default: 1,
      min: 1,
      max: 3,
      integer: true,
      apiOnly: true,
      invalid: notInSpec('Line art edge level must be 1, 2 or 3.', 'reference §6.3: lineArtEdgeLevel 1–3'),
    }),
  },

  action: { label: 'Compress PDF', busyLabel: 'Processing...' },
  result: {
    kind: 'pdf',
    view: 'compression-summary',
    // What the compression summary shows (web/src/result-views/), said by the processor.
    headers: {
      'X-Compression-Outcome':
        '`compressed`, or `already-optimised` when no smaller file was found and the upload comes back as it was, or `repaired` when a damaged upload comes back repaired though no smaller.',
      'X-Compression-Method':
        'Which candidate the answer is: `folio` (our recoder), `ghostscript` (pdfwrite at the level’s preset) or `qpdf` (its lossless rewrite).',
      'X-Compression-Repaired': '`true` when the upload was damaged (its structure had to be rebuilt) and the answer is repaired.',
      'X-Compression-Original-Size': 'The upload’s size, in bytes.',
      'X-Compression-Result-Size': 'The answer’s size, in bytes.',
      'X-Compression-Target-Size': 'With a target size: that size, in bytes.',
      'X-Compression-Target-Met': 'With a target size: `true` when the answer is no larger, else `false`.',
      'X-Compression-Images': 'When images were recompressed: their resolution and JPEG quality, e.g. `150 dpi, JPEG quality 75`.',
    },
  },
  // The spec names no download for this page; the reference's name serves both.
  download: { api: '{base}_Optimized.pdf', browser: '{base}_Optimized.pdf', fallback: 'compressed.pdf' },
  toast: { success: 'PDF processed successfully!' },
});
