/** The user asked the system for less motion (read once, on the client). */
export function prefersReducedMotion(): boolean {
  return typeof globalThis.matchMedia === 'function' && globalThis.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Adapter for the machine's image-load probe: every image inside `scope` has finished loading. */
export function imagesLoaded(scope: ParentNode | null): boolean {
  if (!scope) return true;
  return Array.from(scope.querySelectorAll('img')).every((image) => image.complete);
}
