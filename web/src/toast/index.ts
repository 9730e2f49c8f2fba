export { ToastProvider } from './ToastProvider';
export { useToast } from './use-toast';
export type { ToastApi, ToastKind } from './toast-context';
