import { defineTool, notInSpec, singlePdfInput } from './kit';

/**
 * Form Fields: every terminal field of a PDF's form as the reference's field
 * model (reference-beyond §3.1, §3.2): name, label, type, value, options,
 * required, page and place on it, plus a template of values for `/form/fill`.
 * Only API clients and pipelines call it; the page for filling comes with the
 * page workspace.
 */
export const formFieldsTool = defineTool({
  id: 'form-fields',
  category: 'edit',
  title: 'Form Fields',
  subtitle: 'The fields of a PDF form, their values and a template to fill them, as JSON.',
  endpoint: '/api/v1/form/fields',
  apiOnly: true,
  structural: true,

  // The reference names the PDF part `file`; `fileInput`, every other tool's name, works too.
  input: { ...singlePdfInput(), aliases: ['file'] },

  fields: {},

  action: { label: 'Get Form Fields', busyLabel: 'Processing...' },
  result: { kind: 'json' },
  // The reference names no file; the kit always sends one, the upload's with what it holds.
  download: { api: '{base}_fields.json', browser: '{base}_fields.json', fallback: 'fields.json' },
  toast: { success: notInSpec('Form fields retrieved successfully!', 'reference-beyond §3.2') },
});
