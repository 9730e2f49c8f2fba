import type { PdfEdits } from '../../pdf-objects/object-edits';
import { actionType, removeActions } from './actions';

/** Actions that leave the document: a web address, another file, a program. */
const EXTERNAL_ACTIONS = new Set(['/URI', '/Launch', '/GoToR']);

/**
 * Takes the web-address, launch and other-file actions off every link
 * annotation (its action and its former URI action, /PA). The link stays,
 * inert, and links within the document (destinations, go-to actions) still work.
 */
export function removeExternalLinks(edits: PdfEdits): void {
  const isExternal = (action: Record<string, unknown>) => EXTERNAL_ACTIONS.has(String(actionType(edits, action)));
  edits.eachDictionary((dict, owner) => {
    if (edits.pdf.resolve(dict['/Subtype']) !== '/Link') return;
    for (const key of ['/A', '/PA']) removeActions(edits, dict, owner, key, isExternal);
  });
}
