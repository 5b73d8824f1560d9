/** Reference notes: hashes that are never smooth-scrolled (they belong to other widgets or go nowhere). */
export const SKIPPED_HASHES: readonly string[] = ['', '#', '#prev', '#next'];
/** §2: the special hash that scrolls to the next visible section after the link's own. */
export const NEXT_SECTION_HASH = '#next-section';

/** Whether a same-page link's hash is smooth-scrolled; links marked no-scroll never are. */
export function isScrollableHash(hash: string, markedNoScroll: boolean): boolean {
  return !markedNoScroll && !SKIPPED_HASHES.includes(hash);
}

/**
 * Reference notes: the target is the element's top minus the fixed header's height, which counts as
 * 0 on mobile (the header does not stick there). Issue 20.3: minus whatever else is stuck above it
 * there (`stuckAbove`, see stuckHeight) and its own scroll-margin-top, so it lands fully visible
 * below them; never above the page's top.
 */
export function scrollTargetY(elementTop: number, stuckAbove: number, scrollMargin = 0): number {
  return Math.max(0, Math.round(elementTop - stuckAbove - scrollMargin));
}

/**
 * What is stuck at the top once a target is scrolled to: the header at its scrolled height (0 where
 * it does not stick) and every sticky bar that comes before the target in the area it sticks in (a
 * bar after the target is still at rest below it).
 */
export function stuckHeight(headerInset: number, bars: readonly { height: number; precedesTarget: boolean }[]): number {
  return bars.reduce((sum, bar) => (bar.precedesTarget ? sum + bar.height : sum), headerInset);
}

/**
 * §2: '#next-section' goes to the next visible section after the one holding the link. Sections
 * are given in page order with their visibility; `from` is the index of the link's own section
 * (-1 when the link is before every section).
 */
export function nextSectionIndex(sections: readonly { visible: boolean }[], from: number): number | undefined {
  for (let i = from + 1; i < sections.length; i++) if (sections[i]?.visible) return i;
  return undefined;
}

/**
 * §9 easings by the spec's names, as functions of progress 0..1 (0 and 1 exactly at the ends).
 * easeInOutQuint is the quintic in-out curve (gsap's power4.inOut, which the engine used before issue 22).
 */
export const EASINGS: Readonly<Record<string, (t: number) => number>> = {
  linear: (t) => t,
  easeInOutQuint: (t) => (t < 0.5 ? 16 * t ** 5 : 1 - (-2 * t + 2) ** 5 / 2),
};

/** An easing by name; an unknown name falls back to the spec's default. */
export function easingFor(name: string): (t: number) => number {
  return EASINGS[name] ?? EASINGS.easeInOutQuint ?? ((t) => t);
}
