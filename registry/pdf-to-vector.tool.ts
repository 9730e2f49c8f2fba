import { defineTool, notInSpec, select, singlePdfInput } from './kit';

const REFERENCE = 'reference-beyond §7.1';

/**
 * PDF to PostScript: the document's pages as PostScript, EPS, PCL XL or XPS,
 * written by Ghostscript (reference-beyond §7.1). PCL is PCL XL (PCL 6) in
 * colour, as the reference writes it, not PCL 5. EPS holds one page, so a
 * document of several pages gives one EPS per page, in a ZIP (the reference
 * fails there). XPS text is drawn as outlines, sharp at any size.
 */
export const pdfToVectorTool = defineTool({
  id: 'pdf-to-vector',
  category: 'convert-from',
  title: 'PDF to PostScript',
  subtitle: 'PostScript, EPS, PCL or XPS for printers and layout programs.',
  endpoint: '/api/v1/convert/pdf/vector',

  input: singlePdfInput(),

  fields: {
    outputFormat: select({
      label: 'Output format',
      options: [
        { value: 'eps', label: 'EPS (Encapsulated PostScript)' },
        { value: 'ps', label: 'PostScript (PS)' },
        { value: 'pcl', label: 'PCL XL (PCL 6, for printers)' },
        { value: 'xps', label: 'XPS (XML Paper Specification)' },
      ],
      // The reference matches eps|ps|pcl|xps in any case; absent or blank is EPS.
      caseInsensitive: true,
      default: 'eps',
      invalid: notInSpec('Output format must be EPS, PS, PCL or XPS.', REFERENCE),
    }),
  },

  action: { label: 'Convert', busyLabel: 'Converting...' },
  result: {
    kind: 'download',
    variants: [
      { when: { outputFormat: ['eps', 'ps'] }, apiContentType: 'application/postscript' },
      { when: { outputFormat: ['pcl'] }, apiContentType: 'application/vnd.hp-PCL' },
      { when: { outputFormat: ['xps'] }, apiContentType: 'application/vnd.ms-xpsdocument' },
    ],
    outcomes: {
      'eps-per-page': {
        when: 'EPS is asked for a document of several pages (an EPS holds one page): one EPS per page, <base>_<n>.eps, in a ZIP',
        kind: 'zip',
        apiContentType: 'application/octet-stream',
        download: { api: '{base}_converted.zip' },
      },
    },
  },
  download: { api: '{base}_converted.{outputFormat}', browser: 'from-response', fallback: 'converted.{outputFormat}' },
  toast: { success: notInSpec('PDF converted to {FORMAT} successfully!', REFERENCE) },
});
