import { defineTool, notInSpec, singlePdfInput } from './kit';

/**
 * Form Field Summary: how many fields the form lists at its top level, whether it
 * carries an XFA form, and whether its SigFlags say it holds signatures (reference-beyond §4).
 * Only API clients and pipelines call it.
 */
export const analysisFormFieldsTool = defineTool({
  id: 'analysis-form-fields',
  category: 'advanced',
  title: 'Form Field Summary',
  subtitle: 'How many form fields a PDF has, and whether it has XFA or signatures, as JSON.',
  endpoint: '/api/v1/analysis/form-fields',
  apiOnly: true,
  structural: true,

  input: singlePdfInput(),

  fields: {},

  action: { label: 'Get Form Summary', busyLabel: 'Processing...' },
  result: { kind: 'json' },
  // The reference names no file; a name is sent all the same (the kit always sends one), the upload's with what it holds.
  download: { api: '{base}_form_fields.json', browser: '{base}_form_fields.json', fallback: 'form_fields.json' },
  toast: { success: notInSpec('Form field summary retrieved successfully!', 'reference-beyond §4') },
});
