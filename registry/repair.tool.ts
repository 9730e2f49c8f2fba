import { defineTool, singlePdfInput } from './kit';

/**
 * Repair PDF: a damaged PDF (broken or missing cross-reference table, wrong
 * object offsets or stream lengths, a truncated file, streams that no longer
 * decode, junk before the header) written out again as a well-formed file,
 * keeping the pages and text that survive (reference §6.15). Every recovery is
 * tried (qpdf, MuPDF, Ghostscript, Poppler; a page tree rebuilt from the page
 * objects when qpdf finds no page tree) and the one keeping the most pages and text
 * is the answer; the headers say which, and how much it holds.
 */
export const repairTool = defineTool({
  id: 'repair',
  category: 'advanced',
  title: 'Repair PDF',
  subtitle: 'Fix damaged PDF files.',
  endpoint: '/api/v1/misc/repair',

  input: { ...singlePdfInput(), repairsDamagedPdf: true },

  fields: {},

  action: { label: 'Repair PDF', busyLabel: 'Processing...' },
  result: {
    kind: 'pdf',
    view: 'repair-summary',
    // What the repair summary shows (web/src/result-views/), said by the processor.
    headers: {
      'X-Repair-Outcome':
        '`repaired`, or `intact` when the file had nothing to repair (qpdf read it without a warning and every page decodes) and comes back rewritten as it was.',
      'X-Repair-Method':
        'Whose reading of the file the answer is: `qpdf`, `mupdf`, `ghostscript`, `poppler` (pdftocairo), or `page-salvage` (a page tree rebuilt from the page objects left in the file, tried when qpdf finds no page tree).',
      'X-Repair-Pages': 'Pages in the answer.',
      'X-Repair-Text-Characters':
        'Characters of text (white space left out) Poppler reads on the answer’s pages: what was recovered, for a file that had text.',
      'X-Repair-Original-Pages': 'When qpdf could count the damaged file’s pages: that count.',
      'X-Repair-Attempts':
        'When the file was damaged: what each recovery found, e.g. `qpdf: nothing; MuPDF: 3 pages, 1204 characters; Ghostscript: 3 pages, 1198 characters; Poppler: nothing`.',
    },
  },
  download: { api: '{base}_repaired.pdf', browser: '{base}_repaired.pdf', fallback: 'repaired.pdf' },
  toast: { success: 'PDF repaired successfully!' },
});
