import type { ResultKind } from './define-tool';

/**
 * The Content-Type of a successful answer, per result kind, as the server sends
 * it: ZIPs as application/octet-stream, never application/zip (reference §1.4).
 * The QA matrix and the OpenAPI document both read it; the matrix test checks
 * real answers against it. e.g. RESULT_CONTENT_TYPES.pdf === 'application/pdf'
 */
export const RESULT_CONTENT_TYPES: Readonly<Record<ResultKind, string>> = {
  pdf: 'application/pdf',
  zip: 'application/octet-stream',
  text: 'text/plain; charset=utf-8',
  json: 'application/json',
  csv: 'text/csv; charset=utf-8',
  html: 'text/html; charset=utf-8',
  download: 'application/octet-stream',
};
