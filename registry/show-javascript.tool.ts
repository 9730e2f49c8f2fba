import { defineTool, singlePdfInput } from './kit';

/**
 * Show Javascript: every script a PDF holds, as plain text, each under a
 * comment saying where it lives (reference §6.17 lists only the document-level
 * name tree; here also the open action, document and page triggers, links and
 * other annotations, form fields' keystroke, format, validate and calculate
 * scripts, bookmarks, and chained actions). The page shows it highlighted and
 * saves it as extracted.js.
 */
export const showJavascriptTool = defineTool({
  id: 'show-javascript',
  category: 'advanced',
  title: 'Show Javascript',
  subtitle: 'See the scripts inside a PDF.',
  endpoint: '/api/v1/misc/show-javascript',

  input: singlePdfInput(),

  fields: {},

  action: { label: 'Show', busyLabel: 'Extracting...' },
  // Spec §2: a scrollable highlighted code box, not the plain text area of other text results.
  result: { kind: 'download', view: 'javascript-code', apiContentType: 'text/plain; charset=utf-8' },
  // The reference names the answer after the whole upload name (doc.pdf → doc.pdf.js); the page saves extracted.js.
  download: { api: '{name}.js', browser: 'extracted.js', label: 'Download JS' },
  toast: { success: 'JavaScript extracted successfully!' },
});
