import { FILE_FIELD } from '@folio/registry';

/** Multipart carries text: booleans as 'true'/'false', numbers as decimal text. */
function toWireText(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return String(value);
}

/**
 * The request body: the files, then each parsed option. `params` is the schema's
 * output, so hidden fields are already gone and defaults (apiOnly ones too) applied;
 * an option still undefined has no value to send.
 */
export function toolFormData(files: readonly File[], params: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const file of files) form.append(FILE_FIELD, file, file.name);
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) form.append(name, toWireText(value));
  }
  return form;
}
