import { DeadlineExceededError, JobAbortedError, type SlotRequest } from './limiter';

/**
 * Waits for `work`, but no longer than the job's deadline or its client:
 * past either, `onGiveUp` cleans up (kills an instance, closes a page) and the
 * wait rejects, with DeadlineExceededError for the deadline. `work` itself is
 * not cancelled; `onGiveUp` is how the caller stops it.
 */
export function withDeadline<T>(work: Promise<T>, job: SlotRequest, onGiveUp: () => void = () => undefined): Promise<T> {
  const remaining = job.deadline - Date.now();
  if (remaining <= 0) {
    onGiveUp();
    return Promise.reject(new DeadlineExceededError(job.timeLimitMs));
  }
  return new Promise<T>((done, fail) => {
    const giveUp = (error: Error) => {
      cleanUp();
      onGiveUp();
      fail(error);
    };
    const timer = setTimeout(() => giveUp(new DeadlineExceededError(job.timeLimitMs)), remaining);
    const onAbort = () => giveUp(new JobAbortedError());
    const cleanUp = () => {
      clearTimeout(timer);
      job.signal?.removeEventListener('abort', onAbort);
    };
    job.signal?.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        cleanUp();
        done(value);
      },
      (error: unknown) => {
        cleanUp();
        fail(error);
      },
    );
  });
}
