import { createActor } from 'xstate';
import { scrollSpyMachine } from '../../machines/scroll-spy/scroll-spy.machine';
import type { PageService } from '../services';

import { FLAG } from '../device';

/**
 * A section counts as in view while it crosses the band from below the sticky header (none on
 * mobile) to 60 % of the viewport's height.
 */
export function inViewMargin(document: Document): string {
  const header = document.querySelector<HTMLElement>('[data-sticky-header]');
  const offset = document.documentElement.classList.contains(FLAG.mobile) ? 0 : (header?.offsetHeight ?? 0);
  return `-${offset + 1}px 0px -40% 0px`;
}

/**
 * Scroll-spy (§2): main-menu links (and any `[data-scroll-spy]` nav's links) that point at a section
 * of this page get aria-current="location" while that section is in view. An IntersectionObserver
 * reports sections entering and leaving, so nothing is measured on scroll.
 */
export const scrollSpy: PageService = {
  name: 'scroll-spy',
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

    const actor = createActor(
      scrollSpyMachine.provide({
        actions: {
          highlight: (_, { id }) => {
            for (const link of links) {
              if (decodeURIComponent(link.hash.slice(1)) === id) link.setAttribute('aria-current', 'location');
              else if (link.getAttribute('aria-current') === 'location') link.removeAttribute('aria-current');
            }
          },
        },
      }),
      { input: { order }, clock, inspect },
    ).start();

    const observer = new window.IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const id = (entry.target as HTMLElement).id;
          actor.send({ type: entry.isIntersecting ? 'section.enter' : 'section.leave', id });
        }
      },
      { rootMargin: inViewMargin(document) },
    );
    sections.forEach((section) => observer.observe(section));
    return () => {
      observer.disconnect();
      actor.stop();
    };
  },
};
