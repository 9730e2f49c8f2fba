import { z } from 'zod';
import { assertPageSelectionSyntax, PageSelectionError } from './page-selection';
import { FILE_TYPES, type FileTypeKey } from './file-types';
import type { InputFile } from './input-file';
import type { WidgetKey } from './widget-keys';
import { parseSize, sizeText } from './sizes';
import { formatSizeLimit, isBlank } from './wire';

/**
 * The field vocabulary. Each builder returns the declaration unchanged plus a
 * zod `schema` that turns one value, as a browser form or a multipart body
 * carries it, into the typed value: "true" → true, "90" → 90, "" → absent.
 * Coercion lives here once; the form and the server both parse with it.
 */

export type FieldKind = 'text' | 'textarea' | 'number' | 'size' | 'checkbox' | 'select' | 'choices' | 'entries' | 'pages' | 'file' | 'page-items';

export type Scalar = string | number | boolean;

/**
 * Show (and require, and send) a field only while other fields hold one of the
 * listed values. e.g. `{ pageRange: ['custom'] }`
 */
export type VisibleWhen = Readonly<Record<string, readonly Scalar[]>>;

export interface FieldCommon {
  /** Label beside the input, sentence case or verbatim from the spec. e.g. 'Angle' */
  label: string;
  /** One line under the input. e.g. 'Separate pages with commas.' */
  help?: string;
  /** Placeholder text. e.g. '1,3,5-7' */
  placeholder?: string;
  /** Conditional display, like n8n's displayOptions.show. e.g. `{ mode: ['CUSTOM'] }` */
  visibleWhen?: VisibleWhen;
  /**
   * Message for a blank value; its presence makes the field required while visible.
   * e.g. 'Please enter pages to split.'
   */
  required?: string;
  /**
   * Narrows `required` to some of the values that show the field, where a blank
   * means something for the others. e.g. Organise's page order: required for
   * CUSTOM, a blank copy count for DUPLICATE means 2. `{ customMode: ['CUSTOM'] }`
   */
  requiredWhen?: VisibleWhen;
  /** Other multipart names clients send for the same option. e.g. ['colorType'] */
  aliases?: readonly string[];
  /** Widget key, when the default widget for the kind does not fit. e.g. 'bookmark-editor' */
  widget?: WidgetKey;
  /** Sent by API clients only; the web form does not show it. e.g. Merge's `sortType` */
  apiOnly?: boolean;
  /**
   * The page puts the default back when the field is hidden, so showing it again
   * starts afresh. e.g. Advanced Colour's combination, reset when another option is chosen
   */
  resetWhenHidden?: boolean;
}

/** A declared field: its metadata plus the schema that parses one wire or form value. */
export interface Field<T = unknown> extends FieldCommon {
  kind: FieldKind;
  default?: T;
  /** Parses one value; blank or missing gives undefined (defaults are applied per tool). */
  schema: z.ZodType<T | undefined, unknown>;
  /**
   * For a value spread over several multipart parts: gathers it from the whole
   * body (`name` is the field's own). Otherwise the part under its name is read.
   */
  fromBody?(body: Readonly<Record<string, unknown>>, name: string): unknown;
  /** The parts the page sends for a parsed value, when not one part under the field's name. */
  toBody?(value: T, name: string): [string, string][];
}

/**
 * A declared field with every builder's options visible (each kind uses some),
 * for code that reads fields of any kind: OpenAPI and JSON Schema, the QA matrix.
 */
export type DeclaredField = Field & {
  invalid?: string;
  min?: number;
  max?: number;
  greaterThan?: number;
  inputMin?: number;
  step?: number;
  integer?: boolean;
  multipleOf?: number;
  maxLength?: number;
  caseInsensitive?: boolean;
  options?: readonly SelectOption[];
  choices?: readonly SelectOption<number>[];
};

export interface SelectOption<V extends Scalar = Scalar> {
  /** Value sent over the wire. e.g. 90 or 'CUSTOM' */
  value: V;
  /** Text shown to the visitor. e.g. 'Custom Page Order' */
  label: string;
  /** Other wire spellings clients send for this value. e.g. ['fillPage'] */
  aliases?: readonly string[];
}

const blankToUndefined = (value: unknown) => (isBlank(value) ? undefined : value);

/** A multipart field repeated by mistake arrives as an array: the first one counts. */
const firstValue = (value: unknown) => (Array.isArray(value) ? value[0] : value);

const prepare = (value: unknown) => blankToUndefined(firstValue(value));

// ---------------------------------------------------------------- checkbox

export interface CheckboxOptions extends FieldCommon {
  default: boolean;
  /** Message for a value that is not a boolean. e.g. 'Choose yes or no.' */
  invalid?: string;
}

/** The message a yes/no option gives for a value that is not one: the declared one, or one derived from the label. */
export function checkboxInvalidMessage(field: Pick<CheckboxOptions, 'label' | 'invalid'>): string {
  return field.invalid ?? `${field.label}: expected true or false.`;
}

/**
 * A yes/no option. Accepts booleans from the form and true/false, on/off,
 * yes/no, 1/0 (any case) from multipart, like the reference's binder.
 */
export function checkbox<const O extends CheckboxOptions>(options: O): O & Field<boolean> & { kind: 'checkbox' } {
  const error = checkboxInvalidMessage(options);
  const wire = z.stringbool({ truthy: ['true', 'on', 'yes', '1'], falsy: ['false', 'off', 'no', '0'], case: 'insensitive', error });
  return {
    ...options,
    kind: 'checkbox',
    schema: z.preprocess(prepare, z.union([z.boolean(), wire], { error }).optional()),
  };
}

// ---------------------------------------------------------------- number

export interface NumberOptions extends FieldCommon {
  default?: number;
  /** Inclusive bounds; exceeding them gives `invalid`. */
  min?: number;
  max?: number;
  /** Exclusive lower bound. e.g. scale factor > 0 */
  greaterThan?: number;
  /** Input step in the browser. e.g. 0.01 */
  step?: number;
  /** Lowest value the browser's input offers, when it differs from the check. e.g. 0.01 for `greaterThan: 0` */
  inputMin?: number;
  integer?: boolean;
  /** Every accepted value is a multiple of this. e.g. 90 for angles */
  multipleOf?: number;
  /** Offer these values in a select instead of a free input (the schema still decides). */
  choices?: readonly SelectOption<number>[];
  /**
   * The value is a page of the uploaded PDF, from 1: the page refuses one past the
   * document's last page before uploading. e.g. Extract Pages' start and end page
   */
  pageNumber?: boolean;
  /** Message for any out-of-domain value. e.g. 'Pages per sheet must be between 1 and 16.' */
  invalid: string;
}

/** A number, typed as text in multipart ("0.5"), checked against its bounds. */
export function number<const O extends NumberOptions>(options: O): O & Field<number> & { kind: 'number' } {
  const error = options.invalid;
  let value = z.number({ error }).refine(Number.isFinite, { error });
  if (options.integer) value = value.refine(Number.isInteger, { error });
  if (options.min !== undefined) value = value.refine((v) => v >= options.min!, { error });
  if (options.max !== undefined) value = value.refine((v) => v <= options.max!, { error });
  if (options.greaterThan !== undefined) value = value.refine((v) => v > options.greaterThan!, { error });
  if (options.multipleOf !== undefined) value = value.refine((v) => v % options.multipleOf! === 0, { error });
  const numeral = z
    .string()
    .trim()
    .regex(/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/, { error })
    .transform(Number);
  const numeric = z.union([z.number(), numeral], { error });
  return {
    ...options,
    kind: 'number',
    schema: z.preprocess(prepare, numeric.pipe(value).optional()),
  };
}

// ---------------------------------------------------------------- size

export interface SizeOptions extends FieldCommon {
  /** A size the field accepts, sent where it must be filled while another field is under test. e.g. '1MB' */
  example?: string;
  /** Longest accepted text. */
  maxLength?: number;
  /** Message for text that is not a size (sizes.ts's grammar) of at least one byte. e.g. 'Target size must be a size such as 500KB or 2MB.' */
  invalid: string;
}

/**
 * A size typed as text (`2MB`, `500 kb`, `1,5GB`; a bare number is MB, see
 * sizes.ts), parsed to bytes on both sides; the page sends the bytes back in
 * the same grammar (`1572864B`).
 */
export function size<const O extends SizeOptions>(options: O): O & Field<number> & { kind: 'size' } {
  const error = options.invalid;
  let text = z.string({ error });
  if (options.maxLength !== undefined) text = text.max(options.maxLength, { error });
  const bytes = text.transform((value, ctx) => {
    const parsed = parseSize(value);
    if (parsed === undefined) {
      ctx.addIssue({ code: 'custom', message: error });
      return z.NEVER;
    }
    return parsed;
  });
  // A value already parsed (the page's own, or a pipeline step's) is taken as bytes.
  const value = z.union([z.number().int({ error }).min(1, { error }), bytes], { error });
  return {
    ...options,
    kind: 'size',
    schema: z.preprocess(prepare, value.optional()),
    toBody: (parsed: number, name: string) => [[name, sizeText(parsed)]],
  };
}

// ---------------------------------------------------------------- select

export interface SelectOptions<V extends Scalar = Scalar> extends FieldCommon {
  options: readonly SelectOption<V>[];
  default?: V;
  /** Match wire values ignoring case (the reference's `customMode`). */
  caseInsensitive?: boolean;
  /**
   * Message for a value outside the options. Derived from the label and the
   * option values when omitted: 'Output format must be docx, doc or odt.'
   */
  invalid?: string;
}

/** `a`, `a or b`, `a, b or c`. */
export function listWithOr(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/** The message a select gives for a value outside its options: the declared one, or one derived from them. */
export function selectInvalidMessage(field: Pick<SelectOptions, 'label' | 'options' | 'invalid'>): string {
  return field.invalid ?? `${field.label} must be ${listWithOr(field.options.map((o) => String(o.value)))}.`;
}

type OptionValue<O extends { options: readonly SelectOption[] }> = O['options'][number]['value'];

/** One of a fixed list. Numeric options accept "90" from multipart; aliases map to their option. */
export function select<const O extends SelectOptions>(options: O): O & Field<OptionValue<O>> & { kind: 'select' } {
  const error = selectInvalidMessage(options);
  const canonical = (raw: unknown): unknown => {
    if (raw === undefined) return undefined;
    const text = String(raw).trim();
    const same = (a: string) => (options.caseInsensitive ? a.toLowerCase() === text.toLowerCase() : a === text);
    const match = options.options.find((o) => same(String(o.value)) || o.aliases?.some(same));
    return match ? match.value : raw;
  };
  const values = options.options.map((o) => o.value) as [Scalar, ...Scalar[]];
  return {
    ...options,
    kind: 'select',
    schema: z.preprocess((raw) => canonical(prepare(raw)), z.literal(values, { error }).optional()) as z.ZodType<OptionValue<O> | undefined, unknown>,
  };
}

// ---------------------------------------------------------------- choices

export interface ChoicesOptions extends FieldCommon {
  options: readonly SelectOption<string>[];
  default?: readonly string[];
  /**
   * Message for a value outside the options (or, with `ignoreUnknown`, for none
   * left). e.g. 'Selected languages are invalid.'
   */
  invalid?: string;
  /** Values not offered are dropped rather than refused (the reference filters OCR languages to installed ones). */
  ignoreUnknown?: boolean;
}

/**
 * Several of a fixed list, as check boxes. The wire carries the values comma-joined
 * ('eng,fra', as the spec's page sends them) or one part each; the parsed value
 * is the chosen option values, in the order given, without repeats.
 */
/** The message a choice list gives for a value outside its options: the declared one, or one listing them. */
export function choicesInvalidMessage(field: Pick<ChoicesOptions, 'label' | 'options' | 'invalid'>): string {
  return field.invalid ?? `${field.label} must be among ${listWithOr(field.options.map((o) => o.value))}.`;
}

type ChoiceValues<O extends ChoicesOptions> = readonly O['options'][number]['value'][];

export function choices<const O extends ChoicesOptions>(options: O): O & Field<ChoiceValues<O>> & { kind: 'choices' } {
  const error = choicesInvalidMessage(options);
  const canonical = (text: string) => options.options.find((o) => o.value === text || o.aliases?.includes(text))?.value;
  const split = (raw: unknown): unknown => {
    // Every box unticked on the page: nothing chosen, not "left out" (which takes the default).
    if (Array.isArray(raw) && raw.length === 0) return [];
    if (isBlank(raw)) return undefined;
    const items = (Array.isArray(raw) ? raw : [raw]).flatMap((item) => (typeof item === 'string' ? item.split(',') : [item]));
    const texts = items.map((item) => (typeof item === 'string' ? item.trim() : item)).filter((item) => !isBlank(item));
    return texts.length === 0 ? undefined : texts;
  };
  const chosen = z.array(z.unknown()).transform((items, ctx) => {
    const values = items.map((item) => (typeof item === 'string' ? canonical(item) : undefined));
    const known = [...new Set(values.filter((v): v is string => v !== undefined))];
    if (items.length === 0) return known;
    if (known.length === 0 || (!options.ignoreUnknown && known.length < new Set(items).size)) {
      ctx.addIssue({ code: 'custom', message: error });
      return z.NEVER;
    }
    return known;
  });
  const schema = z.preprocess(split, chosen.optional()) as z.ZodType<ChoiceValues<O> | undefined, unknown>;
  return { ...options, kind: 'choices', schema } as O & Field<ChoiceValues<O>> & { kind: 'choices' };
}

// ---------------------------------------------------------------- entries

/** One name/value pair of an `entries` field. */
export interface Entry {
  key: string;
  value: string;
}

export interface EntriesOptions extends FieldCommon {
  /** Labels of the two inputs of a row. e.g. 'Key', 'Value' */
  keyLabel: string;
  valueLabel: string;
  /** Text of the button that adds a row. e.g. 'Add entry' */
  addLabel: string;
  /**
   * Names the n-th pair travels under, n from 1, as the spec's page sends them:
   * `{ key: 'customKey', value: 'customValue' }` → customKey1, customValue1.
   */
  numbered: { key: string; value: string };
  /** Most pairs one request may carry. */
  maxEntries: number;
  /** More pairs than `maxEntries`. */
  tooMany?: string;
}

/** The messages a list of pairs gives: too many pairs, and a map that is not one. */
export function entriesMessages(field: Pick<EntriesOptions, 'label' | 'maxEntries' | 'tooMany'>): { tooMany: string; notMap: string } {
  return {
    tooMany: field.tooMany ?? `${field.label}: at most ${field.maxEntries} entries.`,
    notMap: `${field.label} must be a JSON object of names and values.`,
  };
}

/** Pairs from one map of multipart names to values: numbered pairs, and with `direct` every other name as itself. */
function pairsIn(map: Readonly<Record<string, unknown>>, numbered: EntriesOptions['numbered'], direct: boolean): Entry[] {
  const keyName = new RegExp(`^${numbered.key}(\\d+)$`);
  const valueName = new RegExp(`^${numbered.value}\\d+$`);
  const text = (value: unknown) => String(firstValue(value) ?? '');
  const pairs: [number, Entry][] = [];
  for (const [name, raw] of Object.entries(map)) {
    const match = keyName.exec(name);
    if (match) pairs.push([Number(match[1]), { key: text(raw), value: text(map[`${numbered.value}${match[1]}`]) }]);
    // A JSON map may give numbers and booleans ({"Floor": 3}): their text is the value.
    else if (direct && !valueName.test(name) && (['string', 'number', 'boolean'].includes(typeof raw) || Array.isArray(raw)))
      pairs.push([Infinity, { key: name, value: text(raw) }]);
  }
  return pairs.sort((a, b) => a[0] - b[0]).map(([, entry]) => entry);
}

/**
 * A list of name/value pairs the visitor adds and removes (Change Metadata's
 * custom entries). Read from numbered parts (`customKey1`/`customValue1`) and
 * from the field's own name as the reference's `allRequestParams` map: JSON text,
 * or bracketed parts (`allRequestParams[customKey1]`, `allRequestParams[Dept]`).
 * Pairs with a blank name are dropped.
 */
export function entries<const O extends EntriesOptions>(options: O): O & Field<Entry[]> & { kind: 'entries' } {
  const { tooMany, notMap } = entriesMessages(options);
  const entry = z.object({ key: z.string().trim(), value: z.string() });
  const list = z
    .array(entry)
    .transform((items) => items.filter((item) => item.key !== ''))
    .refine((items) => items.length <= options.maxEntries, { error: tooMany })
    .transform((items) => (items.length === 0 ? undefined : items));
  const fromBody = (body: Readonly<Record<string, unknown>>, name: string): unknown => {
    const found = pairsIn(body, options.numbered, false);
    let map = body[name];
    if (typeof map === 'string' && map.trim() !== '') {
      try {
        map = JSON.parse(map);
      } catch {
        return notMap;
      }
      if (typeof map !== 'object' || map === null || Array.isArray(map)) return notMap;
    }
    // Bracketed names multer did not nest (or a client's literal ones).
    const bracketed = Object.entries(body).flatMap(([part, value]) => {
      const inner = new RegExp(`^${name}\\[([^\\]]+)\\]$`).exec(part);
      return inner ? [[inner[1], value] as const] : [];
    });
    const merged = { ...(typeof map === 'object' && map !== null ? (map as Record<string, unknown>) : {}), ...Object.fromEntries(bracketed) };
    found.push(...pairsIn(merged, options.numbered, true));
    return found.length === 0 ? undefined : found;
  };
  return {
    ...options,
    kind: 'entries',
    schema: z.preprocess((raw) => (isBlank(raw) ? undefined : raw), z.custom<unknown[]>(Array.isArray, { error: notMap }).pipe(list).optional()) as z.ZodType<
      Entry[] | undefined,
      unknown
    >,
    fromBody,
    toBody: (value: Entry[]) =>
      value.flatMap(
        (pair, index) =>
          [
            [`${options.numbered.key}${index + 1}`, pair.key],
            [`${options.numbered.value}${index + 1}`, pair.value],
          ] as [string, string][],
      ),
  };
}

// ---------------------------------------------------------------- text

export interface TextOptions extends FieldCommon {
  default?: string;
  /**
   * A value the field accepts, sent where it must be filled while another field
   * is under test (the QA matrix); 'sample' when omitted. e.g. '1' for a split value
   */
  example?: string;
  /** Longest accepted text. */
  maxLength?: number;
  /** Message for text that is too long. */
  invalid?: string;
  /** Render as a multi-line text area. */
  multiline?: boolean;
  /**
   * A password: the page masks it, and spaces are part of it (only an empty
   * value counts as absent).
   */
  secret?: boolean;
  /**
   * A check beyond the length, for text with a grammar of its own (a pipeline
   * definition): the message for a refused value, or undefined when it passes.
   */
  check?: (value: string) => string | undefined;
}

/** The message free text gives when it is too long: the declared one, or one derived from the label. */
export function textInvalidMessage(field: Pick<TextOptions, 'label' | 'invalid'>): string {
  return field.invalid ?? `${field.label} is too long.`;
}

/** Free text. Blank counts as absent. */
export function text<const O extends TextOptions>(options: O): O & Field<string> & { kind: 'text' | 'textarea' } {
  const error = textInvalidMessage(options);
  let value = z.string({ error });
  if (options.maxLength !== undefined) value = value.max(options.maxLength, { error });
  if (options.check) {
    const check = options.check;
    value = value.superRefine((text, ctx) => {
      const message = check(text);
      if (message !== undefined) ctx.addIssue({ code: 'custom', message });
    });
  }
  // A text area's lines may come as one value per line (Auto Redact's `listOfText`, as the spec's page sends it).
  const joinLines = (raw: unknown) => (Array.isArray(raw) ? raw.map(String).join('\n') : raw);
  const absentWhenEmpty = (raw: unknown) => {
    const first = firstValue(raw);
    return first === '' || first === null ? undefined : first;
  };
  return {
    ...options,
    kind: options.multiline ? 'textarea' : 'text',
    schema: z.preprocess(options.secret ? absentWhenEmpty : options.multiline ? (raw) => blankToUndefined(joinLines(raw)) : prepare, value.optional()),
  };
}

// ---------------------------------------------------------------- pages

export interface PagesOptions extends FieldCommon {
  default?: string;
  /**
   * What the page's form starts with, where it differs from `default`, the value
   * an absent field takes for API clients (the reference's). e.g. PDF to CSV:
   * 'all' on the page, page 1 through the API
   */
  formDefault?: string;
  /**
   * The selection is an order: pages come out as listed (`3,1,2`), so the page's
   * grid of thumbnails shows them in that order and lets them be dragged into
   * place. `true`, or only while other fields hold the listed values, e.g.
   * Organise's `{ customMode: ['CUSTOM'] }`: under the field's other values the
   * text is not a page selection at all (Organise's copy count), and no grid is shown.
   */
  order?: true | VisibleWhen;
}

/**
 * A page selection in the reference's grammar (`1,3,5-9`, `all`, `2n+1`).
 * The syntax is checked here; pages are expanded against the real document by
 * the server with `parsePageSelection`.
 */
export function pages<const O extends PagesOptions>(options: O): O & Field<string> & { kind: 'pages' } {
  const syntax = z.string().superRefine((spec, ctx) => {
    try {
      assertPageSelectionSyntax(spec);
    } catch (error) {
      if (!(error instanceof PageSelectionError)) throw error;
      ctx.addIssue({ code: 'custom', message: error.message });
    }
  });
  return {
    ...options,
    kind: 'pages',
    schema: z.preprocess(prepare, syntax.optional()),
  };
}

// ---------------------------------------------------------------- file

export interface FileFieldOptions extends FieldCommon {
  /** Accepted file types; the server checks the content, the page the name. e.g. ['png', 'jpeg'] */
  accept: readonly FileTypeKey[];
  /** Several files under this name (repeated parts); otherwise one. */
  multiple?: boolean;
  /** Fewest files when any are sent (`required` says whether none is fine). */
  minFiles?: number;
  /** Most files; 1 unless `multiple`. */
  maxFiles?: number;
  /** Largest accepted file, in bytes, below the server's upload limit. e.g. 1024 * 1024 for a certificate */
  maxBytes?: number;
  /** An upload of another type. e.g. 'Please upload a PNG or JPG image.' Derived from `accept` when omitted. */
  wrongType?: string;
  /** More files than `maxFiles` (or a second file for a single one). */
  tooMany?: string;
  /** Fewer files than `minFiles`. */
  tooFew?: string;
  /** A file over `maxBytes`. */
  tooLarge?: string;
  /** Text of the button that opens the file picker, where the spec names it. e.g. 'Upload Files' */
  buttonLabel?: string;
}

/** A declared `file` field, with its options visible. */
export type FileField = Field & FileFieldOptions & { kind: 'file' };

export function isFileField(field: Field): field is FileField {
  return field.kind === 'file';
}

/** A tool's `file` fields, by name, in declaration order. */
export function fileFieldsOf(tool: { fields: Readonly<Record<string, Field>> }): [string, FileField][] {
  return Object.entries(tool.fields).filter((entry): entry is [string, FileField] => isFileField(entry[1]));
}

/** Most files a `file` field takes in one request, within the server's limit. */
export function maxFilesOfField(field: FileField, serverMaxFiles: number): number {
  return field.multiple ? Math.min(field.maxFiles ?? Infinity, serverMaxFiles) : 1;
}

/** What a file field holds before the server has checked it: a browser `File` or the runner's description of a part. */
interface FileLike {
  size: number;
}

const isFileLike = (value: unknown): value is FileLike =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { size?: unknown }).size === 'number' &&
  // A multipart text field named `x[size]` parses to an object too: only real uploads carry a name of their own.
  (typeof (value as { name?: unknown }).name === 'string' || typeof (value as { originalName?: unknown }).originalName === 'string');

type FileValue<O extends { multiple?: boolean }> = O['multiple'] extends true ? InputFile[] : InputFile;

/** More files under a file field than `max`, in the field's words. e.g. 'Attachments: at most 50 files.' */
export function tooManyFilesMessage(label: string, max: number): string {
  return max === 1 ? `${label}: one file only.` : `${label}: at most ${max} files.`;
}

/** The accepted types in words, for messages. e.g. 'PNG or JPG' */
export function describeFileTypes(types: readonly FileTypeKey[]): string {
  return listWithOr(types.map((key) => FILE_TYPES[key].label));
}

/** The message a file field gives for an upload of another type: the declared one, or one derived from `accept`. */
export function wrongTypeMessage(field: Pick<FileFieldOptions, 'label' | 'accept' | 'wrongType'>): string {
  const types = describeFileTypes(field.accept);
  // 'a PNG or JPG file', but 'a file' where the type is already one ('file', 'supported file').
  return field.wrongType ?? `${field.label}: please upload a ${/\bfile$/.test(types) ? types : `${types} file`}.`;
}

/** The messages a file field gives for too many, too few and too large files: declared, or derived from the label and limits. */
export function fileCountMessages(field: FileFieldOptions): { tooMany: string; tooFew: string; tooLarge: string } {
  return {
    tooMany: field.tooMany ?? tooManyFilesMessage(field.label, field.multiple ? (field.maxFiles ?? Infinity) : 1),
    tooFew: field.tooFew ?? `${field.label}: at least ${field.minFiles ?? 1} files.`,
    tooLarge: field.tooLarge ?? `${field.label}: each file may be at most ${formatSizeLimit(field.maxBytes ?? 0)}.`,
  };
}

/**
 * An upload besides the main `fileInput` files, under its own multipart name: an
 * image to stamp, a certificate, overlay PDFs. The schema checks what both sides
 * can (count, size, presence); the type is checked where the file is: by name
 * and MIME type on the page, by content on the server, which then hands the
 * processor an `InputFile` (or `InputFile[]` with `multiple`).
 */
export function file<const O extends FileFieldOptions>(options: O): O & Field<FileValue<O>> & { kind: 'file' } {
  const max = options.multiple ? (options.maxFiles ?? Infinity) : 1;
  const min = options.minFiles ?? 1;
  const { tooMany, tooFew, tooLarge } = fileCountMessages(options);
  const files = z
    .array(z.custom<FileLike>(isFileLike, { error: wrongTypeMessage(options) }))
    .refine((list) => list.length <= max, { error: tooMany })
    .refine((list) => list.length >= min, { error: tooFew })
    .refine((list) => options.maxBytes === undefined || list.every((f) => f.size <= options.maxBytes!), { error: tooLarge })
    .transform((list) => (options.multiple ? list : list[0]) as unknown as FileValue<O>);
  const asList = (value: unknown) => {
    if (isBlank(value)) return undefined;
    const list = (Array.isArray(value) ? value : [value]).filter((item) => !isBlank(item));
    return list.length === 0 ? undefined : list;
  };
  return {
    ...options,
    kind: 'file',
    schema: z.preprocess(asList, files.optional()),
  };
}
