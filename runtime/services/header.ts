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
    const render = () => {
      header.dataset.header = String(actor.getSnapshot().value);
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
