export { ToastProvider } from './ToastProvider';
export { useToast } from './use-toast';
export type { ToastApi, ToastExtras, ToastKind, ToastLink } from './toast-context';
