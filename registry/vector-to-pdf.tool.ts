import { checkbox, defineTool, notInSpec } from './kit';

const REFERENCE = 'reference-beyond §7.1';
const WRONG_TYPE = notInSpec(
  'Unsupported Ghostscript input format. Please upload a PostScript (PS, EPS), XPS or PDF file; PCL is not supported.',
  `${REFERENCE}: the reference's "Unsupported Ghostscript input format <ext>"`,
);

/**
 * PostScript to PDF: PostScript and EPS through Ghostscript's pdfwrite (an
 * EPS's page is its bounding box), XPS and OpenXPS through MuPDF, a PDF
 * returned as it came (reference-beyond §7.1). The type is read from the
 * content, not the name. PCL needs GhostPCL, which Debian does not package:
 * refused as the reference refuses it.
 */
export const vectorToPdfTool = defineTool({
  id: 'vector-to-pdf',
  category: 'convert-to',
  title: 'PostScript to PDF',
  subtitle: 'PS, EPS and XPS files to PDF.',
  endpoint: '/api/v1/convert/vector/pdf',

  input: {
    accept: ['postscript', 'xps', 'pdf'],
    multiple: false,
    messages: { missing: notInSpec('Please upload a PostScript, EPS or XPS file.', REFERENCE), wrongType: WRONG_TYPE },
  },

  fields: {
    prepress: checkbox({
      label: 'Prepress quality',
      help: 'For PostScript and EPS: keep pictures at print resolution and embed every font, for a print shop.',
      default: false,
    }),
  },

  action: { label: 'Convert to PDF', busyLabel: 'Converting...' },
  result: { kind: 'pdf' },
  download: { api: '{base}_converted.pdf', browser: '{base}_converted.pdf', fallback: 'converted.pdf' },
  toast: { success: notInSpec('File converted to PDF successfully!', REFERENCE) },
});
