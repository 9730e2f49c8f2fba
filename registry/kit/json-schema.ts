import type { AnyTool } from './define-tool';
import {
  describeFileTypes,
  maxFilesOfField,
  wrongTypeMessage,
  type ChoicesOptions,
  type DeclaredField,
  type EntriesOptions,
  type Field,
  type FileField,
  type Scalar,
} from './fields';
import { FILE_TYPES, type FileTypeKey } from './file-types';
import { DEFAULT_MAX_PAGE_ITEMS, type PageItemsOptions } from './page-items';
import { formatSizeLimit } from './wire';

/**
 * Each tool's options as JSON Schema, derived from its declaration: the OpenAPI
 * document describes the multipart fields with it, the pipeline publishes it per
 * operation, and the pipeline editor renders step forms from it.
 */

export type JsonSchema = Record<string, unknown>;

export const PAGE_GRAMMAR = 'Pages, 1-based and comma-separated: numbers (`3`), ranges (`5-9`, open-ended `8-`), `all`, or functions of n (`2n+1`, `3n`).';

export const SIZE_GRAMMAR =
  'A size: a number (`.` or `,` as the decimal mark) and a unit, B, KB, MB or GB (K, M, G too, any case); a bare number is megabytes.';

/** The MIME types of some file types, each once. */
export function fileMimeTypes(accept: readonly FileTypeKey[]): string[] {
  return [...new Set(accept.flatMap((key) => FILE_TYPES[key].mimeTypes))];
}

/**
 * One field as JSON Schema: its type and bounds, `title` the field's label, and
 * a `description` that says, in sentences, what the declaration says (help,
 * options, when it applies, its messages).
 */
export function fieldJsonSchema(name: string, field: Field, serverMaxFiles: number): JsonSchema {
  const declared = field as DeclaredField;
  const notes: string[] = [sentence(field.label)];
  if (field.help) notes.push(sentence(field.help));
  let schema: JsonSchema;
  switch (declared.kind) {
    case 'number':
      schema = {
        type: declared.integer ? 'integer' : 'number',
        ...(declared.min !== undefined ? { minimum: declared.min } : {}),
        ...(declared.max !== undefined ? { maximum: declared.max } : {}),
        ...(declared.greaterThan !== undefined ? { exclusiveMinimum: declared.greaterThan } : {}),
        ...(declared.multipleOf !== undefined ? { multipleOf: declared.multipleOf } : {}),
        ...(declared.choices ? { examples: declared.choices.map((c) => c.value) } : {}),
      };
      if (declared.choices) notes.push(`The page offers ${declared.choices.map((c) => `\`${c.value}\` (${c.label})`).join(', ')}.`);
      break;
    case 'select': {
      const options = declared.options ?? [];
      const values: Scalar[] = options.flatMap((o) => [o.value, ...(o.aliases ?? [])]);
      const types = [...new Set(values.map((v) => (typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v)))];
      schema = { type: types.length === 1 ? types[0] : types, enum: values };
      notes.push(`Options: ${options.map((o) => `\`${o.value}\` ${o.label}`).join('; ')}.`);
      const aliases = options.flatMap((o) => (o.aliases ?? []).map((a) => `\`${a}\` means \`${o.value}\``));
      if (aliases.length) notes.push(`Also accepted: ${aliases.join(', ')}.`);
      if (declared.caseInsensitive) notes.push('Read in any case.');
      break;
    }
    case 'choices': {
      const options = declared.options ?? [];
      schema = { type: 'array', items: { type: 'string', enum: options.flatMap((o) => [o.value, ...(o.aliases ?? [])]) } };
      notes.push(`Any of: ${options.map((o) => `\`${o.value}\` ${o.label}`).join('; ')}.`);
      notes.push('Comma-joined in one part, or one part each.');
      if ((field as Field & ChoicesOptions).ignoreUnknown) notes.push('Values not listed are ignored.');
      break;
    }
    case 'entries': {
      const { numbered, maxEntries } = field as Field & EntriesOptions;
      const [key, value] = [numbered.key, numbered.value];
      schema = { type: 'object', additionalProperties: { type: 'string' }, maxProperties: maxEntries * 2 };
      notes.push(
        `Name/value pairs, at most ${maxEntries}: as numbered parts \`${key}1\` + \`${value}1\`, \`${key}2\` + \`${value}2\`…; ` +
          `or under this name as a JSON object, or as \`${name}[…]\` parts, where \`${key}<n>\`/\`${value}<n>\` pair up and any other name is itself a pair's name.`,
      );
      break;
    }
    case 'checkbox':
      schema = { type: 'boolean' };
      notes.push('`true` or `false` (also on/off, yes/no, 1/0).');
      break;
    case 'pages':
      schema = { type: 'string', examples: ['1,3,5-7', 'all', '2n+1'] };
      notes.push(PAGE_GRAMMAR);
      break;
    case 'size':
      schema = { type: 'string', examples: ['2MB', '500KB', '1.5GB'], ...(declared.maxLength !== undefined ? { maxLength: declared.maxLength } : {}) };
      notes.push(SIZE_GRAMMAR);
      break;
    case 'text':
    case 'textarea':
      schema = { type: 'string', ...(declared.maxLength !== undefined ? { maxLength: declared.maxLength } : {}) };
      break;
    case 'page-items': {
      const { kinds, maxItems } = field as Field & PageItemsOptions;
      schema = { type: 'string', contentMediaType: 'application/json' };
      notes.push(
        `A JSON list (or one object) of at most ${maxItems ?? DEFAULT_MAX_PAGE_ITEMS} items placed on the pages, each \`{"kind", "page", "x", "y", "width", "height", …}\`: ` +
          `kind one of ${kinds.map((kind) => `\`${kind}\``).join(', ')} (\`${kinds[0]}\` when left out), page from 1, the rest in points from the top-left corner of the page's crop box, the page unturned.`,
      );
      break;
    }
    case 'file': {
      const file = field as FileField;
      const binary = { type: 'string', format: 'binary', contentMediaType: fileMimeTypes(file.accept).join(', ') };
      const max = maxFilesOfField(file, serverMaxFiles);
      schema = file.multiple ? { type: 'array', items: binary, maxItems: max, ...(file.minFiles ? { minItems: file.minFiles } : {}) } : binary;
      notes.push(
        `${file.multiple ? `Up to ${max} ${describeFileTypes(file.accept)} files, one part each` : `One ${describeFileTypes(file.accept)} file`}${file.maxBytes ? `, each at most ${formatSizeLimit(file.maxBytes)}` : ''}.`,
      );
      notes.push(`Another type: “${wrongTypeMessage(file)}”`);
      break;
    }
    default:
      return unknownKind(declared.kind);
  }
  if (field.default !== undefined) schema.default = field.default;
  if (field.visibleWhen) {
    const when = Object.entries(field.visibleWhen)
      .map(([other, allowed]) => `\`${other}\` is ${allowed.map((v) => `\`${String(v)}\``).join(' or ')}`)
      .join(' and ');
    notes.push(`Used only when ${when}${field.required ? ', and then required' : ''}; ignored otherwise.`);
  }
  if (field.required) notes.push(`Left out: “${field.required}”`);
  if (declared.invalid) notes.push(`Refused value: “${declared.invalid}”`);
  if (field.apiOnly) notes.push('Not shown on the web page.');
  schema.title = field.label;
  schema.description = notes.join(' ');
  return schema;
}

/**
 * A tool's options without its files, as one object schema: what a pipeline
 * step's `parameters` may hold. Fields required whatever else is chosen are
 * listed in `required`.
 */
export function optionsJsonSchema(tool: AnyTool, serverMaxFiles: number): JsonSchema {
  const fields = Object.entries(tool.fields).filter(([, field]) => field.kind !== 'file');
  return {
    type: 'object',
    title: tool.title,
    description: tool.subtitle,
    properties: Object.fromEntries(fields.map(([name, field]) => [name, fieldJsonSchema(name, field, serverMaxFiles)])),
    required: fields.filter(([, field]) => field.required && !field.visibleWhen && !field.requiredWhen).map(([name]) => name),
  };
}

/** A new field kind must be described here: this stops the build until it is. */
function unknownKind(kind: never): never {
  throw new Error(`JSON Schema: no schema for field kind "${String(kind)}".`);
}

function sentence(text: string): string {
  return /[.!?:]$/.test(text) ? text : `${text}.`;
}
