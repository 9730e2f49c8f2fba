import { checkbox, defineTool, notInSpec, parsesAsJson, singlePdfInput, text } from './kit';

const REFERENCE = 'reference-beyond §3.5';
const NOT_JSON = notInSpec('data must be JSON: an object of field values, or an array of field definitions.', `${REFERENCE} (the reference answers 500)`);

/**
 * Fill PDF Form: sets the values of a PDF form's fields from JSON (a value
 * map, `/form/fields`' template, or field definitions) and can flatten the
 * filled form into the pages (reference-beyond §3.5). On its page the
 * fields are filled in place over the pages (the form-filler widget), which
 * sends the changed values as `data`.
 */
export const formFillTool = defineTool({
  id: 'form-fill',
  category: 'edit',
  title: 'Fill PDF Form',
  subtitle: 'Fill in the fields of a PDF form on its pages, and flatten it if you like.',
  endpoint: '/api/v1/form/fill',
  structural: true,

  // The reference names the PDF part `file`; `fileInput`, every other tool's name, works too.
  input: { ...singlePdfInput(), aliases: ['file'] },

  fields: {
    data: text({
      label: 'Field values',
      help: 'Fill in the fields on the pages. Through the API: a JSON object of values by field name, e.g. {"name": "Ann", "agree": true}, or the template /form/fields answers.',
      multiline: true,
      widget: 'form-filler',
      invalid: NOT_JSON,
      check: parsesAsJson(NOT_JSON),
      example: '{}',
    }),
    flatten: checkbox({
      label: 'Flatten',
      help: 'Draw the filled fields into the pages, so they can no longer be changed.',
      default: false,
      invalid: notInSpec('flatten must be true or false.', `${REFERENCE} (the reference answers 500)`),
    }),
  },

  action: { label: 'Fill Form', busyLabel: 'Processing...' },
  result: { kind: 'pdf' },
  // The processor names it by the reference's form rule: `form.PDF` → `form_filled.pdf`, `data.bin` → `data.bin_filled.pdf`.
  download: { api: '{base}_filled.pdf', namedByProcessor: true, browser: 'from-response', fallback: 'document_filled.pdf' },
  toast: { success: notInSpec('PDF form filled successfully!', REFERENCE) },
});
