import { defineTool, notInSpec, singlePdfInput } from './kit';

const REFERENCE = 'reference-beyond §10';

/**
 * Decompress PDF: every stream qpdf can decode without loss written plain
 * (Flate, LZW, ASCII85, ASCIIHex, RunLength), no object streams, so the file
 * reads in a text editor (reference-beyond §10). Photographs (DCT, JPX) and
 * other image codecs stay as they are: decoding them would not be lossless.
 */
export const decompressPdfTool = defineTool({
  id: 'decompress-pdf',
  category: 'advanced',
  title: 'Decompress PDF',
  subtitle: 'Write every stream uncompressed, to read the PDF as text.',
  endpoint: '/api/v1/misc/decompress-pdf',

  input: singlePdfInput(),

  fields: {},

  action: { label: 'Decompress PDF', busyLabel: 'Processing...' },
  result: { kind: 'pdf' },
  download: { api: '{base}_decompressed.pdf', browser: '{base}_decompressed.pdf', fallback: 'decompressed.pdf' },
  toast: { success: notInSpec('PDF decompressed successfully!', REFERENCE) },
});
