/**
 * Auto Redact's report, read from the headers the server sends with the PDF
 * (server/src/processors/auto-redact/redaction-headers.ts), in the page's words.
 */

/** What each place the server names is called on the page. */
const CLEARED_PLACES: Readonly<Record<string, string>> = {
  'document-properties': 'document properties (title and others)',
  'xmp-metadata': 'XMP metadata',
  bookmarks: 'bookmarks',
  'named-destinations': 'named destinations',
  annotations: 'comments and annotations',
  'form-fields': 'form fields',
  'embedded-files': 'attached files',
  'page-labels': 'page labels',
  'structure-tree': 'accessibility tags',
  'marked-content': 'alternate text in the pages',
  scripts: 'scripts',
  'article-threads': 'article threads',
  'private-data': 'private application data',
  'other-objects': 'other document data',
};

/** What could not be cleared, and why, in one sentence each. */
const NOT_CLEARED: Readonly<Record<string, string>> = {
  'other-streams': 'Some data of a kind Auto Redact does not know still holds the text; it was left unchanged rather than damaged.',
};

export interface RedactionSummary {
  /** Places beyond the page text the text was removed from, as the page names them. e.g. ['bookmarks', 'form fields'] */
  cleared: string[];
  /** Names of the attached files removed. */
  droppedFiles: string[];
  /** One sentence per place the text could not be removed from. */
  notCleared: string[];
}

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

/** The report in the headers (names in lower case), or undefined when they say nothing. */
export function redactionSummary(headers: Readonly<Record<string, string>>): RedactionSummary | undefined {
  const cleared = list(headers['x-redaction-cleared']).map((place) => CLEARED_PLACES[place] ?? place);
  const droppedFiles = list(headers['x-redaction-dropped-files']).map((name) => {
    try {
      return decodeURIComponent(name);
    } catch {
      return name;
    }
  });
  const notCleared = list(headers['x-redaction-not-cleared']).map((place) => NOT_CLEARED[place] ?? `Some ${place} could not be cleared.`);
  if (cleared.length + droppedFiles.length + notCleared.length === 0) return undefined;
  return { cleared, droppedFiles, notCleared };
}
