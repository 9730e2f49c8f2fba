import { defineTool, notInSpec, singlePdfInput } from './kit';

/**
 * Font Resources: the names under which the pages’ (inherited) resources list
 * their fonts, each once, as the reference answers them (reference-beyond §4).
 * Only API clients and pipelines call it.
 */
export const analysisFontInfoTool = defineTool({
  id: 'analysis-font-info',
  category: 'advanced',
  title: 'Font Resources',
  subtitle: 'The font resource names the pages use, as JSON.',
  endpoint: '/api/v1/analysis/font-info',
  apiOnly: true,
  structural: true,

  input: singlePdfInput(),

  fields: {},

  action: { label: 'List Fonts', busyLabel: 'Processing...' },
  result: { kind: 'json' },
  // The reference names no file; a name is sent all the same (the kit always sends one), the upload's with what it holds.
  download: { api: '{base}_fonts.json', browser: '{base}_fonts.json', fallback: 'fonts.json' },
  toast: { success: notInSpec('Font list retrieved successfully!', 'reference-beyond §4') },
});
