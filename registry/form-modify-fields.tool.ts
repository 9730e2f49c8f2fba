import { defineTool, notInSpec, singlePdfInput, text } from './kit';

const REFERENCE = 'reference-beyond §3.6';
const NONE = notInSpec('updates payload must contain at least one definition', REFERENCE);
const NOT_ARRAY = notInSpec('updates payload must be a JSON array of field definitions', `${REFERENCE} (the reference answers 500)`);

/**
 * Modify Form Fields: renames, relabels, re-flags or re-types fields of a
 * PDF form, as a JSON array of definitions says (reference-beyond §3.6).
 * Only API clients and pipelines call it.
 */
export const formModifyFieldsTool = defineTool({
  id: 'form-modify-fields',
  category: 'edit',
  title: 'Modify Form Fields',
  subtitle: 'Rename, relabel, require or change the type of form fields.',
  endpoint: '/api/v1/form/modify-fields',
  apiOnly: true,
  structural: true,

  // The reference names the PDF part `file`; `fileInput`, every other tool's name, works too.
  input: { ...singlePdfInput(), aliases: ['file'] },

  fields: {
    updates: text({
      label: 'Field changes',
      help: 'JSON array of {targetName, name, label, type, required, multiSelect, options, defaultValue, tooltip}.',
      multiline: true,
      invalid: NOT_ARRAY,
      required: NONE,
      check: (json: string) => {
        try {
          const updates: unknown = JSON.parse(json);
          if (!Array.isArray(updates)) return NOT_ARRAY;
          return updates.length === 0 ? NONE : undefined;
        } catch {
          return NOT_ARRAY;
        }
      },
      example: '[{"targetName":"name","label":"Full name"}]',
    }),
  },

  action: { label: 'Modify Fields', busyLabel: 'Processing...' },
  result: { kind: 'pdf' },
  // The processor names it by the reference's form rule: `form.PDF` → `form_updated.pdf`, `data.bin` → `data.bin_updated.pdf`.
  download: { api: '{base}_updated.pdf', namedByProcessor: true, browser: 'from-response', fallback: 'document_updated.pdf' },
  toast: { success: notInSpec('Form fields updated successfully!', REFERENCE) },
});
