import { INFO_ENTRY_OF_FIELD, readDocumentInfo, type InfoField } from '../pdf-rendering/document-info';
import type { RequestEnhancer } from './request-enhancer';

/** The reference's word for "remove this entry", which its own page sent for a cleared field. */
const REMOVE = 'undefined';

const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/**
 * Change Metadata: the fields start from the file's own values (the
 * `document-info` widget), so the request says only what the visitor changed.
 * A field still as the file has it is left out (the server keeps the entry,
 * dates with their own time zone), a field cleared that the file had is sent
 * as `undefined` (removed), anything typed is sent. A file pdf.js cannot read
 * sends the form as it is: blank fields keep their entries.
 */
export const documentInfoChanges: RequestEnhancer = async ({ files, params }) => {
  const [file] = files;
  if (!file || params.deleteAll === true) return {};
  const inFile = await readDocumentInfo(file);
  if (!inFile) return {};
  const changes: Record<string, unknown> = {};
  for (const field of Object.keys(INFO_ENTRY_OF_FIELD) as InfoField[]) {
    const value = params[field];
    const current = inFile[field];
    if (blank(value)) changes[field] = current === undefined || field === 'trapped' ? undefined : REMOVE;
    else if (String(value) === current) changes[field] = undefined;
  }
  return changes;
};
