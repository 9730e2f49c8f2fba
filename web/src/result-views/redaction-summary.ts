import { translate } from '../i18n/use-messages';
import english from '../locales/en/app/resultViews.json';

/**
 * Auto Redact's report, read from the headers the server sends with the PDF
 * (server/src/processors/auto-redact/redaction-headers.ts), in the page's words.
 */

type MessageKey = keyof typeof english;

/** What each place the server names is called on the page, by message key. */
const CLEARED_PLACES: Readonly<Partial<Record<string, MessageKey>>> = {
  'document-properties': 'placeDocumentProperties',
  'xmp-metadata': 'placeXmpMetadata',
  bookmarks: 'placeBookmarks',
  'named-destinations': 'placeNamedDestinations',
  annotations: 'placeAnnotations',
  'form-fields': 'placeFormFields',
  'embedded-files': 'placeEmbeddedFiles',
  'page-labels': 'placePageLabels',
  'structure-tree': 'placeStructureTree',
  'marked-content': 'placeMarkedContent',
  scripts: 'placeScripts',
  'article-threads': 'placeArticleThreads',
  'private-data': 'placePrivateData',
  'other-objects': 'placeOtherObjects',
};

/** What could not be cleared, and why, in one sentence each, by message key. */
const NOT_CLEARED: Readonly<Partial<Record<string, MessageKey>>> = {
  'other-streams': 'notClearedOtherStreams',
};

/** The message a table gives `key`, in the active language; undefined for a key it lacks. */
const messageFor = (table: Readonly<Partial<Record<string, MessageKey>>>, key: string) => {
  const id = Object.hasOwn(table, key) ? table[key] : undefined;
  return id === undefined ? undefined : translate('resultViews', english, id);
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

/** The report in the headers (names in lower case), in the active language, or undefined when they say nothing. */
export function redactionSummary(headers: Readonly<Record<string, string>>): RedactionSummary | undefined {
  const cleared = list(headers['x-redaction-cleared']).map((place) => messageFor(CLEARED_PLACES, place) ?? place);
  const droppedFiles = list(headers['x-redaction-dropped-files']).map((name) => {
    try {
      return decodeURIComponent(name);
    } catch {
      return name;
    }
  });
  const notCleared = list(headers['x-redaction-not-cleared']).map(
    (place) => messageFor(NOT_CLEARED, place) ?? translate('resultViews', english, 'notClearedPlace', { place }),
  );
  if (cleared.length + droppedFiles.length + notCleared.length === 0) return undefined;
  return { cleared, droppedFiles, notCleared };
}
