import {
  fileFieldsOf,
  formatMegabytes,
  matchesFileType,
  maxFilesOfField,
  maxFilesPerRequest,
  outOfRangePages,
  pageFieldMeaning,
  parsePageSelection,
  tooManyFilesMessage,
  type AnyTool,
  type Field,
  type NumberOptions,
  type PagesOptions,
} from '@folio/registry';
import type { UploadLimits } from '../../site-config/use-site-config';
import { SOURCE_LOCALE } from '@folio/registry/kit/locales';
import { activeLocale } from '../../i18n/language';
import { translate } from '../../i18n/use-messages';
import english from '../../locales/en/app/problems.json';

/**
 * What the page can tell before uploading anything: the checks the server would
 * make on arrival (an empty file, a file or request too large, too many files)
 * and pages the chosen PDFs lack, each as one short message naming the file.
 * The server still checks everything; these only spare a doomed upload.
 */

/**
 * The page count of a chosen file, or null when it is not known (not a PDF, a
 * password, damage, or a lookup that has not read it). The page may share one
 * it already has for its thumbnails; `pdfPageCount` reads it with pdf.js.
 */
export type PageCountLookup = (file: File) => Promise<number | null>;

type Params = Readonly<Record<string, unknown>>;

/** e.g. 125829120 → '120 MB'; rounded up, so a file just past a limit never reads as the limit itself. */
function sizeText(bytes: number): string {
  return `${Math.ceil((bytes / 1024 / 1024) * 10) / 10} MB`;
}

function filesIn(value: unknown): File[] {
  return (Array.isArray(value) ? value : [value]).filter((item): item is File => item instanceof File);
}

/** Every file a run would send: the main files, then each `file` field's. */
export function filesOfRun(tool: AnyTool, files: readonly File[], params: Params): File[] {
  return [...files, ...fileFieldsOf(tool).flatMap(([name]) => filesIn(params[name]))];
}

/**
 * Why the server would refuse these files on arrival, or null. Without limits
 * (the site config could not be had) only emptiness is checked.
 */
export function uploadProblem(tool: AnyTool, files: readonly File[], params: Params, limits: UploadLimits | null): string | null {
  const all = filesOfRun(tool, files, params);
  const empty = all.find((file) => file.size === 0);
  if (empty) return translate('problems', english, 'emptyFile', { name: empty.name });
  if (!limits) return null;

  // The server's own words (ApiError.tooManyFiles, tooManyFilesMessage).
  const maxMain = maxFilesPerRequest(tool.input, limits.maxFiles);
  if (files.length > maxMain)
    return maxMain === 1 ? translate('problems', english, 'oneFileAtATime') : translate('problems', english, 'atMostFiles', { max: maxMain });
  for (const [name, field] of fileFieldsOf(tool)) {
    const max = maxFilesOfField(field, limits.maxFiles);
    if (filesIn(params[name]).length > max) return tooManyFilesMessage(field.label, max);
  }

  const large = all.find((file) => file.size > limits.maxUploadBytes);
  if (large)
    return translate('problems', english, 'fileTooLarge', { name: large.name, size: sizeText(large.size), max: formatMegabytes(limits.maxUploadBytes) });
  const total = all.reduce((sum, file) => sum + file.size, 0);
  if (total > limits.maxRequestBytes) {
    return translate('problems', english, 'requestTooLarge', { size: sizeText(total), max: formatMegabytes(limits.maxRequestBytes) });
  }
  return null;
}

/** A page-naming option as the check reads it: a selection (`pages`) or one page (`number` with `pageNumber`). */
type PageValue = { selection: string } | { page: number };

/**
 * The options of this run that name pages of the main files. A `pages` field
 * that is not pages under these values means something else (Organise's copy count).
 */
export function pageValuesOf(tool: AnyTool, params: Params): PageValue[] {
  const values: PageValue[] = [];
  for (const [name, field] of Object.entries(tool.fields) as [string, Field & Partial<PagesOptions & NumberOptions>][]) {
    const value = params[name];
    if (field.kind === 'pages' && typeof value === 'string' && value.trim() !== '') {
      if (pageFieldMeaning(field, params) !== undefined) values.push({ selection: value });
    } else if (field.kind === 'number' && field.pageNumber && typeof value === 'number') {
      values.push({ page: value });
    }
  }
  return values;
}

/** 'a', 'a and b', 'a, b and c' (as the server words it), or the list as the page's language writes one. */
function listText(items: readonly string[]): string {
  const locale = activeLocale();
  if (locale !== SOURCE_LOCALE) return new Intl.ListFormat(locale, { type: 'conjunction' }).format(items);
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * Pages the options name that a file of `pageCount` pages lacks, as a message, or
 * null. A selection is refused only when it names missing pages and selects none
 * of the file's (`7` of 3 pages): where it selects some (`1,7`), the tool decides,
 * as its API does (most skip the missing page, Organise refuses it).
 */
export function missingPagesProblem(values: readonly PageValue[], fileName: string, pageCount: number): string | null {
  const missing: string[] = [];
  for (const value of values) {
    if ('page' in value) {
      if (value.page > pageCount) missing.push(String(value.page));
      continue;
    }
    const named = outOfRangePages(value.selection, pageCount);
    if (named.length === 0) continue;
    let selected: number;
    try {
      selected = parsePageSelection(value.selection, pageCount).length;
    } catch {
      continue; // a function of n on a document past its limit: the server words that one
    }
    if (selected === 0) missing.push(...named.map(String));
  }
  if (missing.length === 0) return null;
  const unique = [...new Set(missing)];
  return translate('problems', english, 'pagesOutOfRange', { count: unique.length, pages: listText(unique), name: fileName, pageCount });
}

/** The first chosen PDF that lacks pages the options name, as a message, or null; reads page counts only when needed. */
export async function pagesProblem(tool: AnyTool, files: readonly File[], params: Params, pageCount: PageCountLookup): Promise<string | null> {
  const values = pageValuesOf(tool, params);
  if (values.length === 0) return null;
  for (const file of files) {
    if (!matchesFileType(file, ['pdf'])) continue;
    const count = await pageCount(file);
    if (count === null || count < 1) continue;
    const problem = missingPagesProblem(values, file.name, count);
    if (problem) return problem;
  }
  return null;
}
