import { z } from 'zod';
import type { AnyTool, Fields, ToolDefinition } from './define-tool';
import type { Field, Scalar } from './fields';

type HasDefault<F> = F extends { default: infer D } ? (undefined extends D ? false : true) : false;
type IsConditional<F> = F extends { visibleWhen: object } ? true : false;
type FieldValue<F> = F extends Field<infer T> ? T : never;

/**
 * The parsed option values of a tool, inferred from its declaration:
 * `ToolParams<typeof rotateTool>` is `{ angle: number }`. A field without a
 * default, or shown only conditionally, may be undefined.
 */
export type ToolParams<T extends { fields: Fields }> = {
  [K in keyof T['fields']]: HasDefault<T['fields'][K]> extends true
    ? IsConditional<T['fields'][K]> extends true
      ? FieldValue<T['fields'][K]> | undefined
      : FieldValue<T['fields'][K]>
    : FieldValue<T['fields'][K]> | undefined;
};

type Values = Record<string, unknown>;

/** Whether a field is shown (and so required and sent) for these values. */
export function isFieldVisible(field: Field, values: Values): boolean {
  if (!field.visibleWhen) return true;
  return Object.entries(field.visibleWhen).every(([other, allowed]) =>
    (allowed as readonly Scalar[]).some((v) => String(v) === String(values[other])),
  );
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * The one schema of a tool: the web form resolves with it and the server parses
 * multipart bodies with it. Per field it coerces and checks the value, then it
 * applies defaults, requires visible required fields and drops hidden ones.
 */
export function schemaOf<T extends ToolDefinition<Fields>>(tool: T): z.ZodType<ToolParams<T>, Values> {
  const entries = Object.entries(tool.fields);
  const shape = Object.fromEntries(entries.map(([name, field]) => [name, field.schema]));

  return z
    .object(shape)
    .transform((values) => {
      const withDefaults: Values = { ...values };
      for (const [name, field] of entries) {
        if (withDefaults[name] === undefined && field.default !== undefined) withDefaults[name] = field.default;
      }
      return withDefaults;
    })
    .superRefine((values, ctx) => {
      for (const [name, field] of entries) {
        if (field.required && isFieldVisible(field, values) && isBlank(values[name])) {
          ctx.addIssue({ code: 'custom', path: [name], message: field.required });
        }
      }
    })
    .transform((values) => {
      const visible: Values = {};
      for (const [name, field] of entries) {
        if (isFieldVisible(field, values)) visible[name] = values[name];
      }
      return visible as ToolParams<T>;
    }) as unknown as z.ZodType<ToolParams<T>, Values>;
}

/** Initial form values: each field's default, as the form controls hold them. */
export function defaultsOf(tool: AnyTool): Values {
  return Object.fromEntries(
    Object.entries(tool.fields).map(([name, field]) => [name, field.default ?? (field.kind === 'checkbox' ? false : '')]),
  );
}

/**
 * Reads a tool's options from a multipart body, taking each field under its own
 * name or, failing that, under the first alias present. Unknown fields are
 * ignored, as the reference's binder does.
 */
export function collectParams(tool: AnyTool, body: Values): Values {
  const params: Values = {};
  for (const [name, field] of Object.entries(tool.fields)) {
    const key = [name, ...(field.aliases ?? [])].find((candidate) => body[candidate] !== undefined);
    if (key !== undefined) params[name] = body[key];
  }
  return params;
}

/** The first message of a failed parse, for toasts and the API's `detail`. */
export function issueMessages(error: z.ZodError): { field: string; message: string }[] {
  return error.issues.map((issue) => ({ field: issue.path.map(String).join('.'), message: issue.message }));
}
