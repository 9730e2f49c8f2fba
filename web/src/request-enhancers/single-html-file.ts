import type { RequestEnhancer } from './request-enhancer';

/**
 * PDF to HTML: the page opens the result in a new window, so it asks for one
 * self-contained HTML file (images inlined) rather than the API's default ZIP.
 */
export const singleHtmlFile: RequestEnhancer = async ({ params }) => ({ ...params, singleFile: true });
