import { defineTool, notInSpec, parsesAsJson, singlePdfInput, text } from './kit';

const REFERENCE = 'reference-beyond §3.7';
const NONE = notInSpec('names payload must contain at least one value', REFERENCE);
const NOT_JSON = notInSpec('names payload must be JSON: a name, an array of names, or objects with a name.', `${REFERENCE} (the reference answers 500)`);

/**
 * Delete Form Fields: removes the named fields of a PDF form with their
 * widgets (reference-beyond §3.7). Only API clients and pipelines call it.
 */
export const formDeleteFieldsTool = defineTool({
  id: 'form-delete-fields',
  category: 'edit',
  title: 'Delete Form Fields',
  subtitle: 'Remove form fields, by name, with their widgets.',
  endpoint: '/api/v1/form/delete-fields',
  apiOnly: true,
  structural: true,

  // The reference names the PDF part `file`; `fileInput`, every other tool's name, works too.
  input: { ...singlePdfInput(), aliases: ['file'] },

  fields: {
    names: text({
      label: 'Field names',
      help: 'JSON: a field name, an array of names, or objects with a "name".',
      multiline: true,
      invalid: NOT_JSON,
      required: NONE,
      check: parsesAsJson(NOT_JSON),
      example: '["name"]',
    }),
  },

  action: { label: 'Delete Fields', busyLabel: 'Processing...' },
  result: { kind: 'pdf' },
  // The processor names it by the reference's form rule: `form.PDF` → `form_updated.pdf`, `data.bin` → `data.bin_updated.pdf`.
  download: { api: '{base}_updated.pdf', namedByProcessor: true, browser: 'from-response', fallback: 'document_updated.pdf' },
  toast: { success: notInSpec('Form fields deleted successfully!', REFERENCE) },
});
