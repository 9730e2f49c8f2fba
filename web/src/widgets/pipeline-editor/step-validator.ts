import { collectParams, issueMessages, schemaOf, stepBody, withoutFedField, type AnyTool, type PipelineIssue } from '@folio/registry';
import type { ErrorSchema, RJSFSchema, RJSFValidationError, ValidationData, ValidatorType } from '@rjsf/utils';

/**
 * rjsf's validator for a step's form, delegating to the tool's own zod schema
 * the way `checkPipeline` (and so the server) reads a step: parameters as a
 * multipart body (`stepBody`), collected under their names and aliases. No AJV:
 * it compiles schemas with `new Function`, which the app's CSP forbids.
 */

type Values = Record<string, unknown>;

/** A field's problem; `field` is a dotted path ('' for the whole step). */
export interface FieldIssue {
  field?: string;
  message: string;
}

/** What the tool's schema says about a step's parameters: the same issues `checkPipeline` reports for its fields. */
export function stepFieldIssues(tool: AnyTool, parameters: Values): FieldIssue[] {
  const parsed = schemaOf(tool).safeParse(collectParams(tool, withoutFedField(tool, stepBody(parameters))));
  return parsed.success ? [] : issueMessages(parsed.error);
}

/** Issues as rjsf's error schema, each under its field's path. */
export function toErrorSchema(issues: readonly FieldIssue[]): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const { field, message } of issues) {
    let node = root;
    for (const key of field ? field.split('.') : []) node = (node[key] ??= {}) as Record<string, unknown>;
    ((node.__errors ??= []) as string[]).push(message);
  }
  return root as ErrorSchema;
}

/** An error schema flattened, as rjsf lists errors. */
export function toErrorList(errorSchema: ErrorSchema, path: string[] = []): RJSFValidationError[] {
  const node = errorSchema as Record<string, unknown>;
  const own = ((node.__errors as string[] | undefined) ?? []).map((message) => {
    const property = path.length ? `.${path.join('.')}` : '.';
    return { property, message, stack: `${path.join('.') || 'root'}: ${message}` };
  });
  const inner = Object.entries(node)
    .filter(([key]) => key !== '__errors')
    .flatMap(([key, child]) => toErrorList(child as ErrorSchema, [...path, key]));
  return [...own, ...inner];
}

export function createStepValidator(tool: AnyTool): ValidatorType<Values, RJSFSchema> {
  const validate = (formData: Values | undefined): ValidationData<Values> => {
    const errorSchema = toErrorSchema(stepFieldIssues(tool, formData ?? {}));
    return { errors: toErrorList(errorSchema), errorSchema };
  };
  return {
    validateFormData: (formData) => validate(formData),
    // rjsf asks this only to pick among oneOf/anyOf alternatives, which step forms do not have.
    isValid: (schema, formData) => matchesType(schema, formData),
    rawValidation: <Result = unknown>(_schema: RJSFSchema, formData?: Values) => ({ errors: validate(formData).errors as Result[] }),
  };
}

/**
 * Where the pipeline's issues show: per step, the field issues its form shows
 * (under a shown field) and the rest (no field, or a field the form does not
 * show) on the step itself; issues of no step on the pipeline.
 */
export interface PlacedIssues {
  pipeline: string[];
  steps: { fields: FieldIssue[]; step: string[] }[];
}

export function placeIssues(issues: readonly PipelineIssue[], stepCount: number, shownFieldsOf: (index: number) => ReadonlySet<string>): PlacedIssues {
  const placed: PlacedIssues = { pipeline: [], steps: Array.from({ length: stepCount }, () => ({ fields: [], step: [] })) };
  for (const issue of issues) {
    const at = issue.step === undefined ? undefined : placed.steps[issue.step - 1];
    if (!at) {
      placed.pipeline.push(issue.message);
      continue;
    }
    const top = issue.field?.split('.')[0];
    if (top && shownFieldsOf(issue.step! - 1).has(top)) at.fields.push({ field: issue.field, message: issue.message });
    else at.step.push(issue.message);
  }
  return placed;
}

function matchesType(schema: RJSFSchema, value: unknown): boolean {
  if (schema.const !== undefined) return schema.const === value;
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.length === 0) return true;
  return types.some((type) => {
    switch (type) {
      case 'integer':
        return Number.isInteger(value);
      case 'number':
        return typeof value === 'number';
      case 'array':
        return Array.isArray(value);
      case 'object':
        return typeof value === 'object' && value !== null && !Array.isArray(value);
      case 'null':
        return value === null;
      default:
        return typeof value === type;
    }
  });
}
