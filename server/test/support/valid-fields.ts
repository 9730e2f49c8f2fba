import { isFieldVisible, type AnyTool, type Field } from '@folio/registry';

/**
 * Option values that pass a tool's own checks, derived from its declaration, so
 * a test can make the *file* the thing under test: every default (which also
 * routes a shared endpoint to the right tool), plus a valid value for each
 * required field that those defaults make visible ('1' for page lists, the
 * minimum for numbers).
 */
export function validFields(tool: AnyTool): Record<string, string> {
  const entries = Object.entries(tool.fields) as [string, Field & { min?: number; options?: { value: unknown }[] }][];
  const values: Record<string, unknown> = Object.fromEntries(entries.filter(([, f]) => f.default !== undefined).map(([name, f]) => [name, f.default]));
  const fields: Record<string, string> = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, String(value)]));
  for (const [name, field] of entries) {
    if (!field.required || name in fields || !isFieldVisible(field, values)) continue;
    if (field.kind === 'pages') fields[name] = '1';
    else if (field.kind === 'number') fields[name] = String(field.min ?? 1);
    else if (field.kind === 'select') fields[name] = String(field.options?.[0]?.value);
    else fields[name] = 'x';
  }
  return fields;
}
