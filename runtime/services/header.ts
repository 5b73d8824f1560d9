import { createActor } from 'xstate';
import { buildScrollTopMachine } from '../../machines/scroll-top/scroll-top.machine';
import { buildStickyHeaderMachine } from '../../machines/sticky-header/sticky-header.machine';
import { pageScroll } from '../page-scroll';
import type { PageService } from '../services';
import { STICKY_HEADER_SELECTOR, publishHeaderFull, publishHeaderInset } from '../top-inset';
import { pageActorId } from '../ids';
import { nextTask } from '../next-task';

/**
 * Measures the header's full height and its height once scrolled in one layout, and publishes them
 * (the scrolled header's CSS sizes itself from the full height, so that one goes first). The
 * scrolled state is applied for the measurement only, with transitions held so nothing animates.
 */
function measureHeader(header: HTMLElement): { full: number; scrolled: number } {
  const previous = header.dataset.header;
  header.style.transition = 'none';
  header.dataset.header = 'top';
  const full = header.offsetHeight;
  publishHeaderFull(header, full);
  header.dataset.header = 'solid';
  const scrolled = header.offsetHeight;
  const position = getComputedStyle(header).position;
  if (previous === undefined) delete header.dataset.header;
  else header.dataset.header = previous;
  header.style.transition = '';
  // Where the header does not stick (phones), nothing is stuck above the page.
  publishHeaderInset(header, position === 'sticky' || position === 'fixed' ? scrolled : 0);
  return { full, scrolled };
}

/**
 * Sticky header (§9): the header's `data-header` is top, shrunk or solid; CSS draws each (shrunk to
 * about half its height, reference notes). Its two heights are published for what sticks below it
 * and for what scrolls to a target under it (runtime/top-inset.ts).
 */
export const stickyHeader: PageService = {
  name: 'sticky-header',
  start({ document, window, clock, inspect }) {
    const header = document.querySelector<HTMLElement>(STICKY_HEADER_SELECTOR);
    if (!header) return () => undefined;
    const actor = createActor(buildStickyHeaderMachine(), { id: pageActorId('sticky-header'), clock, inspect }).start();
    // The shrunk header keeps its full height in the flow (the difference as margin), so the page
    // under it does not jump when it shrinks. Heights are measured at start and on resizes only.
    let heights: { full: number; scrolled: number } | undefined;
    let stopped = false;
    const remeasure = () => {
      heights = measureHeader(header);
    };
    // Written only when the state changes (or the heights do): scroll events arrive every frame.
    const render = (force = false) => {
      const state = String(actor.getSnapshot().value);
      if (!force && header.dataset.header === state) return;
      if (state !== 'top' && !heights) remeasure();
      header.dataset.header = state;
      header.style.marginBottom = state === 'top' || !heights ? '' : `${Math.max(0, heights.full - heights.scrolled)}px`;
    };
    const subscription = actor.subscribe(() => render());
    const source = pageScroll(window);
    actor.send({ type: 'page.scroll', y: source.read().y });
    // Measuring lays the page out twice (issue 35, goal 3: the boot's task). At the top of a page
    // opened without a target, nothing uses the heights yet (the header is not shrunk, nothing is
    // stuck below it): measured in the next task, or at once if the page scrolls first.
    if (String(actor.getSnapshot().value) === 'top' && window.location.hash === '') {
      void nextTask().then(() => {
        if (!stopped && !heights) remeasure();
      });
    } else if (!heights) remeasure();
    render(true);
    const unsubscribe = source.subscribe(({ y }, { scrolled, resized }) => {
      // Measured again: the header may wrap differently at the new width.
      if (resized) {
        remeasure();
        render(true);
      }
      if (scrolled) actor.send({ type: 'page.scroll', y });
    });
    return () => {
      stopped = true;
      unsubscribe();
      subscription.unsubscribe();
      actor.stop();
    };
  },
};

/** Scroll-to-top link (§2, §9): `data-state` shown from 500 px, hidden below. */
export const scrollTopLink: PageService = {
  name: 'scroll-top',
  start({ document, window, clock, inspect }) {
    const link = document.querySelector<HTMLElement>('[data-scroll-top]');
    if (!link) return () => undefined;
    const actor = createActor(buildScrollTopMachine(), { id: pageActorId('scroll-top'), clock, inspect }).start();
    const render = () => {
      link.dataset.state = String(actor.getSnapshot().value);
    };
    const subscription = actor.subscribe(render);
    const source = pageScroll(window);
    actor.send({ type: 'page.scroll', y: source.read().y });
    render();
    const unsubscribe = source.subscribe(({ y }, { scrolled }) => scrolled && actor.send({ type: 'page.scroll', y }));
    return () => {
      unsubscribe();
      subscription.unsubscribe();
      actor.stop();
    };
  },
};
