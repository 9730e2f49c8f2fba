import { defineTool, notInSpec, singlePdfInput } from './kit';

/**
 * Document Properties: the Info dictionary’s title, author, subject, keywords,
 * creator, producer and dates, every key present, null when missing; dates as
 * ISO-8601 text, not the reference’s Java Calendar dump (reference-beyond §4 compat note).
 * Only API clients and pipelines call it.
 */
export const analysisDocumentPropertiesTool = defineTool({
  id: 'analysis-document-properties',
  category: 'advanced',
  title: 'Document Properties',
  subtitle: 'Title, author, dates and the other document properties, as JSON.',
  endpoint: '/api/v1/analysis/document-properties',
  apiOnly: true,
  structural: true,

  input: singlePdfInput(),

  fields: {},

  action: { label: 'Get Properties', busyLabel: 'Processing...' },
  result: { kind: 'json' },
  // The reference names no file; a name is sent all the same (the kit always sends one), the upload's with what it holds.
  download: { api: '{base}_properties.json', browser: '{base}_properties.json', fallback: 'properties.json' },
  toast: { success: notInSpec('Document properties retrieved successfully!', 'reference-beyond §4') },
});
