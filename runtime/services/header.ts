import { createActor } from 'xstate';
import { scrollTopMachine } from '../../machines/scroll-top/scroll-top.machine';
import { stickyHeaderMachine } from '../../machines/sticky-header/sticky-header.machine';
import { pageScroll } from '../page-scroll';
import type { PageService } from '../services';

/** Sticky header (§9): the header's `data-header` is top, shrunk or solid; CSS draws each. */
export const stickyHeader: PageService = {
  name: 'sticky-header',
  start({ document, window, clock, inspect }) {
    const header = document.querySelector<HTMLElement>('[data-sticky-header]');
    if (!header) return () => undefined;
    const actor = createActor(stickyHeaderMachine, { clock, inspect }).start();
    // The shrunk header keeps its full height in the flow (the difference as margin), so the page
    // under it does not jump when it shrinks. Heights are read on state changes and resizes only.
    let fullHeight = 0;
    const render = () => {
      const state = String(actor.getSnapshot().value);
      const previous = header.dataset.header;
      if (previous === state) return;
      if (previous === undefined || previous === 'top') fullHeight = header.offsetHeight;
      header.dataset.header = state;
      header.style.marginBottom = state === 'top' ? '' : `${Math.max(0, fullHeight - header.offsetHeight)}px`;
    };
    const subscription = actor.subscribe(render);
    const source = pageScroll(window);
    actor.send({ type: 'page.scroll', y: source.read().y });
    render();
    const unsubscribe = source.subscribe(({ y }, { scrolled, resized }) => {
      if (resized) {
        // Measured again from its full height: the header may wrap differently at the new width.
        delete header.dataset.header;
        header.style.marginBottom = '';
        render();
      }
      if (scrolled) actor.send({ type: 'page.scroll', y });
    });
    return () => {
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
    const actor = createActor(scrollTopMachine, { clock, inspect }).start();
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
