import { isFieldVisible, optionsJsonSchema, type AnyTool, type Field, type SelectOption } from '@folio/registry';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';

/**
 * A step's options form for rjsf, derived from the registry: the tool's options
 * JSON Schema (the one OpenAPI publishes), cut down to what the tool's own page
 * shows: no `apiOnly` or file fields, conditional fields only while their
 * condition holds. Titles are the labels, descriptions the short `help` (not the
 * long OpenAPI text), selects list only the declared options under their labels
 * (aliases stay accepted, not offered).
 */

/** File fields, the only ones whose schema depends on the server's file limit, are left out, so any value does. */
const NO_FILE_FIELDS = 1;

type Values = Record<string, unknown>;
type DeclaredOptions = {
  options?: readonly SelectOption[];
  choices?: readonly SelectOption<number>[];
  placeholder?: string;
  secret?: boolean;
  widget?: string;
};

/** The fields a step's form shows for these options, in declaration order. */
export function shownFields(tool: AnyTool, parameters: Values): [string, Field][] {
  const values = { ...parameterDefaults(tool), ...parameters };
  return Object.entries(tool.fields).filter(([, field]) => field.kind !== 'file' && !field.apiOnly && isFieldVisible(field, values));
}

/** Each field's declared default, as JSON: what a new step starts with. Only fields the form shows by default. */
export function parameterDefaults(tool: AnyTool): Values {
  return Object.fromEntries(
    Object.entries(tool.fields)
      .filter(([, field]) => field.kind !== 'file' && !field.apiOnly && field.default !== undefined)
      .map(([name, field]) => [name, field.default]),
  );
}

/** A new step's parameters: the defaults of the fields its page shows at first. */
export function initialParameters(tool: AnyTool): Values {
  const defaults = parameterDefaults(tool);
  // A tool sharing its endpoint is told apart by one of its fields being present (Extract Pages' pageRange).
  const marker = tool.sharesEndpoint?.whenAnyField;
  if (marker && !marker.some((name) => name in defaults)) defaults[marker[0]!] = '';
  return keepShown(tool, defaults);
}

/**
 * The options as the step keeps them after a change in its form: shown fields as
 * the form holds them (blank text dropped), hidden conditional ones dropped as
 * the tool's page drops them; fields the form never shows (apiOnly, set in a
 * loaded file) kept as they were.
 */
export function keepShown(tool: AnyTool, parameters: Values): Values {
  const shown = new Set(shownFields(tool, parameters).map(([name]) => name));
  return Object.fromEntries(
    Object.entries(parameters).filter(([name, value]) => {
      const field = tool.fields[name];
      if (value === undefined) return false;
      // Blank is absent to the schema; kept only where it tells a tool sharing the endpoint apart.
      if (value === '' && !tool.sharesEndpoint?.whenAnyField.includes(name)) return false;
      if (!field || field.kind === 'file' || field.apiOnly) return true;
      return shown.has(name);
    }),
  );
}

export function stepFormSchema(tool: AnyTool, parameters: Values): RJSFSchema {
  const all = optionsJsonSchema(tool, NO_FILE_FIELDS) as { properties: Record<string, RJSFSchema>; required: string[] };
  const shown = shownFields(tool, parameters);
  const names = new Set(shown.map(([name]) => name));
  return {
    type: 'object',
    properties: Object.fromEntries(shown.map(([name, field]) => [name, propertySchema(all.properties[name]!, field)])),
    required: all.required.filter((name) => names.has(name)),
  };
}

function propertySchema(schema: RJSFSchema, field: Field): RJSFSchema {
  const { description: _longText, ...rest } = schema;
  const { options, choices } = field as Field & DeclaredOptions;
  const result: RJSFSchema = { ...rest, title: field.label, ...(field.help ? { description: field.help } : {}) };
  if (field.kind === 'select' && options) result.enum = options.map((option) => option.value);
  // A number limited to a few values (Rotate's angle) is picked, not typed, as on the tool's page.
  if (field.kind === 'number' && choices) {
    delete result.examples;
    result.enum = choices.map((choice) => choice.value);
  }
  if (field.kind === 'choices' && options) {
    result.items = { type: 'string', enum: options.map((option) => String(option.value)) };
    result.uniqueItems = true;
  }
  return result;
}

export function stepUiSchema(tool: AnyTool, parameters: Values): UiSchema {
  const ui: UiSchema = { 'ui:submitButtonOptions': { norender: true } };
  for (const [name, field] of shownFields(tool, parameters)) {
    const declared = field as Field & DeclaredOptions;
    const entry: UiSchema = {};
    if (declared.placeholder) entry['ui:placeholder'] = declared.placeholder;
    if (field.kind === 'select' && declared.options) entry['ui:enumNames'] = declared.options.map((option) => option.label);
    if (field.kind === 'number' && declared.choices) entry['ui:enumNames'] = declared.choices.map((choice) => choice.label);
    if (field.kind === 'choices' && declared.options) {
      entry['ui:widget'] = 'checkboxes';
      entry['ui:inline'] = true;
      entry.items = { 'ui:enumNames': declared.options.map((option) => option.label) };
    }
    if (field.kind === 'textarea') entry['ui:widget'] = 'textarea';
    if (declared.secret) entry['ui:widget'] = 'password';
    if (declared.widget === 'color') entry['ui:widget'] = 'color';
    ui[name] = entry;
  }
  return ui;
}
