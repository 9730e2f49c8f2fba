/**
 * Views a tool's result may be shown in on its page, besides the download
 * button, named with `result.view`. Strings only, so the registry never imports
 * React; web/src/result-views/index.ts maps each key to a component and
 * `satisfies Record<ResultViewKey, ...>` makes a missing one a compile error.
 */
export const RESULT_VIEW_KEYS = [
  'signature-list',
  'pdf-info',
  'javascript-code',
  'compression-summary',
  'redaction-summary',
  'repair-summary',
  'comparison',
] as const;

export type ResultViewKey = (typeof RESULT_VIEW_KEYS)[number];
