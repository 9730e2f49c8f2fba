import { createContext } from 'react';

/** success: the job is done; warning: the visitor must fix something; error: we failed. */
export type ToastKind = 'success' | 'warning' | 'error';

export interface Toast {
  id: number;
  kind: ToastKind;
  /** May contain line breaks; they are shown as such. */
  message: string;
}

export interface ToastApi {
  success(message: string): void;
  warning(message: string): void;
  error(message: string): void;
  dismiss(id: number): void;
}

export const ToastContext = createContext<ToastApi | null>(null);
