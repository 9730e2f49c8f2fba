import { holdDocument } from './shared-documents';

/**
 * What a chosen PDF's information dictionary says, read in the browser by
 * pdf.js, as Change Metadata's fields show it: texts as they are, dates as the
 * field takes them (yyyy/MM/dd HH:mm:ss), Trapped as True, False or Unknown.
 */

/** Each field the page fills from the file, and the dictionary entry it shows. */
export const INFO_ENTRY_OF_FIELD = {
  title: 'Title',
  author: 'Author',
  subject: 'Subject',
  keywords: 'Keywords',
  creator: 'Creator',
  producer: 'Producer',
  creationDate: 'CreationDate',
  modificationDate: 'ModDate',
  trapped: 'Trapped',
} as const;

export type InfoField = keyof typeof INFO_ENTRY_OF_FIELD;

/** The file's value for each field it has. e.g. `{ title: 'Report', creationDate: '2024/01/02 03:04:05' }` */
export type DocumentInfo = Partial<Record<InfoField, string>>;

const DATE_FIELDS: ReadonlySet<InfoField> = new Set(['creationDate', 'modificationDate']);

/**
 * A PDF date as the field takes it, the clock time the file wrote (its own
 * offset, not converted): `D:20240102030405+01'00'` → `2024/01/02 03:04:05`.
 * Parts a date leaves out are the earliest (a month 01, a time 00:00:00).
 */
export function fieldDate(pdfDate: string): string | undefined {
  const match = /^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?/.exec(pdfDate.trim());
  if (!match) return undefined;
  const [, year, month = '01', day = '01', hour = '00', minute = '00', second = '00'] = match;
  return `${year}/${month}/${day} ${hour}:${minute}:${second}`;
}

/** pdf.js's `info` object as the fields show it; entries that are not text (or a Trapped name) are left out. */
export function documentInfoOf(info: Readonly<Record<string, unknown>>): DocumentInfo {
  const values: DocumentInfo = {};
  for (const [field, entry] of Object.entries(INFO_ENTRY_OF_FIELD) as [InfoField, string][]) {
    const raw = info[entry];
    if (field === 'trapped') {
      // pdf.js gives a name as { name: 'True' }.
      const name = typeof raw === 'object' && raw !== null ? (raw as { name?: unknown }).name : raw;
      if (name === 'True' || name === 'False' || name === 'Unknown') values.trapped = name;
      continue;
    }
    if (typeof raw !== 'string' || raw === '') continue;
    const shown = DATE_FIELDS.has(field) ? fieldDate(raw) : raw;
    if (shown !== undefined) values[field] = shown;
  }
  return values;
}

const readings = new WeakMap<Blob, Promise<DocumentInfo | undefined>>();

/**
 * The file's information, read once per file for every field and for the
 * request (undefined when pdf.js cannot open it: damaged, or locked by a
 * password; the server then judges alone).
 */
export function readDocumentInfo(file: Blob): Promise<DocumentInfo | undefined> {
  let reading = readings.get(file);
  if (!reading) {
    const hold = holdDocument(file);
    reading = hold.document
      .then(async (doc) => documentInfoOf(((await doc.getMetadata()).info ?? {}) as Record<string, unknown>))
      .catch(() => undefined)
      .finally(() => hold.release());
    readings.set(file, reading);
  }
  return reading;
}
