import { defineTool, RECOGNISED_TEXT_OUTCOME, singlePdfInput } from './kit';

/**
 * PDF to XML: the page layout (headings, paragraphs, lists, tables, pictures
 * in reading order) as flat OpenDocument text, the XML the reference's
 * `--convert-to xml` gives; scanned pages without a text layer are read by OCR.
 */
export const pdfToXmlTool = defineTool({
  id: 'pdf-to-xml',
  category: 'convert-from',
  title: 'PDF to XML',
  subtitle: 'The content as XML.',
  endpoint: '/api/v1/convert/pdf/xml',
  // A long document takes some seconds, and a scan's OCR a while longer: the page shows progress.
  longRunning: true,

  input: singlePdfInput(),

  fields: {},

  action: { label: 'Convert', busyLabel: 'Converting...' },
  result: {
    kind: 'download',
    outcomes: {
      ...RECOGNISED_TEXT_OUTCOME,
    },
  },
  download: { api: '{base}.xml', browser: '{base}.xml', fallback: 'converted.xml' },
  toast: { success: 'PDF converted to XML successfully!' },
});
