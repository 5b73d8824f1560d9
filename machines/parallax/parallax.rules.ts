/** §9: parallax offset factor. */
export const PARALLAX_OFFSET_FACTOR = 0.3;
/** §9: default parallax speed (data-parallax-speed). */
export const DEFAULT_PARALLAX_SPEED = 0.5;

/**
 * How far a parallax background moves (px) for a section whose top is `elementTop` when the page
 * is scrolled to `scrollY`: zero when the section's top meets the viewport's top, drifting by
 * speed × 0.3 of every pixel scrolled past it.
 */
export function parallaxOffset(scrollY: number, elementTop: number, speed: number = DEFAULT_PARALLAX_SPEED): number {
  return Math.round((scrollY - elementTop) * speed * PARALLAX_OFFSET_FACTOR * 100) / 100;
}
