import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { announceOutcome } from './announce-outcome';
import { failureMessage } from './run-messages';

const toast = { success: jest.fn(), warning: jest.fn(), error: jest.fn() };
const navigate = jest.fn();

beforeEach(() => {
  for (const fn of [...Object.values(toast), navigate]) fn.mockReset();
});

const toasts = () => ({ success: toast.success.mock.calls, warning: toast.warning.mock.calls, error: toast.error.mock.calls });

describe('how a run’s ending is told', () => {
  it('success: the success toast alone', () => {
    announceOutcome({ kind: 'succeeded', message: 'PDF rotated successfully!' }, toast, navigate);
    expect(toasts()).toEqual({ success: [['PDF rotated successfully!']], warning: [], error: [] });
  });

  it('refused before upload: a warning alone', () => {
    announceOutcome({ kind: 'refused', message: 'a3.pdf is empty.' }, toast, navigate);
    expect(toasts()).toEqual({ success: [], warning: [['a3.pdf is empty.']], error: [] });
  });

  it('failed: spec §8’s one error toast', () => {
    announceOutcome({ kind: 'failed' }, toast, navigate);
    expect(toasts()).toEqual({ success: [], warning: [], error: [[failureMessage()]] });
  });

  it('failed with the server’s words: the detail under the toast', () => {
    announceOutcome({ kind: 'failed', note: { detail: 'Each file may be at most 100 MB.' } }, toast, navigate);
    expect(toast.error.mock.calls).toEqual([[failureMessage(), { detail: 'Each file may be at most 100 MB.' }]]);
  });

  it('failed with a link: followed inside the app', () => {
    const link = { text: 'Remove PDF Password', href: '/tools/security/remove-password' };
    announceOutcome({ kind: 'failed', note: { detail: 'payslip.pdf is password-protected.', link } }, toast, navigate);
    const [[message, extras]] = toast.error.mock.calls as [[string, { detail: string; link: { text: string; href: string; follow(): void } }]];
    expect(message).toBe(failureMessage());
    expect(extras).toMatchObject({ detail: 'payslip.pdf is password-protected.', link });
    expect(navigate).not.toHaveBeenCalled();
    extras.link.follow();
    expect(navigate).toHaveBeenCalledWith('/tools/security/remove-password');
  });

  it.each(['nothing-found', 'stopped'] as const)('%s: no toast (the page says it, or nothing needs saying)', (kind) => {
    announceOutcome({ kind }, toast, navigate);
    expect(toasts()).toEqual({ success: [], warning: [], error: [] });
  });
});
