import { useEffect } from 'react';
import { useMessages } from '../i18n/use-messages';
import english from '../locales/en/app/layout.json';

const PRODUCT = 'Folio';

/** Sets the tab title for the current page, in the page's language. e.g. 'Rotate PDF · Folio' */
export function useDocumentTitle(title?: string): void {
  const t = useMessages('layout', english);
  const tagline = t('tagline');
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT}` : `${PRODUCT} · ${tagline}`;
  }, [title, tagline]);
}
