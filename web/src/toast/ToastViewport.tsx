import { useMessages } from '../i18n/use-messages';
import english from '../locales/en/app/files.json';
import type { Toast } from './toast-context';
import { ToastMessage } from './ToastMessage';

interface ToastViewportProps {
  toasts: readonly Toast[];
  onDismiss(id: number): void;
}

export function ToastViewport({ toasts, onDismiss }: ToastViewportProps) {
  const t = useMessages('files', english);
  return (
    <section className="toast-viewport" aria-label={t('notifications')}>
      {toasts.map((toast) => (
        <ToastMessage key={toast.id} toast={toast} onDismiss={onDismiss} />
      ))}
    </section>
  );
}
