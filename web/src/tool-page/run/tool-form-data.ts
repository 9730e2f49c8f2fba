import { FILE_FIELD, type AnyTool } from '@folio/registry';

/** Multipart carries text: booleans as 'true'/'false', numbers as decimal text. */
function toWireText(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return String(value);
}

/**
 * The request body: the files, then each parsed option (a `file` field's files
 * as parts under its own name, a `choices` field's values comma-joined). `params` is the schema's
 * output, so hidden fields are already gone and defaults (apiOnly ones too) applied;
 * an option still undefined has no value to send.
 */
export function toolFormData(tool: AnyTool, files: readonly File[], params: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const file of files) form.append(FILE_FIELD, file, file.name);
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    // A value spread over several parts (numbered custom entries) is sent the way its field reads it.
    const toBody = tool.fields[name]?.toBody;
    if (toBody) {
      for (const [part, text] of toBody(value, name)) form.append(part, text);
      continue;
    }
    const parts = Array.isArray(value) ? value : [value];
    if (parts.every((part) => part instanceof Blob)) for (const part of parts as Blob[]) form.append(name, part, part instanceof File ? part.name : name);
    else form.append(name, toWireText(value));
  }
  return form;
}
