import { defineTool, notInSpec, parsesAsJson, singlePdfInput, text } from './kit';

const NOT_JSON = notInSpec('data must be JSON: an object of field values.', 'reference-beyond §3.4 (the reference answers 500)');

/**
 * Form Data to Excel: one row per form field, its name and value, in a
 * workbook's "Form Fields" sheet (reference-beyond §3.4); `data` previews
 * values set in memory first. Only API clients and pipelines call it.
 */
export const formExtractXlsxTool = defineTool({
  id: 'form-extract-xlsx',
  category: 'edit',
  title: 'Form Data to Excel',
  subtitle: 'The name and value of every form field, as an Excel workbook.',
  endpoint: '/api/v1/form/extract-xlsx',
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

  action: { label: 'Export to Excel', busyLabel: 'Processing...' },
  result: { kind: 'download', apiContentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  // The processor names it by the reference's form rule: `form.PDF` → `form_extracted.xlsx`.
  download: { api: '{base}_extracted.xlsx', namedByProcessor: true, browser: 'from-response', fallback: 'document_extracted.xlsx' },
  toast: { success: notInSpec('Form data exported to Excel successfully!', 'reference-beyond §3.4') },
});
