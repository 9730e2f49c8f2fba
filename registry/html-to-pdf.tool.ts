import { checkbox, defineTool, number, select } from './kit';

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
      invalid: 'Choose a page size: A4, Letter, Legal or A3.',
    }),
    // Reference clients send it; the reference ignores it, and so do we.
    zoom: number({ label: 'Zoom', apiOnly: true, invalid: 'Zoom must be a number.' }),
  },

  action: { label: 'Convert to PDF', busyLabel: 'Converting...' },
  result: { kind: 'pdf' },
  download: { api: '{base}.pdf', browser: '{base}.pdf', fallback: 'converted.pdf' },
  toast: { success: 'HTML converted to PDF successfully!' },
});
