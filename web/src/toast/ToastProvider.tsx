import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { ToastContext, type Toast, type ToastApi, type ToastExtras, type ToastKind } from './toast-context';
import { ToastViewport } from './ToastViewport';

/** A few toasts at most: older ones make room so the screen never fills up. */
const MAX_VISIBLE = 4;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback((kind: ToastKind, message: string, extras: ToastExtras = {}) => {
    const id = nextId.current++;
    setToasts((current) => [...current, { ...extras, id, kind, message }].slice(-MAX_VISIBLE));
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      success: (message, extras) => show('success', message, extras),
      warning: (message, extras) => show('warning', message, extras),
      error: (message, extras) => show('error', message, extras),
      dismiss,
    }),
    [show, dismiss],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastViewport toasts={toasts} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}
