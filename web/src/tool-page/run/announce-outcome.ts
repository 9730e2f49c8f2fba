import type { ToastApi, ToastExtras } from '../../toast';
import type { RunOutcome } from './tool-run';
import { failureMessage, type FailureNote } from './run-messages';

/**
 * Tells the visitor how a run ended, in a toast: the success text, a warning
 * for files refused before upload or for an answer whose outcome says nothing
 * happened (`noted`), spec §8's one error toast (with the server's
 * words under it where they help). Nothing found and stopped runs are said on
 * the page, or not at all. A link in the toast is followed inside the app.
 */
export function announceOutcome(outcome: RunOutcome, toast: Pick<ToastApi, 'success' | 'warning' | 'error'>, navigate: (path: string) => void): void {
  switch (outcome.kind) {
    case 'succeeded':
      return toast.success(outcome.message);
    case 'refused':
    case 'noted':
      return toast.warning(outcome.message);
    case 'failed':
      return outcome.note ? toast.error(failureMessage(), toastExtras(outcome.note, navigate)) : toast.error(failureMessage());
  }
}

function toastExtras({ detail, link }: FailureNote, navigate: (path: string) => void): ToastExtras {
  return link ? { detail, link: { ...link, follow: () => navigate(link.href) } } : { detail };
}
