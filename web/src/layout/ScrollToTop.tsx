import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Spec §2: the view scrolls to the top on every path change. A link with a hash (the header's
 * "Tools", to `/#tools`) scrolls to its target instead, also when followed again from the same page.
 */
export function ScrollToTop() {
  const { pathname, hash, key } = useLocation();
  const shownPath = useRef<string | null>(null);

  useLayoutEffect(() => {
    const newPage = shownPath.current !== pathname;
    shownPath.current = pathname;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    // 'instant' on a new page: the page-wide smooth scrolling (for in-page links) must not animate a new page in;
    // 'auto' within a page follows that smooth scrolling, or none when the visitor asks for reduced motion.
    if (target) target.scrollIntoView({ behavior: newPage ? 'instant' : 'auto' });
    else if (newPage) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, hash, key]);
  return null;
}
