/**
 * What is stuck at the top of the viewport (issue 20): the sticky header at its scrolled height,
 * and the sticky bars (the sticky sub-menu) that stick right below it. Smooth scroll lands targets
 * below them, scroll-spy and the contents list start their in-view band below them, and the bars'
 * CSS sticks them below the header, all from the same numbers.
 *
 * The sticky header service measures the header once per layout (at start and on resize) and
 * publishes both heights as custom properties on the elements whose CSS uses them: the header (the
 * full height) and every sticky bar (the inset), so CSS and the other services read them without
 * measuring the header again. Not on <html>: a custom property set there makes the browser compute
 * the style of every element of the page again (about 35 ms for the 3,000 elements of /widgets/ on
 * this machine, four times that on a phone; issue 14), where the header and the bars are a few.
 */

/** The header's height once scrolled (shrunk or solid), px; 0 where it does not stick (phones). */
export const HEADER_INSET_PROPERTY = '--sc-header-inset';
/** The header's full height at the top of the page, px. */
export const HEADER_FULL_PROPERTY = '--sc-header-full';
/** Elements that stick below the header while the page scrolls past them. */
export const STICKY_BAR_SELECTOR = '[data-widget="sticky-submenu"]';

/** Dispatched on the document when the published inset changes (first published, or a resize re-wrapped the header): in-view bands are re-made. */
export const TOP_INSET_EVENT = 'sitecharts:top-inset';

/** The header the sticky header service measures and publishes on. */
export const STICKY_HEADER_SELECTOR = '[data-sticky-header]';

export function publishHeaderFull(header: HTMLElement, px: number): void {
  header.style.setProperty(HEADER_FULL_PROPERTY, `${px}px`);
}

/** On the header (where the services read it) and on every sticky bar (whose CSS sticks it below the header). */
export function publishHeaderInset(header: HTMLElement, px: number): void {
  const before = header.style.getPropertyValue(HEADER_INSET_PROPERTY);
  const value = `${px}px`;
  for (const element of [header, ...header.ownerDocument.querySelectorAll<HTMLElement>(STICKY_BAR_SELECTOR)]) {
    if (element.style.getPropertyValue(HEADER_INSET_PROPERTY) !== value) element.style.setProperty(HEADER_INSET_PROPERTY, value);
  }
  // Also the first time: an island may have made its in-view band before the header service ran.
  if (before !== value) header.ownerDocument.dispatchEvent(new CustomEvent(TOP_INSET_EVENT));
}

/** The header's height once scrolled, as published (0 before the header service has run, or without a sticky header). */
export function headerInset(document: Document): number {
  const header = document.querySelector<HTMLElement>(STICKY_HEADER_SELECTOR);
  const value = Number.parseFloat(header?.style.getPropertyValue(HEADER_INSET_PROPERTY) ?? '');
  return Number.isFinite(value) ? value : 0;
}

/** Whether `element` is sticky or fixed: its box then says where it is stuck, not where it rests in the page. */
export const sticks = (element: Element) => {
  const position = element.ownerDocument.defaultView?.getComputedStyle(element).position;
  return position === 'sticky' || position === 'fixed';
};

/** The sticky bars of the page with their height and whether each comes before `target` within the area it sticks in. */
export function stickyBars(document: Document, target: Element | null = null): Array<{ height: number; precedesTarget: boolean }> {
  return [...document.querySelectorAll<HTMLElement>(STICKY_BAR_SELECTOR)]
    .filter((bar) => sticks(bar) && bar.offsetHeight > 0)
    .map((bar) => ({
      height: bar.offsetHeight,
      // A sticky element sticks only inside its parent: a target outside it will not have the bar above it.
      precedesTarget:
        target !== null &&
        !bar.contains(target) &&
        (bar.parentElement?.contains(target) ?? false) &&
        (bar.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
    }));
}
