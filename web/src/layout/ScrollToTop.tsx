import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Spec §2: the view scrolls to the top on every path change (hash links within a page excepted). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    // 'instant': the page-wide smooth scrolling (for in-page links) must not animate a new page in.
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
  return null;
}
