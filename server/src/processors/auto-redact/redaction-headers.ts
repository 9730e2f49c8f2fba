import type { RedactionResult } from '../../engines/pymupdf';

/**
 * What Auto Redact did beyond the pages' text, as response headers (a single
 * file's answer; web/src/result-views/RedactionSummaryView.tsx shows them):
 * - X-Redaction-Cleared: places a term was taken out of, e.g. `bookmarks, form-fields`
 * - X-Redaction-Dropped-Files: embedded files dropped, each name percent-encoded (UTF-8), e.g. `notes.txt, r%C3%A9sum%C3%A9.pdf`
 * - X-Redaction-Not-Cleared: places a term is still found in, e.g. `other-streams`
 * A header is left out when it would be empty.
 */
export function redactionHeaders(result: RedactionResult): Record<string, string> {
  const headers: Record<string, string> = {};
  const put = (name: string, values: readonly string[]) => {
    if (values.length > 0) headers[name] = values.join(', ');
  };
  put('X-Redaction-Cleared', result.cleared);
  // Header values are ASCII; names may be anything (commas included), so each is percent-encoded.
  put('X-Redaction-Dropped-Files', result.droppedFiles.map(encodeURIComponent));
  put('X-Redaction-Not-Cleared', result.notCleared);
  return headers;
}
