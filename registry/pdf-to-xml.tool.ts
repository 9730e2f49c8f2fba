import { defineTool, singlePdfInput } from './kit';

/** PDF to XML: LibreOffice's PDF import, saved as flat OpenDocument XML (what the reference's `--convert-to xml` gives). */
export const pdfToXmlTool = defineTool({
  id: 'pdf-to-xml',
  category: 'convert-from',
  title: 'PDF to XML',
  subtitle: 'The content as XML.',
  endpoint: '/api/v1/convert/pdf/xml',
  // LibreOffice's PDF import writes a frame per line: many seconds for a long document, so the page shows progress.
  longRunning: true,

  input: singlePdfInput(),

  fields: {},

  action: { label: 'Convert', busyLabel: 'Converting...' },
  result: { kind: 'download' },
  download: { api: '{base}.xml', browser: '{base}.xml', fallback: 'converted.xml' },
  toast: { success: 'PDF converted to XML successfully!' },
});
