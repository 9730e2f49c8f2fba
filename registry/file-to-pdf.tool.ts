import { defineTool } from './kit';

const WRONG_TYPE = 'Unsupported file type. Please upload a supported file.';

/**
 * Convert File to PDF: office documents, text, images, PostScript and PDFs in,
 * one PDF out. Office formats go through LibreOffice (macros never run, links
 * never load), PostScript through Ghostscript, HTML through the fenced browser.
 */
export const fileToPdfTool = defineTool({
  id: 'file-to-pdf',
  category: 'convert-to',
  title: 'Convert File to PDF',
  subtitle: 'Office documents, images and more to PDF.',
  endpoint: '/api/v1/convert/file/pdf',
  longRunning: true,
  notice: 'Files are converted with the LibreOffice office suite and a converter tool; large documents can take a little while.',

  input: {
    accept: ['convertible'],
    multiple: false,
    listAccepted: 'Supported file types',
    messages: { missing: WRONG_TYPE, wrongType: WRONG_TYPE },
  },

  fields: {},

  action: { label: 'Convert to PDF', busyLabel: 'Converting...' },
  result: { kind: 'pdf' },
  download: { api: '{base}_convertedToPDF.pdf', browser: '{base}.pdf', fallback: 'converted.pdf' },
  toast: { success: 'File converted to PDF successfully!' },
});
