import { createActor } from 'xstate';
import { buildScrollSpyMachine } from '../../machines/scroll-spy/scroll-spy.machine';
import type { PageService } from '../services';
import { TOP_INSET_EVENT, headerInset, stickyBars } from '../top-inset';
import { pageActorId } from '../ids';

/** Not in the spec (chosen with issue 6): the in-view band ends at 60 % of the viewport's height. */
const BAND_BOTTOM = '-40%';

/**
 * A section counts as in view while it crosses the band from below what is stuck at the top (the
 * header at its scrolled height, none on phones, and the sticky bars: issue 20) to 60 % of the
 * viewport's height.
 */
export function inViewMargin(document: Document): string {
  const stuck = stickyBars(document).reduce((sum, bar) => sum + bar.height, headerInset(document));
  return `-${Math.round(stuck) + 1}px 0px ${BAND_BOTTOM} 0px`;
}

/**
 * The root margin of an observer whose intersecting means "above the in-view band's bottom": the
 * viewport grown upwards by the page's height, so nothing can cross it unseen in one jump.
 */
export function aboveBandBottomMargin(document: Document): string {
  // Room for the page to grow (load-more) after the observer is made.
  return `${document.documentElement.scrollHeight * 4 + 10_000}px 0px ${BAND_BOTTOM} 0px`;
}

/** The curtain footer sits behind the page (issue 20.4): what is in it shows only once the page's end has scrolled above the band. */
const COVERED_SELECTOR = '[data-curtain-footer]';

/**
 * Scroll-spy (§2): main-menu links (and any `[data-scroll-spy]` nav's links) that point at a section
 * of this page get aria-current="location" while that section is in view. An IntersectionObserver
 * reports sections entering and leaving, so nothing is measured on scroll.
 */
export const scrollSpy: PageService = {
  name: 'scroll-spy',
  starts: 'after-boot',
  start({ document, window, clock, inspect }) {
    if (typeof window.IntersectionObserver !== 'function') return () => undefined;
    const links = [...document.querySelectorAll<HTMLAnchorElement>('[data-main-menu] a[href*="#"], [data-scroll-spy] a[href*="#"]')].filter(
      (link) => link.origin === window.location.origin && link.pathname === window.location.pathname && link.hash.length > 1,
    );
    const sections = new Map<string, HTMLElement>();
    for (const link of links) {
      const id = decodeURIComponent(link.hash.slice(1));
      const section = document.getElementById(id);
      if (section) sections.set(id, section);
    }
    if (sections.size === 0) return () => undefined;
    const order = [...sections.entries()]
      .sort(([, a], [, b]) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))
      .map(([id]) => id);

    const covered = order.filter((id) => sections.get(id)?.closest(COVERED_SELECTOR));
    const actor = createActor(
      buildScrollSpyMachine().provide({
        actions: {
          highlight: (_, { id }) => {
            for (const link of links) {
              if (decodeURIComponent(link.hash.slice(1)) === id) link.setAttribute('aria-current', 'location');
              else if (link.getAttribute('aria-current') === 'location') link.removeAttribute('aria-current');
            }
          },
        },
      }),
      { input: { order, covered }, id: pageActorId('scroll-spy'), clock, inspect },
    ).start();

    // Made again when what is stuck at the top changes height (the band starts below it).
    let observer: IntersectionObserver | undefined;
    const observeSections = () => {
      observer?.disconnect();
      observer = new window.IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            const id = (entry.target as HTMLElement).id;
            actor.send({ type: entry.isIntersecting ? 'section.enter' : 'section.leave', id });
          }
        },
        { rootMargin: inViewMargin(document) },
      );
      const current = observer;
      sections.forEach((section) => current.observe(section));
    };
    observeSections();
    document.addEventListener(TOP_INSET_EVENT, observeSections);

    // The page's end: a 1 px line at the bottom of main, watched against the band's bottom.
    const main = document.querySelector('main');
    let edge: HTMLElement | undefined;
    let edgeObserver: IntersectionObserver | undefined;
    if (covered.length > 0 && main) {
      edge = document.createElement('div');
      edge.setAttribute('aria-hidden', 'true');
      edge.dataset.pageEnd = '';
      Object.assign(edge.style, { position: 'absolute', left: '0', right: '0', bottom: '0', height: '1px', pointerEvents: 'none', visibility: 'hidden' });
      main.append(edge);
      edgeObserver = new window.IntersectionObserver(
        (entries) => entries.forEach((entry) => actor.send({ type: 'cover.move', revealed: entry.isIntersecting })),
        { rootMargin: aboveBandBottomMargin(document) },
      );
      edgeObserver.observe(edge);
    }
    return () => {
      document.removeEventListener(TOP_INSET_EVENT, observeSections);
      observer?.disconnect();
      edgeObserver?.disconnect();
      edge?.remove();
      actor.stop();
    };
  },
};
