import type { AnyTool, DownloadSpec, ResultKind, ResultOutcome, ResultVariant } from './define-tool';
import { baseName } from './file-names';
import { RESULT_CONTENT_TYPES } from './result-content-types';
import { conditionHolds } from './schema';

/** What a tool answers for one set of options: its declared result, or the variant those options choose. */
export interface ResolvedResult {
  kind: ResultKind;
  /** The Content-Type the API sends. */
  apiContentType: string;
  download: DownloadSpec;
}

type Values = Readonly<Record<string, unknown>>;

/** The variant these option values choose, if any. */
export function variantFor(tool: AnyTool, params: Values): ResultVariant | undefined {
  return tool.result.variants?.find((variant) => conditionHolds(variant.when, params));
}

/**
 * The answer a tool gives for these options and, where the processor chose one
 * by what it found, that outcome (a key of `result.outcomes`): server, page,
 * OpenAPI and QA all read it here. An outcome the tool does not declare changes nothing.
 */
export function resolveResult(tool: AnyTool, params: Values = {}, outcome?: string): ResolvedResult {
  let kind = tool.result.kind;
  let apiContentType = tool.result.apiContentType;
  let download: DownloadSpec = { ...tool.download };
  const chosen = outcome === undefined ? undefined : tool.result.outcomes?.[outcome];
  // The options' variant first, then what the processor found; a layer's kind brings that kind's usual type.
  for (const layer of [variantFor(tool, params), chosen]) {
    if (!layer) continue;
    if (layer.kind) {
      kind = layer.kind;
      apiContentType = undefined;
    }
    apiContentType = layer.apiContentType ?? apiContentType;
    download = { ...download, ...layer.download };
  }
  return { kind, apiContentType: apiContentType ?? RESULT_CONTENT_TYPES[kind], download };
}

/**
 * The response header that names the outcome a processor found (a key of
 * `result.outcomes`), on a single file's answer: the page reads it to say what
 * happened when the file alone does not (`ResultOutcome.notice`).
 */
export const OUTCOME_HEADER = 'X-Folio-Outcome';

/** What the page says for this outcome instead of the success toast, if anything. */
export function outcomeNotice(tool: AnyTool, outcome: string | undefined): string | undefined {
  return outcome === undefined ? undefined : tool.result.outcomes?.[outcome]?.notice;
}

/** Whether the page offers this outcome's answer for download (not when it holds nothing worth keeping). */
export function outcomeKeepsResult(tool: AnyTool, outcome: string | undefined): boolean {
  return outcome === undefined || tool.result.outcomes?.[outcome]?.nothingToKeep !== true;
}

/** The outcomes a tool declares, with their keys. e.g. [['several-tables', { when: 'several tables are found', ... }]] */
export function outcomesOf(tool: AnyTool): [string, ResultOutcome][] {
  return Object.entries(tool.result.outcomes ?? {});
}

/** One answer a tool can give, and when. */
export interface DeclaredAnswer extends ResolvedResult {
  /** When it is given, in words; absent for the tool's own answer. e.g. '`singleFile` is true', 'several tables are found' */
  when?: string;
}

/**
 * Every file answer a tool declares: its own, each variant its options choose,
 * each outcome its processor chooses by what it finds (204 and a batch's ZIP
 * aside). OpenAPI and the QA matrix state them from here.
 */
export function declaredAnswers(tool: AnyTool): DeclaredAnswer[] {
  const variants = (tool.result.variants ?? []).map((variant) => {
    const firstValues = Object.fromEntries(Object.entries(variant.when).map(([field, values]) => [field, values[0]]));
    const when = Object.entries(variant.when)
      .map(([field, values]) => `\`${field}\` is ${values.join(' or ')}`)
      .join(' and ');
    return { when, ...resolveResult(tool, firstValues) };
  });
  // An outcome that only changes what the page says gives the tool's own answer.
  const outcomes = outcomesOf(tool)
    .filter(([, outcome]) => outcome.kind || outcome.apiContentType || outcome.download)
    .map(([key, outcome]) => ({ when: outcome.when, ...resolveResult(tool, {}, key) }));
  return [resolveResult(tool), ...variants, ...outcomes];
}

/**
 * Fills a download-name template: `{base}` and `{name}` from the upload name,
 * `{<field>}` from the options. e.g. ('{base}.{outputFormat}', 'a.pdf', { outputFormat: 'odt' }) → 'a.odt'
 */
export function renderFileName(template: string, originalName: string | undefined, params: Values = {}): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, key: string) => {
    if (key === 'base') return baseName(originalName);
    if (key === 'name') return originalName ?? 'default';
    const value = params[key];
    return value === undefined || value === null ? placeholder : String(value);
  });
}
