import { createActor, fromPromise } from 'xstate';
import { buildSmoothScrollMachine, type ScrollRequest } from '../../machines/smooth-scroll/smooth-scroll.machine';
import { NEXT_SECTION_HASH, easingFor, isScrollableHash, nextSectionIndex, scrollTargetY, stuckHeight } from '../../machines/smooth-scroll/smooth-scroll.rules';
import { pageScroll, prefersReducedMotion } from '../page-scroll';
import type { PageService } from '../services';
import { headerInset, stickyBars, sticks } from '../top-inset';
import { tween } from '../tween';
import { SCROLL_START_EVENT } from './events';
import { pageActorId } from '../ids';

/** Keys that scroll the page when no field has them (issue 49.3). */
const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' ']);

function isScrollKey(event: KeyboardEvent): boolean {
  const target = event.target instanceof Element ? event.target : null;
  return SCROLL_KEYS.has(event.key) && !target?.closest('input, textarea, select, [contenteditable]:not([contenteditable="false"])');
}

/** Top-level sections of the page, the ones '#next-section' steps through. */
const SECTION_SELECTOR = 'main section:not(section section)';

/**
 * Smooth scroll (§2, §9): same-page hash links scroll to their target below the fixed header and the
 * sticky bars stuck there (issue 20.3), keeping the target's own scroll-margin, as a tween on the
 * injected clock (issue 22: tests and replay move it; no animation library) or, under reduced
 * motion, by jumping. The hash is written with history.replaceState when the scroll is done.
 */
export const smoothScroll: PageService = {
  name: 'smooth-scroll',
  start({ document, window, clock, inspect }) {
    const root = document.documentElement;
    const findTarget = (hash: string) => (hash.length > 1 ? document.getElementById(decodeURIComponent(hash.slice(1))) : null);
    const maxY = () => Math.max(0, (document.scrollingElement ?? root).scrollHeight - window.innerHeight);
    const targetY = (element: Element) => {
      // A curtain footer is stuck to the viewport's bottom until the page ends: its own box cannot say where it is.
      if (element.closest('[data-curtain="active"]')) return maxY();
      // Issue 31.8: a stuck element (the sticky header, "Back to top"'s target) is always at the
      // viewport's top, so read every frame it moved the target with the scroll and the scroll stopped
      // halfway. It rests at the start of the area it sticks in: its parent's top.
      if (sticks(element)) return Math.min(scrollTargetY((element.parentElement ?? element).getBoundingClientRect().top + window.scrollY, 0), maxY());
      const stuck = stuckHeight(headerInset(document), stickyBars(document, element));
      const margin = Number.parseFloat(window.getComputedStyle(element).scrollMarginTop) || 0;
      const y = scrollTargetY(element.getBoundingClientRect().top + window.scrollY, stuck, margin);
      return Math.min(y, maxY());
    };

    const scrollToTarget = fromPromise<void, ScrollRequest>(async ({ input, signal }) => {
      const target = findTarget(input.hash);
      // A target with no box (hidden: a toggle's closed panel) has no place to scroll to.
      const placed = (element: Element) => element.getClientRects().length > 0;
      if (!target || !placed(target)) return;
      if (input.duration === 0) {
        window.scrollTo({ top: targetY(target), behavior: 'instant' });
        return;
      }
      const from = window.scrollY;
      // The target is read again on every frame of the scroll: an island that renders above it meanwhile moves it.
      // A target hidden meanwhile (the visitor opened another toggle of an accordion) ends the scroll where it
      // stands; its box, read as 0, dragged the page to the top.
      const scroll = tween(clock, input.duration, easingFor(input.easing), (progress) => {
        if (!placed(target)) scroll.cancel();
        else window.scrollTo({ top: from + (targetY(target) - from) * progress, behavior: 'instant' });
      });
      signal.addEventListener('abort', () => scroll.cancel());
      await scroll.done;
    });

    const loadedHash = window.location.hash;
    let hashAtStart = loadedHash;
    const actor = createActor(
      buildSmoothScrollMachine().provide({
        actors: { scrollToTarget },
        actions: {
          announceScrollStart: () => {
            hashAtStart = window.location.hash;
            document.dispatchEvent(new CustomEvent(SCROLL_START_EVENT));
          },
          // Written only if nothing else (a tab, a toggle) changed the fragment during the scroll.
          replaceHistory: (_, { hash }) => {
            if (hash && window.location.hash !== hash && window.location.hash === hashAtStart) {
              window.history.replaceState(window.history.state, '', hash);
            }
          },
        },
      }),
      { input: { initialHash: findTarget(window.location.hash) ? window.location.hash : '', reducedMotion: prefersReducedMotion(window) }, id: pageActorId('smooth-scroll'), clock, inspect },
    ).start();

    const nextSectionHash = (link: Element): string | undefined => {
      const sections = [...document.querySelectorAll<HTMLElement>(SECTION_SELECTOR)];
      const own = link.closest(SECTION_SELECTOR);
      const index = nextSectionIndex(
        sections.map((section) => ({ visible: section.getClientRects().length > 0 })),
        own ? sections.indexOf(own as HTMLElement) : -1,
      );
      const next = index === undefined ? undefined : sections[index];
      if (!next) return undefined;
      if (!next.id) next.id = `section-${(index ?? 0) + 1}`;
      return `#${next.id}`;
    };

    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin || link.pathname !== window.location.pathname) return;
      if (!isScrollableHash(link.hash, link.closest('[data-no-scroll], .no-scroll') !== null)) return;
      const hash = link.hash === NEXT_SECTION_HASH ? nextSectionHash(link) : link.hash;
      if (!hash || !findTarget(hash)) return;
      event.preventDefault();
      actor.send({ type: 'link.activate', hash });
    };
    // Issue 49.3: the visitor's own scrolling ends a smooth scroll (sent only while one runs, so a
    // wheel's stream of events is not in the trace the rest of the time).
    const onVisitorScroll = (event: Event) => {
      if (event instanceof KeyboardEvent && !isScrollKey(event)) return;
      if (actor.getSnapshot().matches('scrolling')) actor.send({ type: 'visitor.scroll' });
    };
    const visitorScrolls = ['wheel', 'touchstart', 'keydown'] as const;
    for (const type of visitorScrolls) window.addEventListener(type, onVisitorScroll, { passive: true });
    document.addEventListener('click', onClick);
    const unsubscribe = pageScroll(window).subscribe((_, { scrolled }) => {
      if (!scrolled) return;
      // The hash the page loaded with is scrolled to at the first scroll, unless something (a tab, a
      // toggle) has written its own fragment since: the scroll would take the visitor away from it.
      if (actor.getSnapshot().matches('awaitingFirstScroll') && window.location.hash !== loadedHash) actor.send({ type: 'fragment.change' });
      actor.send({ type: 'page.scroll' });
    });
    return () => {
      unsubscribe();
      for (const type of visitorScrolls) window.removeEventListener(type, onVisitorScroll);
      document.removeEventListener('click', onClick);
      actor.stop();
    };
  },
};
