import { createActor } from 'xstate';
import { heightEqualiserMachine } from '../../machines/height-equaliser/height-equaliser.machine';
import { equalisedHeights } from '../../machines/height-equaliser/height-equaliser.rules';
import { pageScroll } from '../page-scroll';
import type { PageService } from '../services';
import { pageActorId } from '../ids';

function equalise(container: HTMLElement) {
  const items = [...container.children].filter((child): child is HTMLElement => child instanceof HTMLElement);
  for (const item of items) item.style.minHeight = '';
  // Layout boxes, not transformed ones: a card still waiting for its waypoint is drawn lower than it sits.
  const tops = items.map((item) => item.offsetTop);
  const heights = items.map((item) => item.offsetHeight);
  equalisedHeights(tops, heights).forEach((height, i) => {
    const item = items[i];
    if (item) item.style.minHeight = `${height}px`;
  });
}

/** Height equaliser (§9): the children of each `[data-equal-heights]` row share the row's tallest height. */
export const heightEqualiser: PageService = {
  name: 'height-equaliser',
  start({ document, window, clock, inspect }) {
    const containers = [...document.querySelectorAll<HTMLElement>('[data-equal-heights]')];
    if (containers.length === 0) return () => undefined;
    const actor = createActor(heightEqualiserMachine.provide({ actions: { equaliseRows: () => containers.forEach(equalise) } }), { id: pageActorId('height-equaliser'), clock, inspect }).start();
    const unsubscribe = pageScroll(window).subscribe((_, { resized }) => resized && actor.send({ type: 'page.resize' }));
    return () => {
      unsubscribe();
      actor.stop();
    };
  },
};
