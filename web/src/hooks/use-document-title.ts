import { useEffect } from 'react';

const PRODUCT = 'Folio';

/** Sets the tab title for the current page. e.g. 'Rotate PDF · Folio' */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT}` : `${PRODUCT} · Free PDF tools`;
  }, [title]);
}
