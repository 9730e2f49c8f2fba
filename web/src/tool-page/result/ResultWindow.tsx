import { useMessages } from '../../i18n/use-messages';
import english from '../../locales/en/app/resultViews.json';
import { useEffect, useRef, useState } from 'react';

/** How long a window's object URL outlives the result: the window has long loaded it by then. */
const WINDOW_URL_GRACE_MS = 60_000;

/**
 * PDF to HTML: the result opens in a new window as soon as it arrives (spec §4).
 * Browsers may block a window opened after a request rather than a click: the
 * panel always has an "Open result" link, and this says so when that happened.
 */
export function ResultWindow({ body }: { body: Blob }) {
  const t = useMessages('resultViews', english);
  const opened = useRef<Blob | null>(null);
  const [blocked, setBlocked] = useState(false);

  useEffect(() => {
    // Once per result, also under StrictMode's repeated effects.
    if (opened.current === body) return;
    opened.current = body;
    const url = URL.createObjectURL(body);
    const popup = window.open(url, '_blank');
    if (popup) popup.opener = null;
    setBlocked(!popup);
    // Revoked later, not on cleanup: the window may still be loading it.
    window.setTimeout(() => URL.revokeObjectURL(url), WINDOW_URL_GRACE_MS);
  }, [body]);

  if (!blocked) return null;
  return (
    <p className="tool-result__note" role="status" data-testid="result-window-blocked">
      {t('windowBlocked')}
    </p>
  );
}
