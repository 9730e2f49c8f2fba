import { defineTool, notInSpec, singlePdfInput } from './kit';
import { pdfToCbzTool } from './pdf-to-cbz.tool';

/**
 * PDF to CBR: every page drawn as a PNG picture (`page_001.png`, ...) at the
 * chosen resolution, in a RAR comic book archive (reference-beyond §7.4). The
 * reference needs the proprietary `rar` program and answers 403 without it;
 * Folio writes the archive itself, the pictures stored uncompressed (PNGs are
 * already compressed). Same resolution, bounds and budgets as PDF to CBZ.
 */
export const pdfToCbrTool = defineTool({
  id: 'pdf-to-cbr',
  category: 'convert-from',
  title: 'PDF to CBR',
  subtitle: 'Pages as pictures in a RAR comic book archive.',
  endpoint: '/api/v1/convert/pdf/cbr',
  // Every page is drawn: a long document takes a while, and the page shows how far it has got.
  longRunning: true,

  input: singlePdfInput(),

  // One resolution field for both comic formats: same default (150), bounds and message.
  fields: { dpi: pdfToCbzTool.fields.dpi },

  action: { label: 'Convert to CBR', busyLabel: 'Converting...' },
  // The reference sends the archive as octet-stream.
  result: { kind: 'download', apiContentType: 'application/octet-stream' },
  download: { api: '{base}_converted.cbr', browser: '{base}_converted.cbr', fallback: 'converted.cbr' },
  toast: { success: notInSpec('PDF converted to a comic book successfully!', 'reference-beyond §7.4') },
});
