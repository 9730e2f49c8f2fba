import { checkbox, defineTool, singlePdfInput } from './kit';

/**
 * PDF to HTML: Poppler's pdftohtml. API clients get the reference's ZIP of
 * pages and images (§4.8); the web page asks for one self-contained HTML file
 * (images inlined) that it opens in a new window.
 */
export const pdfToHtmlTool = defineTool({
  id: 'pdf-to-html',
  category: 'convert-from',
  title: 'PDF to HTML',
  subtitle: 'Turn a PDF into a web page.',
  endpoint: '/api/v1/convert/pdf/html',

  input: singlePdfInput(),

  fields: {
    singleFile: checkbox({
      label: 'One HTML file',
      help: 'One self-contained HTML file with the images inlined, instead of a ZIP of pages and images.',
      default: false,
      // The page always asks for it (request enhancer 'single-html-file').
      apiOnly: true,
    }),
  },

  requestEnhancer: 'single-html-file',
  action: { label: 'Convert to HTML', busyLabel: 'Converting...' },
  // The API answers the reference's ZIP; the page asks for one HTML file (singleFile) to open in a new window.
  result: {
    kind: 'html',
    apiContentType: 'application/octet-stream',
    variants: [{ when: { singleFile: [true] }, apiContentType: 'text/html; charset=utf-8', download: { api: '{base}.html' } }],
  },
  // The spec: "other converters swap the extension" — the page saves the single file as <base>.html.
  download: { api: '{base}ToHtml.zip', browser: '{base}.html', fallback: 'converted.html' },
  toast: { success: 'PDF converted to HTML successfully!' },
});
