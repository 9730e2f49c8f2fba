/**
 * Client-side steps that add computed values to a request before it is sent,
 * for the rare tool whose API needs something only the browser can work out
 * (Crop: the crop box from the typed margins and the file's page size; PDF to
 * HTML: asks for one self-contained HTML file instead of the API's ZIP). Strings
 * only; web/src/request-enhancers/index.ts maps each key to its function.
 */
export const REQUEST_ENHANCER_KEYS = ['crop-box', 'single-html-file', 'document-info-changes'] as const;

export type RequestEnhancerKey = (typeof REQUEST_ENHANCER_KEYS)[number];
