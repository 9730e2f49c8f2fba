import type { AnyTool, Field } from '@folio/registry';

/**
 * Option values that pass a tool's own checks, derived from its declaration, so
 * a test can make the *file* the thing under test: defaults, plus a valid value
 * for each required field ('1' for page lists, the minimum for numbers).
 */
export function validFields(tool: AnyTool): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(tool.fields) as [string, Field & { min?: number; options?: { value: unknown }[] }][]) {
    if (!field.required || field.visibleWhen) continue;
    if (field.kind === 'pages') fields[name] = '1';
    else if (field.kind === 'number') fields[name] = String(field.default ?? field.min ?? 1);
    else if (field.kind === 'select') fields[name] = String(field.default ?? field.options?.[0]?.value);
    else fields[name] = String(field.default ?? 'x');
  }
  return fields;
}
