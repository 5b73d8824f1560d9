/**
 * The waypoint itself, without React (runtime/waypoint.ts wraps it in a hook): calls `onEnter` once,
 * when the element's top passes `offset` of the viewport's height (§9: 80 % and 95 %), with whether
 * the visitor prefers reduced motion. Without IntersectionObserver it calls at once, so content is
 * never left hidden. Returns the function that stops watching.
 */
export function watchWaypoint(element: Element, onEnter: (reducedMotion: boolean) => void, offset = 0.8): () => void {
  const reduced = prefersReducedMotion();
  if (typeof IntersectionObserver !== 'function') {
    onEnter(reduced);
    return () => undefined;
  }
  const bottom = Math.round((1 - offset) * 100);
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((e) => e.isIntersecting || e.boundingClientRect.bottom < 0)) {
        observer.disconnect();
        onEnter(reduced);
      }
    },
    { rootMargin: `0px 0px -${bottom}% 0px` },
  );
  observer.observe(element);
  return () => observer.disconnect();
}

export function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** How far outside the viewport an element counts as near: the island scanner's margin for 'visible' (runtime/near-viewport.ts watches for it). */
export const NEAR_VIEWPORT_MARGIN = '200px';
