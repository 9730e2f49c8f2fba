import type { Toast } from './toast-context';
import { ToastMessage } from './ToastMessage';

interface ToastViewportProps {
  toasts: readonly Toast[];
  onDismiss(id: number): void;
}

export function ToastViewport({ toasts, onDismiss }: ToastViewportProps) {
  return (
    <section className="toast-viewport" aria-label="Notifications">
      {toasts.map((toast) => (
        <ToastMessage key={toast.id} toast={toast} onDismiss={onDismiss} />
      ))}
    </section>
  );
}
