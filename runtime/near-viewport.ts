/** How far outside the viewport an element counts as near: the island scanner's default margin for 'visible' (runtime/islands.ts). */
export const NEAR_VIEWPORT_MARGIN = '200px';

/**
 * Calls `onNear` once, when the element comes within `margin` of the viewport (at once where there is
 * no IntersectionObserver, so nothing waits forever). Returns the function that stops watching.
 * Its own module: the entry imports runtime/waypoint-watch.ts, and this is for widgets only.
 */
export function watchNearViewport(element: Element, onNear: () => void, margin = NEAR_VIEWPORT_MARGIN): () => void {
  if (typeof IntersectionObserver !== 'function') {
    onNear();
    return () => undefined;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      onNear();
    },
    { rootMargin: margin },
  );
  observer.observe(element);
  return () => observer.disconnect();
}
