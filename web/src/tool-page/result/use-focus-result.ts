import { useCallback } from 'react';

/** Space kept above the heading beyond whatever covers the top of the view. */
const GAP_PX = 20;

/**
 * How far down the view is covered: the sticky header, and the toasts (on a phone they lie
 * across the top, and the success toast arrives with the result).
 */
function coveredTop(): number {
  let bottom = 0;
  for (const element of document.querySelectorAll('.site-header, .toast-viewport > *')) {
    const box = element.getBoundingClientRect();
    if (box.height > 0 && box.top < window.innerHeight / 2) bottom = Math.max(bottom, box.bottom);
  }
  return bottom;
}

/**
 * A ref for the result's heading (give it tabIndex={-1}): when it appears, focus moves to it,
 * so keyboard and screen-reader users land on the result, and the page scrolls it to just
 * below the header and toasts (on a phone the result starts below the fold).
 */
export function useFocusResult(): (heading: HTMLElement | null) => void {
  return useCallback((heading: HTMLElement | null) => {
    if (!heading) return;
    heading.focus({ preventScroll: true });
    const top = window.scrollY + heading.getBoundingClientRect().top - coveredTop() - GAP_PX;
    // No behavior given: the page's CSS decides (smooth, or instant for reduced motion).
    window.scrollTo({ top: Math.max(0, top) });
  }, []);
}
