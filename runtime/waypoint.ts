import { useEffect, useRef, type RefObject } from 'react';
import { watchWaypoint } from './waypoint-watch';

export { prefersReducedMotion } from './waypoint-watch';

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
    return watchWaypoint(element, (reduced) => callback.current(reduced), offset);
  }, [offset]);
  return ref;
}
