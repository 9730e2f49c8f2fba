import { defineTool, notInSpec, singlePdfInput } from './kit';

/**
 * Form Fields with Coordinates: every terminal field of a PDF's form with
 * where each of its widgets is, in points from the top-left corner of the
 * page's crop box (reference-beyond §3.3), for a viewer that draws the fields
 * over the pages. Only API clients and pipelines call it.
 */
export const formFieldsWithCoordinatesTool = defineTool({
  id: 'form-fields-with-coordinates',
  category: 'edit',
  title: 'Form Fields with Coordinates',
  subtitle: 'The fields of a PDF form and where each one sits on its page, as JSON.',
  endpoint: '/api/v1/form/fields-with-coordinates',
  apiOnly: true,
  structural: true,

  // The reference names the PDF part `file`; `fileInput`, every other tool's name, works too.
  input: { ...singlePdfInput(), aliases: ['file'] },

  fields: {},

  action: { label: 'Get Field Positions', busyLabel: 'Processing...' },
  result: { kind: 'json' },
  // The reference names no file; the kit always sends one, the upload's with what it holds.
  download: { api: '{base}_field_positions.json', browser: '{base}_field_positions.json', fallback: 'field_positions.json' },
  toast: { success: notInSpec('Form field positions retrieved successfully!', 'reference-beyond §3.3') },
});
