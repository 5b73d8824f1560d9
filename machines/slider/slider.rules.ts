/**
 * Pure rules of the slider core (§3, §4, §5, §9) shared by the slideshow, the theme slider, the
 * carousel, the timelines carousel, the horizontal gallery and the accordion slider.
 * Positions in events and hashes are 1-based (§5); indexes inside the machine are 0-based.
 */

/** §3, §9: slideshow and theme slider interval, in seconds. */
export const DEFAULT_INTERVAL_S = 5;
/** §3, §9: theme slider transition speed. */
export const DEFAULT_TRANSITION_MS = 900;
/** §3: theme slider easing. */
export const DEFAULT_EASING = 'easeInOutQuart';
/** §9: the slideshow's fade takes 200 ms to fade the outgoing slide out. */
export const FADE_OUT_MS = 200;
/** §9: image-load check every 500 ms ... */
export const IMAGE_CHECK_INTERVAL_MS = 500;
/** §9: ... up to 10 times, then the slider starts anyway. */
export const IMAGE_CHECK_LIMIT = 10;
/** §9: after a video slide ends, the video is paused again 100 ms later (the nudge). */
export const VIDEO_NUDGE_MS = 100;
/** §3: the carousel shows 3 slides and scrolls 1. */
export const CAROUSEL_PER_VIEW = 3;
export const CAROUSEL_SCROLL_BY = 1;
/** §9: timeline carousel shows 3, 2 on medium screens, 1 on small; breakpoints 767 and 989. */
export const TIMELINE_PER_VIEW = { large: 3, medium: 2, small: 1 } as const;
export const SMALL_MAX_WIDTH = 767;
export const MEDIUM_MAX_WIDTH = 989;
/** §9: swipe threshold. */
export const SWIPE_THRESHOLD_PX = 50;
/** §9: full-screen slider scroll parallax factor. */
export const FULLSCREEN_PARALLAX_FACTOR = 0.3;
/** §8: a slider video without a mobile image. */
export const MOBILE_FALLBACK_NOTICE = 'Set a mobile fallback image for this video slide in the backend.';

export type Loop = 'once' | 'endless';
export type Direction = 'next' | 'prev';
export type Animation = 'slide' | 'fade';

/** How the loop settings read to a site owner (runtime/settings.ts `expects`). */
export const LOOP_AUTOPLAY_EXPECTS = "'endless' or 'once' (anything else means 'once')";
/** Issue 31.27: 'endless', the slideshow's default, is accepted as well as the spec's 'manual-endless'. */
export const LOOP_MANUAL_EXPECTS = "'manual-endless' or 'endless' (the same), or 'once' (anything else means 'once')";

/** §5: a loop mode other than 'endless' is treated as 'once'. */
export function loopAutoplayFrom(raw: string): Loop {
  return raw.trim() === 'endless' ? 'endless' : 'once';
}

/** §3: loop_manual 'manual-endless' wraps by hand; anything else is once. */
export function loopManualFrom(raw: string): Loop {
  const text = raw.trim();
  return text === 'manual-endless' || text === 'endless' ? 'endless' : 'once';
}

/** Reference notes: wrapping past either end is allowed when either loop setting is endless. */
export function canWrap(loopAutoplay: Loop, loopManual: Loop): boolean {
  return loopAutoplay === 'endless' || loopManual === 'endless';
}

/** The last index a view can start at: with 3 per view over 7 slides, the 5th (index 4). */
export function lastIndex(count: number, perView = 1): number {
  return Math.max(0, count - Math.max(1, perView));
}

/**
 * Where one step in `direction` lands, or null when it cannot move. With nothing active
 * (horizontal gallery, empty initial) either direction goes to the first item.
 */
export function stepFrom(current: number | null, direction: Direction, last: number, wrap: boolean): number | null {
  if (current === null) return 0;
  if (last < 1) return null;
  if (direction === 'next') return current < last ? current + 1 : wrap ? 0 : null;
  return current > 0 ? current - 1 : wrap ? last : null;
}

/** §5: go-to ignores a position equal to the current one or outside 1..count; returns the index. */
export function gotoIndex(position: number, current: number | null, count: number): number | null {
  if (!Number.isInteger(position) || position < 1 || position > count) return null;
  const index = position - 1;
  return index === current ? null : index;
}

/** Is `index` at the end autoplay runs towards? */
export function atEnd(index: number | null, direction: Direction, last: number): boolean {
  if (index === null) return false;
  return direction === 'next' ? index >= last : index <= 0;
}

/**
 * §5: the horizontal gallery's initial index. Empty means nothing is active; not a number or
 * below 1 becomes 1; above the count becomes the last. Returns a 0-based index or null.
 */
export function horizontalInitial(raw: string | undefined, count: number): number | null {
  if (raw === undefined || raw.trim() === '' || count < 1) return null;
  const value = Number.parseInt(raw, 10);
  if (Number.isNaN(value) || value < 1) return 0;
  return Math.min(value, count) - 1;
}

/** §3: the slideshow's `initial` is 1-based; out of range starts at the first slide. */
export function slideshowInitial(position: number, count: number): number {
  return Number.isInteger(position) && position >= 1 && position <= count ? position - 1 : 0;
}

export interface TransitionTiming {
  /** How long the outgoing slide takes to fade or slide out. */
  outMs: number;
  /** How long the incoming slide takes to appear, starting after `inDelayMs`. */
  inMs: number;
  inDelayMs: number;
  /** How long navigation stays blocked (the animating flag). */
  totalMs: number;
}

/**
 * §9: a fade uses a 200 ms fade-out, then fades the next slide in over half the transition speed.
 * fullfade crossfades both slides over the whole transition speed. A slide moves both at once.
 */
export function transitionTiming(animation: Animation, speedMs: number, fullfade: boolean): TransitionTiming {
  if (animation === 'slide') return { outMs: speedMs, inMs: speedMs, inDelayMs: 0, totalMs: speedMs };
  if (fullfade) return { outMs: speedMs, inMs: speedMs, inDelayMs: 0, totalMs: speedMs };
  const inMs = speedMs / 2;
  return { outMs: FADE_OUT_MS, inMs, inDelayMs: FADE_OUT_MS, totalMs: FADE_OUT_MS + inMs };
}

/** §9: timelines show 3 slides, 2 on medium screens (768-989 px), 1 on small (up to 767 px). */
export function timelinePerView(width: number): number {
  if (width <= SMALL_MAX_WIDTH) return TIMELINE_PER_VIEW.small;
  if (width <= MEDIUM_MAX_WIDTH) return TIMELINE_PER_VIEW.medium;
  return TIMELINE_PER_VIEW.large;
}

/** §9: a horizontal touch move of at least 50 px is a swipe; left goes next (swapped on RTL). */
export function swipeDirection(dx: number, dy: number, rtl = false): Direction | null {
  if (Math.abs(dx) < SWIPE_THRESHOLD_PX || Math.abs(dx) < Math.abs(dy)) return null;
  const next = dx < 0;
  return next !== rtl ? 'next' : 'prev';
}

/** §9: the full-screen slider's background moves at 0.3 of the scroll. */
export function fullscreenParallaxOffset(scrollY: number): number {
  return Math.max(0, scrollY) * FULLSCREEN_PARALLAX_FACTOR;
}

/** CSS timing functions for the easing names the settings use (jQuery easing names). */
export const EASINGS: Readonly<Record<string, string>> = {
  linear: 'linear',
  swing: 'ease-in-out',
  easeInOutQuart: 'cubic-bezier(0.76, 0, 0.24, 1)',
  easeInOutQuint: 'cubic-bezier(0.83, 0, 0.17, 1)',
  easeInOutCubic: 'cubic-bezier(0.65, 0, 0.35, 1)',
  easeOutQuart: 'cubic-bezier(0.25, 1, 0.5, 1)',
  easeInOutSine: 'cubic-bezier(0.37, 0, 0.63, 1)',
};

export function cssEasing(name: string): string {
  return EASINGS[name] ?? EASINGS[DEFAULT_EASING] ?? 'ease-in-out';
}
