import { useCallback, useEffect, useRef } from 'react';
import { PasswordPrompt } from '../../password-prompt/PasswordPrompt';
import type { ToolRun } from './use-tool-run';

/**
 * What a run says on the page rather than in a toast: a notice when it found
 * nothing to return, and the password prompt while the server needs one.
 */
export function ToolRunMessages({ run }: { run: Pick<ToolRun, 'notice' | 'passwordRequest'> }) {
  const request = run.passwordRequest;
  // The action button is disabled, and so loses focus, while the run that asks goes on.
  const lastFocused = useRef<Element | null>(null);
  useEffect(() => {
    const remember = (event: FocusEvent) => {
      lastFocused.current = event.target instanceof Element ? event.target : null;
    };
    document.addEventListener('focusin', remember);
    return () => document.removeEventListener('focusin', remember);
  }, []);
  const readLastFocused = useCallback(() => lastFocused.current, []);

  return (
    <>
      {/* Always in the page, so screen readers announce the notice when it appears. */}
      <div role="status" data-testid="run-notice-region">
        {run.notice && (
          <p className="run-notice" data-testid="run-notice">
            <svg className="run-notice__icon" viewBox="0 0 24 24" aria-hidden="true">
              <circle cx="12" cy="12" r="9" />
              <path d="M12 11v5M12 8h.01" />
            </svg>
            <span>{run.notice}</span>
          </p>
        )}
      </div>
      {request && <PasswordPrompt fileName={request.fileName} wrong={request.wrong} onAnswer={request.answer} lastFocused={readLastFocused} />}
    </>
  );
}
