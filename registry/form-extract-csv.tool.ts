import { defineTool, notInSpec, parsesAsJson, singlePdfInput, text } from './kit';

const NOT_JSON = notInSpec('data must be JSON: an object of field values.', 'reference-beyond §3.4 (the reference answers 500)');

/**
 * Form Data to CSV: one row per form field, its name and value, as CSV
 * (reference-beyond §3.4); `data` previews values set in memory first.
 * Only API clients and pipelines call it.
 */
export const formExtractCsvTool = defineTool({
  id: 'form-extract-csv',
  category: 'edit',
  title: 'Form Data to CSV',
  subtitle: 'The name and value of every form field, as CSV.',
  endpoint: '/api/v1/form/extract-csv',
  apiOnly: true,
  structural: true,

  // The reference names the PDF part `file`; `fileInput`, every other tool's name, works too.
  input: { ...singlePdfInput(), aliases: ['file'] },

  fields: {
    // The reference reads it only as a file part; here it is a text field (JSON has no file type of its own).
    data: text({
      label: 'Field values',
      help: 'Optional JSON object of values to apply before reading, e.g. {"name": "Ann"}.',
      multiline: true,
      invalid: NOT_JSON,
      check: parsesAsJson(NOT_JSON),
      example: '{}',
    }),
  },

  action: { label: 'Export to CSV', busyLabel: 'Processing...' },
  result: { kind: 'csv', contentTypes: ['text/csv'] },
  // The processor names it by the reference's form rule: `form.PDF` → `form_extracted.csv`, `data.bin` → `data.bin_extracted.csv`.
  download: { api: '{base}_extracted.csv', namedByProcessor: true, browser: 'from-response', fallback: 'document_extracted.csv' },
  toast: { success: notInSpec('Form data exported to CSV successfully!', 'reference-beyond §3.4') },
});
