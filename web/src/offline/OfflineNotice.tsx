import { useMessages } from '../i18n/use-messages';
import english from '../locales/en/app/layout.json';
import { useSyncExternalStore } from 'react';
import '../styles/offline-notice.css';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const isOnline = (): boolean => navigator.onLine;

/**
 * The service worker opens the pages without a connection; processing a file
 * still needs the server, so the page says so while the browser is offline.
 * The live region is always there (empty when online) so the change is announced.
 */
export function OfflineNotice() {
  const t = useMessages('layout', english);
  const online = useSyncExternalStore(subscribe, isOnline, () => true);
  return (
    <div className="offline-notice" role="status">
      {online ? null : t('offline')}
    </div>
  );
}
