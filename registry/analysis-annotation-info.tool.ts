import { defineTool, notInSpec, singlePdfInput } from './kit';

/**
 * Annotation Summary: how many annotations the pages hold, and how many of each
 * subtype; one without a /Subtype is skipped, where the reference fails (reference-beyond §4).
 * Only API clients and pipelines call it.
 */
export const analysisAnnotationInfoTool = defineTool({
  id: 'analysis-annotation-info',
  category: 'advanced',
  title: 'Annotation Summary',
  subtitle: 'How many annotations a PDF has, by type, as JSON.',
  endpoint: '/api/v1/analysis/annotation-info',
  apiOnly: true,
  structural: true,

  input: singlePdfInput(),

  fields: {},

  action: { label: 'Count Annotations', busyLabel: 'Processing...' },
  result: { kind: 'json' },
  // The reference names no file; a name is sent all the same (the kit always sends one), the upload's with what it holds.
  download: { api: '{base}_annotations.json', browser: '{base}_annotations.json', fallback: 'annotations.json' },
  toast: { success: notInSpec('Annotation summary retrieved successfully!', 'reference-beyond §4') },
});
