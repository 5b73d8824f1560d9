import { NEAR_VIEWPORT_MARGIN } from './waypoint-watch';

/**
 * Calls `onNear` once, when the element comes within `margin` of the viewport (at once where there is
 * no IntersectionObserver, so nothing waits forever). Returns the function that stops watching.
 * Its own module, for widgets (the media player): a page's entry does not carry it.
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
