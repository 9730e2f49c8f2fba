import { useEffect, useState, type RefObject } from 'react';

/**
 * True once `element` has come within `margin` of the view (then for good):
 * what is drawn lazily is drawn only for what the visitor can scroll to.
 * `root` is the scrolling box that decides, the window when omitted.
 */
export function useNearView(element: RefObject<Element | null>, margin = '0px', root?: Element | null): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const target = element.current;
    if (near || !target) return;
    const watcher = new IntersectionObserver(([entry]) => entry?.isIntersecting && setNear(true), { root: root ?? null, rootMargin: margin });
    watcher.observe(target);
    return () => watcher.disconnect();
  }, [element, margin, root, near]);
  return near;
}
