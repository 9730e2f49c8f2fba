import type { AnyTool, DownloadSpec, ResultKind, ResultVariant } from './define-tool';
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

/** The answer a tool gives for these options: server, page, OpenAPI and QA all read it here. */
export function resolveResult(tool: AnyTool, params: Values = {}): ResolvedResult {
  const variant = variantFor(tool, params);
  const kind = variant?.kind ?? tool.result.kind;
  const apiContentType = variant?.apiContentType ?? (variant?.kind ? undefined : tool.result.apiContentType) ?? RESULT_CONTENT_TYPES[kind];
  return {
    kind,
    apiContentType,
    download: { ...tool.download, ...variant?.download },
  };
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
