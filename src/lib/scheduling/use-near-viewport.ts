import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element in `ref` is on screen or within `margin` (a CSS margin, as IntersectionObserver's
 * `rootMargin`) of it; once it has been, it stays true. For what is only worth its work when someone may look at it
 * (panels/lazy-chart.tsx). True at once where the browser has no IntersectionObserver, and while not `watched`
 * (nothing is observed then).
 */
export function useNearViewport(ref: RefObject<Element | null>, margin: string, watched = true): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !watched || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref, margin, watched]);
  return near || !watched;
}
