import { z } from 'zod';
import { assertPageSelectionSyntax, PageSelectionError } from './page-selection';
import type { WidgetKey } from './widget-keys';
import { isBlank } from './wire';

/**
 * The field vocabulary. Each builder returns the declaration unchanged plus a
 * zod `schema` that turns one value, as a browser form or a multipart body
 * carries it, into the typed value: "true" → true, "90" → 90, "" → absent.
 * Coercion lives here once; the form and the server both parse with it.
 */

export type FieldKind = 'text' | 'textarea' | 'number' | 'checkbox' | 'select' | 'pages';

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
}

/** A declared field: its metadata plus the schema that parses one wire or form value. */
export interface Field<T = unknown> extends FieldCommon {
  kind: FieldKind;
  default?: T;
  /** Parses one value; blank or missing gives undefined (defaults are applied per tool). */
  schema: z.ZodType<T | undefined, unknown>;
}

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

/**
 * A yes/no option. Accepts booleans from the form and true/false, on/off,
 * yes/no, 1/0 (any case) from multipart, like the reference's binder.
 */
export function checkbox<const O extends CheckboxOptions>(options: O): O & Field<boolean> & { kind: 'checkbox' } {
  const error = options.invalid ?? `${options.label}: expected true or false.`;
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
  const numeral = z.string().trim().regex(/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/, { error }).transform(Number);
  const numeric = z.union([z.number(), numeral], { error });
  return {
    ...options,
    kind: 'number',
    schema: z.preprocess(prepare, numeric.pipe(value).optional()),
  };
}

// ---------------------------------------------------------------- select

export interface SelectOptions<V extends Scalar = Scalar> extends FieldCommon {
  options: readonly SelectOption<V>[];
  default?: V;
  /** Match wire values ignoring case (the reference's `customMode`). */
  caseInsensitive?: boolean;
  /** Message for a value outside the options. e.g. 'Choose a page size.' */
  invalid: string;
}

type OptionValue<O extends { options: readonly SelectOption[] }> = O['options'][number]['value'];

/** One of a fixed list. Numeric options accept "90" from multipart; aliases map to their option. */
export function select<const O extends SelectOptions>(options: O): O & Field<OptionValue<O>> & { kind: 'select' } {
  const error = options.invalid;
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
    schema: z.preprocess((raw) => canonical(prepare(raw)), z.literal(values, { error }).optional()) as z.ZodType<
      OptionValue<O> | undefined,
      unknown
    >,
  };
}

// ---------------------------------------------------------------- text

export interface TextOptions extends FieldCommon {
  default?: string;
  /** Longest accepted text. */
  maxLength?: number;
  /** Message for text that is too long. */
  invalid?: string;
  /** Render as a multi-line text area. */
  multiline?: boolean;
}

/** Free text. Blank counts as absent. */
export function text<const O extends TextOptions>(options: O): O & Field<string> & { kind: 'text' | 'textarea' } {
  const error = options.invalid ?? `${options.label} is too long.`;
  let value = z.string({ error });
  if (options.maxLength !== undefined) value = value.max(options.maxLength, { error });
  return {
    ...options,
    kind: options.multiline ? 'textarea' : 'text',
    schema: z.preprocess(prepare, value.optional()),
  };
}

// ---------------------------------------------------------------- pages

export interface PagesOptions extends FieldCommon {
  default?: string;
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
