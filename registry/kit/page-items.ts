import { z } from 'zod';
import type { Field, FieldCommon } from './fields';
import { isBlank } from './wire';
import { assertPageSelectionSyntax } from './page-selection';

/**
 * What a visitor places on the pages in the page workspace (a box to black out,
 * a signature stroke, a text, a picture, a note), and what an API client sends
 * for the same tools: one list of items, as JSON in one multipart part.
 *
 * Every item sits on one page (`page`, from 1) in a rectangle `x`, `y`, `width`,
 * `height` in points, measured from the top-left corner of the page's crop box
 * with the page unturned (its `/Rotate` ignored, y growing downwards): MuPDF's
 * page space, and the reference's for manual redaction (reference-beyond §9.1).
 * The workspace turns what is shown into this frame, so the server places an
 * item exactly where it was seen whatever the page's rotation.
 */

/** Every kind of item; a field takes some of them (Manual Redact only boxes). */
export const PAGE_ITEM_KINDS = ['box', 'text', 'image', 'ink', 'rectangle', 'ellipse', 'line', 'arrow', 'highlight', 'underline', 'strikeout', 'note'] as const;

export type PageItemKind = (typeof PAGE_ITEM_KINDS)[number];

/** Kinds that are a line from (x, y) to (x + width, y + height): width and height may be negative. */
export const LINE_ITEM_KINDS = ['line', 'arrow'] as const satisfies readonly PageItemKind[];

/** Text items' faces: `handwriting-*` are the handwriting-style faces a typed signature uses. */
export const PAGE_TEXT_FONTS = ['sans', 'serif', 'mono', 'handwriting-flowing', 'handwriting-brush', 'handwriting-plain'] as const;
export type PageTextFont = (typeof PAGE_TEXT_FONTS)[number];

/** Kinds that may be turned about their box's middle (`rotation`); boxes, lines and text markup stay upright. */
export const ROTATABLE_ITEM_KINDS = ['text', 'image', 'ink', 'rectangle', 'ellipse'] as const satisfies readonly PageItemKind[];

/** Longest text one item may hold. */
export const MAX_ITEM_TEXT = 10_000;
/** Points of all strokes of one ink item. */
export const MAX_INK_POINTS = 20_000;
/** Items one request may place when the field says no other number. */
export const DEFAULT_MAX_PAGE_ITEMS = 1000;

const finite = z.number().refine(Number.isFinite);
const positive = finite.refine((n) => n > 0);
/** `#rrggbb`, `#` optional. */
const colour = z.string().regex(/^#?[0-9a-fA-F]{6}$/);
const opacity = finite.refine((n) => n > 0 && n <= 1);

/** Text in the page grammar (`1,3-5`, `all`, `2n+1`). */
const pageSelection = z
  .string()
  .max(200)
  .refine((text) => {
    try {
      assertPageSelectionSyntax(text);
      return true;
    } catch {
      return false;
    }
  });

const placed = {
  page: z.number().int().min(1),
  x: finite,
  y: finite,
  width: positive,
  height: positive,
  /** The same item at the same place on these pages too (page grammar): initials on every page. */
  alsoOnPages: pageSelection.optional(),
};

const strokeWidth = finite.refine((n) => n > 0 && n <= 100);
/** Degrees clockwise as the page is shown, about the middle of the item's box. */
const rotation = finite.refine((n) => n >= -360 && n <= 360);

const ITEM_SCHEMAS = {
  /** A filled box: the area Manual Redact removes, filled with `color` (black when absent). */
  // Any text: the reference paints an invalid colour black, and so does Manual Redact.
  box: z.object({ kind: z.literal('box'), ...placed, color: z.string().optional() }),
  /** Text laid out in the box from its top-left corner, upright as the page is shown. */
  text: z.object({
    kind: z.literal('text'),
    ...placed,
    rotation: rotation.optional(),
    text: z.string().min(1).max(MAX_ITEM_TEXT),
    font: z.enum(PAGE_TEXT_FONTS).optional(),
    fontSize: finite.refine((n) => n >= 1 && n <= 500).optional(),
    color: colour.optional(),
    align: z.enum(['left', 'center', 'right']).optional(),
  }),
  /** A PNG or JPEG picture as a data URL, stretched to the box. */
  image: z.object({
    kind: z.literal('image'),
    ...placed,
    rotation: rotation.optional(),
    image: z.string().regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=\s]+$/),
  }),
  /** Free-hand strokes, each a list of [x, y] points on the page (same frame), smoothed by the server. */
  ink: z.object({
    kind: z.literal('ink'),
    ...placed,
    rotation: rotation.optional(),
    strokes: z
      .array(z.array(z.tuple([finite, finite])).min(1))
      .min(1)
      .refine((strokes) => strokes.reduce((sum, stroke) => sum + stroke.length, 0) <= MAX_INK_POINTS),
    color: colour.optional(),
    thickness: strokeWidth.optional(),
  }),
  rectangle: z.object({
    kind: z.literal('rectangle'),
    ...placed,
    rotation: rotation.optional(),
    color: colour.optional(),
    fill: colour.optional(),
    thickness: strokeWidth.optional(),
  }),
  ellipse: z.object({
    kind: z.literal('ellipse'),
    ...placed,
    rotation: rotation.optional(),
    color: colour.optional(),
    fill: colour.optional(),
    thickness: strokeWidth.optional(),
  }),
  line: z.object({ kind: z.literal('line'), ...placed, width: finite, height: finite, color: colour.optional(), thickness: strokeWidth.optional() }),
  arrow: z.object({ kind: z.literal('arrow'), ...placed, width: finite, height: finite, color: colour.optional(), thickness: strokeWidth.optional() }),
  /** Text markup over the box (the words under it), as the reader's highlight, underline and strike-out. */
  highlight: z.object({ kind: z.literal('highlight'), ...placed, color: colour.optional(), opacity: opacity.optional() }),
  underline: z.object({ kind: z.literal('underline'), ...placed, color: colour.optional() }),
  strikeout: z.object({ kind: z.literal('strikeout'), ...placed, color: colour.optional() }),
  /** A sticky note: its icon in the box, its comment in `text`. */
  note: z.object({ kind: z.literal('note'), ...placed, text: z.string().min(1).max(MAX_ITEM_TEXT), color: colour.optional() }),
} satisfies { [K in PageItemKind]: z.ZodType<{ kind: K }> };

export type PageItemOf<K extends PageItemKind> = z.infer<(typeof ITEM_SCHEMAS)[K]>;
export type PageItem = PageItemOf<PageItemKind>;

export interface PageItemsOptions extends FieldCommon {
  /** The kinds this field takes; an item without `kind` is the first (Manual Redact's areas carry none). */
  kinds: readonly [PageItemKind, ...PageItemKind[]];
  /** Most items in one request. e.g. 500 */
  maxItems?: number;
  /** A value the field accepts, sent where it must be filled while another field is under test. */
  example?: string;
  /** Message for a value that is not a JSON list of items, or an item of the wrong shape. */
  invalid?: string;
}

/** The messages a list of items gives, declared or derived from its label. */
export function pageItemsMessages(field: Pick<PageItemsOptions, 'label' | 'kinds' | 'invalid' | 'maxItems'>): { invalid: string; tooMany: string } {
  return {
    invalid: field.invalid ?? `${field.label} must be a JSON list of ${field.kinds.join(', ')} items.`,
    tooMany: `${field.label}: at most ${field.maxItems ?? DEFAULT_MAX_PAGE_ITEMS} items.`,
  };
}

/** Words for one refused item, naming it and what is wrong, e.g. 'Areas: item 2 needs a number for "width".' */
function itemProblem(label: string, index: number, issue: z.core.$ZodIssue | undefined, kinds: readonly string[]): string {
  const at = `${label}: item ${index + 1}`;
  const key = issue?.path.find((part) => typeof part === 'string');
  if (issue?.code === 'invalid_union' || key === 'kind') return `${at} must be one of: ${kinds.join(', ')}.`;
  if (key === undefined) return `${at} must be an object.`;
  if (key === 'page') return `${at} needs a page number from 1.`;
  if (key === 'width' || key === 'height') return `${at} needs a positive width and height.`;
  return `${at} has no valid "${key}".`;
}

/**
 * A list of items placed on the pages (see the top of this file): JSON text on
 * the wire, one object or a list; the page workspace is its widget. Shape
 * problems are named item by item; whether a page exists is the processor's
 * to say, since only it knows the document.
 */
export function pageItems<const O extends PageItemsOptions>(options: O): O & Field<PageItemOf<O['kinds'][number]>[]> & { kind: 'page-items' } {
  const { invalid, tooMany } = pageItemsMessages(options);
  const maxItems = options.maxItems ?? DEFAULT_MAX_PAGE_ITEMS;
  const schemas = options.kinds.map((kind) => ITEM_SCHEMAS[kind]);
  const item = schemas.length === 1 ? schemas[0] : z.discriminatedUnion('kind', schemas as unknown as [z.ZodObject, z.ZodObject, ...z.ZodObject[]]);
  const parseList = (raw: unknown, ctx: z.RefinementCtx) => {
    if (raw === undefined) return undefined;
    let value = raw;
    if (typeof value === 'string') {
      try {
        value = JSON.parse(value);
      } catch {
        ctx.addIssue({ code: 'custom', message: invalid });
        return z.NEVER;
      }
    }
    const list = Array.isArray(value) ? value : [value];
    if (list.length > maxItems) {
      ctx.addIssue({ code: 'custom', message: tooMany });
      return z.NEVER;
    }
    const items: unknown[] = [];
    for (const [index, entry] of list.entries()) {
      const withKind =
        typeof entry === 'object' && entry !== null && !Array.isArray(entry) && !('kind' in entry) ? { kind: options.kinds[0], ...entry } : entry;
      const parsed = item.safeParse(withKind);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: itemProblem(options.label, index, parsed.error.issues[0], options.kinds) });
        return z.NEVER;
      }
      items.push(parsed.data);
    }
    return items;
  };
  return {
    ...options,
    kind: 'page-items',
    schema: z.preprocess(
      (raw) => (isBlank(raw) ? undefined : Array.isArray(raw) && raw.length === 0 ? undefined : raw),
      z.unknown().transform(parseList).optional(),
    ) as z.ZodType<PageItemOf<O['kinds'][number]>[] | undefined, unknown>,
    toBody: (value, name) => [[name, JSON.stringify(value)]],
  };
}
