import { checkbox, defineTool, notInSpec, number, select } from './kit';

const WRONG_TYPE = 'Please upload a valid HTML file (.html or .htm).';

/**
 * HTML to PDF: renders an HTML file, or a ZIP holding one with its images and
 * stylesheets, in the fenced browser (nothing outside the upload is fetched).
 */
export const htmlToPdfTool = defineTool({
  id: 'html-to-pdf',
  category: 'convert-to',
  title: 'HTML to PDF',
  subtitle: 'Render a web page file as PDF.',
  endpoint: '/api/v1/convert/html/pdf',

  input: {
    // The reference also takes a ZIP of the page with its assets.
    accept: ['html', 'zip'],
    multiple: false,
    messages: { missing: WRONG_TYPE, wrongType: WRONG_TYPE },
  },

  fields: {
    includeResources: checkbox({
      label: 'Include resources',
      help: 'Use the images and stylesheets packed in a ZIP with the page.',
      default: true,
    }),
    pageSize: select({
      label: 'Page size',
      // The page sends upper-case names; any case is taken.
      options: [
        { value: 'A4', label: 'A4' },
        { value: 'LETTER', label: 'Letter' },
        { value: 'LEGAL', label: 'Legal' },
        { value: 'A3', label: 'A3' },
      ],
      caseInsensitive: true,
      default: 'A4',
      invalid: notInSpec('Choose a page size: A4, Letter, Legal or A3.', 'html-to-pdf `pageSize`, a select the page cannot get wrong'),
    }),
    // Reference clients send it; the reference ignores it, and so do we.
    zoom: number({
      label: 'Zoom',
      apiOnly: true,
      invalid: notInSpec('Zoom must be a number.', 'html-to-pdf `zoom` (API only; reference §4.3 accepts a float and ignores it)'),
    }),
  },

  action: { label: 'Convert to PDF', busyLabel: 'Converting...' },
  result: { kind: 'pdf' },
  download: { api: '{base}.pdf', browser: '{base}.pdf', fallback: 'converted.pdf' },
  toast: { success: 'HTML converted to PDF successfully!' },
});
