import { z } from 'zod';
import type { AnyTool, Fields, ToolCheck, ToolDefinition } from './define-tool';
import { parseCount, parseSize } from './sizes';
import type { Field, FieldKind, PagesOptions, Scalar, VisibleWhen } from './fields';
import { isBlank } from './wire';

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

/** Whether every field named in `condition` holds one of its listed values. */
export function conditionHolds(condition: VisibleWhen, values: Values): boolean {
  return Object.entries(condition).every(([other, allowed]) => (allowed as readonly Scalar[]).some((v) => String(v) === String(values[other])));
}

/**
 * What a `pages` field's text means under these option values: an order
 * (`order: true`, or its condition holds), a plain selection (no `order`), or,
 * while an `order` condition does not hold, no pages at all (Organise's copy
 * count): then nothing reads it as pages (the page grid, the checks before upload).
 */
export function pageFieldMeaning(field: Pick<PagesOptions, 'order'>, values: Readonly<Record<string, unknown>>): 'order' | 'selection' | undefined {
  const { order } = field;
  if (order === undefined) return 'selection';
  if (order === true || conditionHolds(order, values)) return 'order';
  return undefined;
}

/** Whether a field is shown (and so sent) for these values. */
export function isFieldVisible(field: Field, values: Values): boolean {
  return !field.visibleWhen || conditionHolds(field.visibleWhen, values);
}

/** Whether a blank value is refused for these values: the field is required, shown, and its `requiredWhen` holds. */
export function isFieldRequired(field: Field, values: Values): boolean {
  return field.required !== undefined && isFieldVisible(field, values) && (!field.requiredWhen || conditionHolds(field.requiredWhen, values));
}

/**
 * The one schema of a tool: the web form resolves with it and the server parses
 * multipart bodies with it. Unconditional fields are parsed first (and defaulted);
 * a conditional field is parsed, defaulted and required only while visible, and
 * dropped otherwise, so a hidden field's stale text can never fail a request.
 */
export function schemaOf<T extends ToolDefinition<Fields>>(tool: T): z.ZodType<ToolParams<T>, Values> {
  const entries = Object.entries(tool.fields);
  const ordered = [...entries.filter(([, f]) => !f.visibleWhen), ...entries.filter(([, f]) => f.visibleWhen)];

  return z.record(z.string(), z.unknown()).transform((raw, ctx) => {
    const values: Values = {};
    for (const [name, field] of ordered) {
      if (field.visibleWhen && !isFieldVisible(field, values)) continue;
      const parsed = field.schema.safeParse(raw[name]);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: [name, ...issue.path], message: issue.message });
        continue;
      }
      const value = parsed.data ?? field.default;
      const empty = isBlank(value) || (Array.isArray(value) && value.length === 0);
      if (isFieldRequired(field, values) && empty) {
        ctx.addIssue({ code: 'custom', path: [name], message: field.required! });
        continue;
      }
      values[name] = value;
    }
    for (const check of tool.checks ?? []) {
      if (!(check.field in values) || checkHolds(check, values)) continue;
      ctx.addIssue({ code: 'custom', path: [check.field], message: check.message });
    }
    // Declaration order, so forms and logs read the same way as the tool file.
    return Object.fromEntries(entries.filter(([name]) => name in values).map(([name]) => [name, values[name]])) as ToolParams<T>;
  }) as unknown as z.ZodType<ToolParams<T>, Values>;
}

/** Whether a rule across fields holds for these parsed values; one it cannot judge (a value missing) holds. */
export function checkHolds(check: ToolCheck, values: Values): boolean {
  const value = values[check.field];
  switch (check.rule) {
    case 'notLess': {
      const other = values[check.than];
      return !(typeof value === 'number' && typeof other === 'number' && value < other);
    }
    case 'readsAs': {
      if (!conditionHolds(check.when, values) || typeof value !== 'string') return true;
      return (check.as === 'size' ? parseSize(value) : parseCount(value)) !== undefined;
    }
  }
}

/** What a form control holds before anything is chosen, per kind. */
const EMPTY_VALUE: Record<FieldKind, unknown> = {
  text: '',
  textarea: '',
  number: '',
  select: '',
  pages: '',
  size: '',
  checkbox: false,
  choices: [],
  entries: [],
  file: undefined,
  'page-items': [],
};

/** Initial form values: each field's default (its form default where it has one), as the form controls hold them. */
export function defaultsOf(tool: AnyTool): Values {
  return Object.fromEntries(
    Object.entries(tool.fields).map(([name, field]) => [name, (field as { formDefault?: unknown }).formDefault ?? field.default ?? EMPTY_VALUE[field.kind]]),
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
    if (field.fromBody) {
      const value = field.fromBody(body, name);
      if (value !== undefined) params[name] = value;
      continue;
    }
    const key = [name, ...(field.aliases ?? [])].find((candidate) => body[candidate] !== undefined);
    if (key !== undefined) params[name] = body[key];
  }
  return params;
}

/** The first message of a failed parse, for toasts and the API's `detail`. */
export function issueMessages(error: z.ZodError): { field: string; message: string }[] {
  return error.issues.map((issue) => ({ field: issue.path.map(String).join('.'), message: issue.message }));
}
