/** Longest a control may stay disabled before focus gives up waiting for it (a run retried after the prompt). */
const WAIT_MS = 5 * 60_000;

/**
 * Puts focus back on `element` once a dialog closes. The control that opened it
 * (a tool's action button) may be disabled while the work it started goes on:
 * focus then waits until it is enabled again, unless the visitor has moved on.
 */
export function returnFocus(element: Element | null): void {
  if (!(element instanceof HTMLElement) || element === document.body || !element.isConnected) return;
  const disabled = () => element.matches(':disabled');
  if (!disabled()) {
    element.focus();
    return;
  }
  const observer = new MutationObserver(() => {
    if (disabled()) return;
    stop();
    // Only if nothing else was chosen meanwhile.
    if (document.activeElement === null || document.activeElement === document.body) element.focus();
  });
  const timer = window.setTimeout(() => stop(), WAIT_MS);
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
  };
  observer.observe(element, { attributes: true, attributeFilter: ['disabled'] });
}
