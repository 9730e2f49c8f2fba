import { defineTool, notInSpec, singlePdfInput } from './kit';

/**
 * Basic PDF Info: the page count, the PDF version (the header’s, or the catalog’s
 * /Version where that is later) and the upload’s size in bytes (reference-beyond §4).
 * Only API clients and pipelines call it.
 */
export const analysisBasicInfoTool = defineTool({
  id: 'analysis-basic-info',
  category: 'advanced',
  title: 'Basic PDF Info',
  subtitle: 'Pages, PDF version and file size, as JSON.',
  endpoint: '/api/v1/analysis/basic-info',
  apiOnly: true,
  structural: true,

  input: singlePdfInput(),

  fields: {},

  action: { label: 'Get Basic Info', busyLabel: 'Processing...' },
  result: { kind: 'json' },
  // The reference names no file; a name is sent all the same (the kit always sends one), the upload's with what it holds.
  download: { api: '{base}_basic_info.json', browser: '{base}_basic_info.json', fallback: 'basic_info.json' },
  toast: { success: notInSpec('Basic info retrieved successfully!', 'reference-beyond §4') },
});
