import type { InputSpec, ToolCheck } from './define-tool';
import { number, pages, select, text, type SelectOption, type VisibleWhen } from './fields';
import { notInSpec } from './texts';
import type { ToolParams } from './schema';

/**
 * Declarations that many tools repeat, written once. Each returns plain
 * declaration parts, so a tool file still reads as one object.
 */

/**
 * One PDF per run (several uploads are processed as a batch only when the tool
 * says `multiple`). `dropMessage`: the spec words a refused drop on its own
 * ("Please drop a PDF file only.").
 */
export function singlePdfInput(options: { dropMessage?: boolean } = {}): InputSpec {
  return {
    accept: ['pdf'],
    multiple: false,
    messages: {
      missing: 'Please upload a PDF file.',
      wrongType: 'Please upload a PDF file.',
      ...(options.dropMessage ? { dropWrongType: 'Please drop a PDF file only.' } : {}),
    },
  };
}

export interface PageRangeTexts {
  /** Labels as the tool's page writes them. e.g. 'Start Page' or 'Start page' */
  labels: { pageRange: string; startPage: string; endPage: string };
  /** A start or end page left out while the range is custom. */
  missing: string;
  /** A page below 1, not whole, or an end before the start. */
  invalid: string;
}

/**
 * The page-range trio: all pages, or a custom start…end (1-based, inclusive,
 * end ≥ start). Spread `fields` into the tool's fields and add `check` to its checks.
 */
export function pageRangeFields(texts: PageRangeTexts) {
  const page = (label: string) =>
    number({ label, integer: true, min: 1, pageNumber: true, visibleWhen: { pageRange: ['custom'] }, required: texts.missing, invalid: texts.invalid });
  const fields = {
    pageRange: select({
      label: texts.labels.pageRange,
      options: [
        { value: 'all', label: 'All pages' },
        { value: 'custom', label: 'Custom range' },
      ],
      default: 'all',
      invalid: notInSpec('Choose all pages or a custom range.', 'the page-range select, which the page cannot get wrong'),
    }),
    startPage: page(texts.labels.startPage),
    endPage: page(texts.labels.endPage),
  };
  const check: ToolCheck = { rule: 'notLess', field: 'endPage', than: 'startPage', message: texts.invalid };
  return { fields, check };
}

/** The parsed values of the page-range trio, whatever tool declares it. */
export type PageRangeParams = ToolParams<{ fields: ReturnType<typeof pageRangeFields>['fields'] }>;

/**
 * The alphabets a mark's text may be set in (Add Stamp, Add Watermark); the
 * server keeps the font behind each (server/src/page-marks/alphabets.ts).
 */
export const ALPHABET_OPTIONS = [
  // The spec's page calls the Latin choice Roman or Alphabetic.
  { value: 'roman', label: 'Roman', aliases: ['alphabetic'] },
  { value: 'arabic', label: 'Arabic' },
  { value: 'japanese', label: 'Japanese' },
  { value: 'korean', label: 'Korean' },
  { value: 'chinese', label: 'Chinese' },
  { value: 'thai', label: 'Thai' },
] as const satisfies readonly SelectOption<string>[];

export type Alphabet = (typeof ALPHABET_OPTIONS)[number]['value'];

/** Text or image: what a mark is (Add Stamp's `stampType`, Add Watermark's `watermarkType`). */
export function markTypeField(label: string) {
  return select({
    label,
    options: [
      { value: 'text', label: 'Text' },
      { value: 'image', label: 'Image' },
    ],
    caseInsensitive: true,
    default: 'text',
  });
}

/**
 * Where on the page a mark goes: the reference's grid of nine, rows from the
 * top and columns from the left (Add Stamp, Add Page Numbers), bottom centre
 * unless chosen. `invalid`: the message for another value, derived from the
 * options when omitted.
 */
export function markPositionField(invalid?: string) {
  return select({
    label: 'Position',
    options: [
      { value: 1, label: 'Top left' },
      { value: 2, label: 'Top centre' },
      { value: 3, label: 'Top right' },
      { value: 4, label: 'Middle left' },
      { value: 5, label: 'Centre' },
      { value: 6, label: 'Middle right' },
      { value: 7, label: 'Bottom left' },
      { value: 8, label: 'Bottom centre' },
      { value: 9, label: 'Bottom right' },
    ],
    default: 8,
    ...(invalid ? { invalid } : {}),
  });
}

/** The alphabet of a mark's text, shown while the mark is text. */
export function alphabetField(visibleWhen: VisibleWhen) {
  return select({
    label: 'Alphabet',
    help: 'Chooses the font; characters it lacks come from another installed font.',
    options: ALPHABET_OPTIONS,
    caseInsensitive: true,
    default: 'roman',
    visibleWhen,
  });
}

/** A mark's colour as hex (the colour widget), shown while the mark is text. `source`: where its message comes from. */
export function markColourField(visibleWhen: VisibleWhen, source: string) {
  return text({
    label: 'Colour',
    widget: 'color',
    help: 'Hex colour, e.g. #d32f2f.',
    placeholder: '#000000',
    default: '#000000',
    visibleWhen,
    maxLength: 7,
    invalid: notInSpec('Colour must be a hex colour such as #000000.', source),
  });
}

/**
 * The outcome of a tool that reads a PDF's text and recognises pages that have
 * none (PDF to Word, Markdown, Text/RTF, XML): `{ outcomes: { ...RECOGNISED_TEXT_OUTCOME } }`.
 */
export const RECOGNISED_TEXT_OUTCOME = {
  'recognised-text': {
    when: 'pages without a text layer (a scan) were read by text recognition (OCR)',
    notice: 'Some pages were scanned images without text: their text was recognised by OCR. Check it against the original.',
  },
} as const;

/** How a filter (reference-beyond §2) sets what it measures against the value asked for. */
export const COMPARATOR_OPTIONS = [
  { value: 'Greater', label: 'Greater than' },
  { value: 'Equal', label: 'Equal to' },
  { value: 'Less', label: 'Less than' },
] as const satisfies readonly SelectOption<string>[];

export type Comparator = (typeof COMPARATOR_OPTIONS)[number]['value'];

/**
 * The filters' `comparator`, exactly Greater, Equal or Less as the reference
 * takes it. The reference fails with a 500 when it is absent; here that is a 400
 * saying what to send, as no comparison is a sensible default.
 */
export function comparatorField() {
  const source = 'reference-beyond §2 (filters)';
  return select({
    label: 'Comparison',
    options: COMPARATOR_OPTIONS,
    required: notInSpec('Please choose a comparison: Greater, Equal or Less.', `${source}: an absent comparator is a 500 there`),
    invalid: notInSpec("Invalid argument 'comparator': it must be Greater, Equal or Less.", `${source}: the reference names the value sent`),
  });
}

/** The reference's standard page sizes as select options (Adjust Page Size, Filter by Page Size): upper-case values, as the reference compares them. */
export const STANDARD_PAGE_SIZE_OPTIONS = [
  { value: 'A0', label: 'A0' },
  { value: 'A1', label: 'A1' },
  { value: 'A2', label: 'A2' },
  { value: 'A3', label: 'A3' },
  { value: 'A4', label: 'A4' },
  { value: 'A5', label: 'A5' },
  { value: 'A6', label: 'A6' },
  { value: 'LETTER', label: 'Letter' },
  { value: 'LEGAL', label: 'Legal' },
] as const;

/** The pages a filter looks on (Contains Text, Contains Image): every page unless told, where the reference fails (500) without them. */
export function filterPagesField() {
  return pages({
    label: 'Pages',
    placeholder: 'e.g. all or 1,3,5-7',
    help: 'Pages to look on: all, numbers, ranges like 5-7 or patterns like 2n.',
    default: 'all',
  });
}

/**
 * What every PDF filter declares besides its test (reference-beyond §2): a
 * passing PDF comes back as it came, under its own name (the reference re-saves
 * it), with the filters' action and toast. Spread into the declaration.
 */
export const PDF_FILTER_ANSWER = {
  action: { label: 'Filter', busyLabel: 'Processing...' },
  download: { api: '{name}', browser: '{name}', fallback: 'filtered.pdf' },
  toast: { success: notInSpec('The PDF passed the filter.', 'reference-beyond §2 (filters)') },
} as const;

/**
 * True when `measured` stands to `asked` as `comparator` says. Values within
 * `tolerance` of each other are equal, and then neither greater nor less.
 * e.g. compares(3, 'Greater', 2) → true
 */
export function compares(measured: number, comparator: Comparator, asked: number, tolerance = 0): boolean {
  const difference = measured - asked;
  if (Math.abs(difference) <= tolerance) return comparator === 'Equal';
  return comparator === (difference > 0 ? 'Greater' : 'Less');
}

/**
 * A text field's `check` that the value is JSON (the form endpoints take their
 * values, names and definitions as JSON text): `message` when it is not.
 */
export function parsesAsJson(message: string): (json: string) => string | undefined {
  return (json) => {
    try {
      JSON.parse(json);
      return undefined;
    } catch {
      return message;
    }
  };
}

/** The display name of an embedded file, matched exactly (Rename and Delete Attachment, reference-beyond §5). */
export function attachmentNameField() {
  const reference = 'reference-beyond §5';
  return text({
    label: notInSpec('Attachment name', reference),
    help: notInSpec('The embedded file’s name exactly as the PDF shows it (capitals count).', reference),
    placeholder: notInSpec('e.g. invoice.xml', reference),
    example: 'notes.txt',
    maxLength: 1000,
    invalid: notInSpec('Attachment name is too long (at most 1000 characters).', reference),
    required: notInSpec('Attachment name cannot be null or empty', reference),
  });
}
