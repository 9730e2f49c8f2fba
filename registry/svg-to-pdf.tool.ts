import { checkbox, defineTool, notInSpec } from './kit';

const REFERENCE = 'reference-beyond §7.5';

/**
 * SVG to PDF: each SVG drawn by librsvg as one page of vectors the drawing's
 * own size (one CSS pixel a point), after everything that reaches outside the
 * file (scripts, links, external pictures and styles) is taken out. Several
 * SVGs give one PDF each, in a ZIP, or one PDF of all of them
 * (reference-beyond §7.5).
 */
export const svgToPdfTool = defineTool({
  id: 'svg-to-pdf',
  category: 'convert-to',
  title: 'SVG to PDF',
  subtitle: 'Vector drawings to PDF pages, one file each or combined.',
  endpoint: '/api/v1/convert/svg/pdf',

  input: {
    accept: ['svg'],
    multiple: true,
    // One run takes them all: combining needs every drawing, and a ZIP of several is named after the first.
    combine: true,
    messages: {
      missing: notInSpec('No files provided.', `${REFERENCE}, the reference's words`),
      wrongType: notInSpec('Please upload SVG files only.', REFERENCE),
    },
  },

  fields: {
    combineIntoSinglePdf: checkbox({
      label: 'Combine into one PDF',
      help: 'One page per drawing, in the order chosen; otherwise one PDF per drawing.',
      default: false,
    }),
  },

  action: { label: 'Convert to PDF', busyLabel: 'Converting...' },
  result: {
    kind: 'pdf',
    variants: [{ when: { combineIntoSinglePdf: [true] }, download: { api: '{base}_combined.pdf' } }],
    outcomes: {
      'several-drawings': {
        when: 'several SVGs are sent without combining: one PDF each, <base>.pdf, in a ZIP',
        kind: 'zip',
        download: { api: '{base}_converted_svgs.zip' },
      },
    },
  },
  download: { api: '{base}.pdf', browser: 'from-response', fallback: 'converted.pdf' },
  toast: { success: notInSpec('SVG converted to PDF successfully!', REFERENCE) },
});
