import { useEffect, useRef, type RefObject } from 'react';

/**
 * Waypoints for views (§9: offsets 80 % and 95 %): calls `onEnter` once, when the element's top
 * passes `offset` of the viewport's height, with whether the visitor prefers reduced motion.
 * Without IntersectionObserver it calls at once, so content is never left hidden.
 */
export function useWaypoint<E extends Element>(onEnter: (reducedMotion: boolean) => void, offset = 0.8): RefObject<E | null> {
  const ref = useRef<E | null>(null);
  const callback = useRef(onEnter);
  useEffect(() => {
    callback.current = onEnter;
  });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const reduced = prefersReducedMotion();
    if (typeof IntersectionObserver !== 'function') {
      callback.current(reduced);
      return;
    }
    const bottom = Math.round((1 - offset) * 100);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting || e.boundingClientRect.bottom < 0)) {
          observer.disconnect();
          callback.current(reduced);
        }
      },
      { rootMargin: `0px 0px -${bottom}% 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [offset]);
  return ref;
}

export function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}
