import { useMessages } from '../i18n/use-messages';
import english from '../locales/en/app/files.json';
import { useEffect, useState } from 'react';
import type { Toast, ToastKind } from './toast-context';
import { ToastDetail } from './ToastDetail';

/** Errors stay longer: they carry two sentences and matter more. */
const DISPLAY_MS: Record<ToastKind, number> = { success: 5000, warning: 6000, error: 8000 };
/** A detail line is one more thing to read, and may hold a link to follow. */
const DETAIL_EXTRA_MS = 5000;

const ICONS: Record<ToastKind, string> = { success: '✓', warning: '!', error: '×' };

interface ToastMessageProps {
  toast: Toast;
  onDismiss(id: number): void;
}

export function ToastMessage({ toast, onDismiss }: ToastMessageProps) {
  const t = useMessages('files', english);
  // Pausing while hovered or focused gives slow readers and keyboard users time (WCAG 2.2.1).
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused) return;
    const shownMs = DISPLAY_MS[toast.kind] + (toast.detail ? DETAIL_EXTRA_MS : 0);
    const timer = window.setTimeout(() => onDismiss(toast.id), shownMs);
    return () => window.clearTimeout(timer);
  }, [paused, toast.id, toast.kind, toast.detail, onDismiss]);

  // Success is polite news; warnings and errors interrupt, as the visitor must act.
  const role = toast.kind === 'success' ? 'status' : 'alert';

  return (
    <div
      className={`toast toast--${toast.kind}`}
      role={role}
      data-testid="toast"
      data-kind={toast.kind}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <span className="toast__icon" aria-hidden="true">
        {ICONS[toast.kind]}
      </span>
      <div className="toast__body">
        <p className="toast__message">{toast.message}</p>
        {toast.detail && <ToastDetail detail={toast.detail} link={toast.link} onFollow={() => onDismiss(toast.id)} />}
      </div>
      <button type="button" className="toast__close" aria-label={t('dismissNotification')} onClick={() => onDismiss(toast.id)}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
