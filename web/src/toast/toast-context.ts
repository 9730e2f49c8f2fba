import { createContext } from 'react';

/** success: the job is done; warning: the visitor must fix something; error: we failed. */
export type ToastKind = 'success' | 'warning' | 'error';

/** A link in a toast's detail. e.g. `{ text: 'Remove PDF Password', href: '/tools/security/remove-password' }` */
export interface ToastLink {
  /** The words of the detail that become the link; appended when the detail lacks them. */
  text: string;
  href: string;
  /** Follows the link inside the app (a router's navigate); a plain page load otherwise. */
  follow?(): void;
}

/** What a toast may carry besides its message. */
export interface ToastExtras {
  /** A smaller line under the message: the specifics. e.g. 'Each file may be at most 100 MB.' */
  detail?: string;
  link?: ToastLink;
}

export interface Toast extends ToastExtras {
  id: number;
  kind: ToastKind;
  /** May contain line breaks; they are shown as such. */
  message: string;
}

export interface ToastApi {
  success(message: string, extras?: ToastExtras): void;
  warning(message: string, extras?: ToastExtras): void;
  error(message: string, extras?: ToastExtras): void;
  dismiss(id: number): void;
}

export const ToastContext = createContext<ToastApi | null>(null);
