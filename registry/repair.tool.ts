import { defineTool, singlePdfInput } from './kit';

/**
 * Repair PDF: a damaged PDF (broken or missing cross-reference table, wrong
 * object offsets or stream lengths, a truncated file, streams that no longer
 * decode, junk before the header) written out again as a well-formed file,
 * keeping the pages and text that survive (reference §6.15). qpdf first, so
 * forms, bookmarks and links stay as they were; Ghostscript as a second chance.
 */
export const repairTool = defineTool({
  id: 'repair',
  category: 'advanced',
  title: 'Repair PDF',
  subtitle: 'Fix damaged PDF files.',
  endpoint: '/api/v1/misc/repair',

  input: singlePdfInput(),

  fields: {},

  action: { label: 'Repair PDF', busyLabel: 'Processing...' },
  result: { kind: 'pdf' },
  download: { api: '{base}_repaired.pdf', browser: '{base}_repaired.pdf', fallback: 'repaired.pdf' },
  toast: { success: 'PDF repaired successfully!' },
});
