/**
 * §4 Tab-section widget: the pure geometry and direction rules. Indexes are 0-based; the spec's
 * tab number N is index + 1.
 */

/** §9: swipe threshold 50 px. */
export const SWIPE_THRESHOLD_PX = 50;
/** §9: extra max-height padding 100 px. */
export const MAX_HEIGHT_PADDING_PX = 100;

/**
 * §4, reference notes: the content slides by (N - 1) * -100 / tabCount percent, positive on
 * right-to-left pages (the track runs the other way there).
 */
export function slideOffset(index: number, count: number, rtl: boolean): number {
  if (count < 1) return 0;
  const offset = (index * 100) / count;
  if (offset === 0) return 0;
  return rtl ? offset : -offset;
}

/**
 * WAI-ARIA tabs: a panel is itself in the Tab sequence (tabindex 0) unless its first content is
 * focusable. A panel not measured (yet) counts as starting with plain content.
 */
export function panelTabStops(firstContentFocusable: readonly boolean[] | undefined, count: number): boolean[] {
  return Array.from({ length: count }, (_, index) => firstContentFocusable?.[index] !== true);
}

/** Moves one tab and stays within the tabs (the section does not wrap). */
export function stepIndex(index: number, step: number, count: number): number {
  return Math.min(Math.max(index + step, 0), Math.max(count - 1, 0));
}

/**
 * §4: a swipe of at least 50 px moves one tab: leftwards (dx < 0) to the next on left-to-right
 * pages, to the previous on right-to-left pages. Shorter swipes do nothing (0).
 */
export function swipeStep(dx: number, rtl: boolean): -1 | 0 | 1 {
  if (!(Math.abs(dx) >= SWIPE_THRESHOLD_PX)) return 0;
  const forward = dx < 0;
  return forward !== rtl ? 1 : -1;
}

/** A tab title measured along the strip from its start edge (the right edge on RTL pages). */
export interface TitleBox {
  start: number;
  width: number;
}

export interface StripPosition {
  /** How far the strip is moved towards its start edge, in px (0 = at rest). */
  offset: number;
  /** Titles lie hidden before the visible part: show the previous arrow. */
  hiddenBefore: boolean;
  /** Titles lie hidden after it: show the next arrow. */
  hiddenAfter: boolean;
}

/**
 * §4: the title strip is centred on the active title and clamped to its bounds; an arrow shows
 * only where more titles lie hidden on its side. Measured in logical px, so RTL needs no mirror here.
 */
export function stripPosition(titles: readonly TitleBox[], viewport: number, active: number): StripPosition {
  const last = titles.at(-1);
  const current = titles[active];
  if (!last || !current || viewport <= 0) return { offset: 0, hiddenBefore: false, hiddenAfter: false };
  const length = last.start + last.width;
  const maxOffset = Math.max(length - viewport, 0);
  const centred = current.start + current.width / 2 - viewport / 2;
  const offset = Math.round(Math.min(Math.max(centred, 0), maxOffset));
  return { offset, hiddenBefore: offset > 0, hiddenAfter: offset < maxOffset };
}

/** §4, §9: the auto-height of the active tab, and the max-height that leaves 100 px of room. */
export function autoHeight(heights: readonly number[], active: number): { height: number; maxHeight: number } | null {
  const height = heights[active];
  return height === undefined ? null : { height, maxHeight: height + MAX_HEIGHT_PADDING_PX };
}

/** Per-tab colours (§4): the arrow background and the title text colour, applied while the tab is active. */
export interface TabColours {
  arrowBackground?: string;
  titleColor?: string;
}

export function activeColours(tabs: readonly TabColours[], active: number): TabColours {
  const tab = tabs[active];
  return { arrowBackground: tab?.arrowBackground, titleColor: tab?.titleColor };
}
