import { collectParams, isFieldVisible, issueMessages, schemaOf, type AnyTool, type EntriesOptions } from '@folio/registry';
import { refusal, usageError } from './exit-codes';
import type { TypedValue } from './command-line';
import { resolveFieldFiles, type InputFile } from './inputs';
import type { CliIo } from './io';
import type { ToolOption } from './tool-options';

/** The options of a run once the tool's schema has read them. */
export interface CheckedOptions {
  /** The schema's output: defaults applied, hidden fields gone. What is sent. */
  params: Record<string, unknown>;
  /** Notes on options given that the tool ignores with these values (a field shown only for another mode). */
  ignored: string[];
}

/**
 * A multipart body as the server would receive it from these options, for the
 * schema to read: text as typed, flags as booleans, lists as lists, and each
 * file a field is given as the file itself (its name and size are what the
 * schema checks; its path is what is sent).
 */
function bodyOf(options: readonly ToolOption[], given: ReadonlyMap<string, TypedValue[]>, io: CliIo): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const option of options) {
    const values = given.get(option.field);
    if (!values || values.length === 0) continue;
    const last = values[values.length - 1];
    switch (option.declared.kind) {
      case 'file':
        body[option.field] = resolveFieldFiles(values.map(String), io);
        break;
      case 'entries':
        Object.assign(body, entriesBody(option, values.map(String)));
        break;
      case 'choices':
        body[option.field] = values.map(String);
        break;
      case 'textarea':
        // Several values are several lines, as the page's text area sends them.
        body[option.field] = values.length === 1 ? last : values.map(String);
        break;
      default:
        body[option.field] = last;
    }
  }
  return body;
}

/**
 * Name/value pairs given as `--option name=value` (repeated) or one JSON object,
 * as the numbered parts (`customKey1`, `customValue1`) the page sends.
 */
function entriesBody(option: ToolOption, values: string[]): Record<string, unknown> {
  const { numbered } = option.declared as unknown as EntriesOptions;
  const body: Record<string, unknown> = {};
  let index = 0;
  for (const value of values) {
    if (value.trim().startsWith('{')) {
      body[option.field] = value;
      continue;
    }
    const equals = value.indexOf('=');
    if (equals <= 0) throw usageError(`--${option.flag} takes name=value (e.g. --${option.flag} Department=Sales) or a JSON object, not "${value}".`);
    index++;
    body[`${numbered.key}${index}`] = value.slice(0, equals);
    body[`${numbered.value}${index}`] = value.slice(equals + 1);
  }
  return body;
}

/**
 * Checks the options with the tool's own schema, the one the page and the server
 * use, before anything is sent: a refused value is exit 1 with the declaration's message.
 */
export function checkOptions(tool: AnyTool, options: readonly ToolOption[], given: ReadonlyMap<string, TypedValue[]>, io: CliIo): CheckedOptions {
  const parsed = schemaOf(tool).safeParse(collectParams(tool, bodyOf(options, given, io)));
  if (!parsed.success) {
    const flagOf = (field: string) => options.find((option) => option.field === field.split('.')[0])?.flag;
    const lines = issueMessages(parsed.error).map(({ field, message }) => (flagOf(field) ? `${message} (--${flagOf(field)})` : message));
    throw refusal([...new Set(lines)].join('\n'));
  }
  const params = parsed.data as Record<string, unknown>;
  const ignored = options
    .filter((option) => given.has(option.field) && !(option.field in params) && !isFieldVisible(option.declared, params))
    .map((option) => `--${option.flag} is ignored: it applies only when ${conditionText(option, options)}.`);
  return { params, ignored };
}

/** 'when --stamp-type is image', from the field's `visibleWhen`. */
function conditionText(option: ToolOption, options: readonly ToolOption[]): string {
  return Object.entries(option.declared.visibleWhen ?? {})
    .map(([field, values]) => {
      const controller = options.find((candidate) => candidate.field === field);
      if (controller?.isFlag) return values.includes(true) ? `--${controller.flag} is given` : `--no-${controller.flag} is given`;
      return `--${controller?.flag ?? field} is ${values.map(String).join(' or ')}`;
    })
    .join(' and ');
}

/** The files the options give to `file` fields, by field, as the schema kept them. */
export function fieldFilesOf(tool: AnyTool, params: Readonly<Record<string, unknown>>): Map<string, InputFile[]> {
  const files = new Map<string, InputFile[]>();
  for (const [name, field] of Object.entries(tool.fields)) {
    const value = params[name];
    if (field.kind !== 'file' || value === undefined) continue;
    files.set(name, (Array.isArray(value) ? value : [value]) as InputFile[]);
  }
  return files;
}
