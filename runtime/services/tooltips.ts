import { createActor } from 'xstate';
import { tooltipMachine } from '../../machines/tooltip/tooltip.machine';
import type { PageService } from '../services';
import { pageActorId } from '../ids';

/**
 * Tooltips (§4, WAI-ARIA tooltip pattern): each `[data-tooltip]` wrapper holds a trigger described
 * by its role="tooltip" element; the wrapper's `data-state` follows the machine (CSS shows the
 * tooltip in open and leaving, fades it in hiding). Escape closes it wherever focus is.
 */
export const tooltips: PageService = {
  name: 'tooltips',
  starts: 'after-boot',
  start({ document, clock, inspect }) {
    const stops: Array<() => void> = [];
    for (const wrapper of document.querySelectorAll<HTMLElement>('[data-tooltip]')) {
      const trigger = wrapper.querySelector<HTMLElement>('[aria-describedby]');
      if (!trigger) continue;
      const actor = createActor(tooltipMachine, { id: pageActorId('tooltip'), clock, inspect }).start();
      const bubble = wrapper.querySelector<HTMLElement>('[role="tooltip"]');
      const subscription = actor.subscribe((snapshot) => {
        const opening = snapshot.matches('open') && wrapper.dataset.state !== 'open';
        wrapper.dataset.state = String(snapshot.value);
        if (opening && bubble) keepInside(bubble, document.documentElement.clientWidth);
      });
      wrapper.dataset.state = 'closed';
      const on = <K extends keyof HTMLElementEventMap>(target: HTMLElement | Document, type: K, listener: (event: HTMLElementEventMap[K]) => void) => {
        target.addEventListener(type, listener as EventListener);
        stops.push(() => target.removeEventListener(type, listener as EventListener));
      };
      on(wrapper, 'pointerenter', () => actor.send({ type: 'pointer.enter' }));
      on(wrapper, 'pointerleave', () => actor.send({ type: 'pointer.leave' }));
      on(trigger, 'focus', () => actor.send({ type: 'focus.in' }));
      on(trigger, 'blur', () => actor.send({ type: 'focus.out' }));
      on(trigger, 'click', () => actor.send({ type: 'trigger.click' }));
      on(document, 'keydown', (event) => event.key === 'Escape' && actor.send({ type: 'key.escape' }));
      stops.push(() => {
        subscription.unsubscribe();
        actor.stop();
      });
    }
    return () => stops.forEach((stop) => stop());
  },
};

/** The gap kept between an open bubble and the window's edges, px. */
const EDGE_GAP_PX = 8;

/**
 * Issue 31.3: a bubble centred over a trigger near the window's edge would stick out of it (and
 * widen a phone's page); measured centred once it shows, it is placed back inside at
 * `--tooltip-left`, px from its wrapper's left edge, in the same task (no frame shows it outside).
 */
function keepInside(bubble: HTMLElement, viewportWidth: number): void {
  delete bubble.dataset.placed;
  const wrapper = bubble.parentElement;
  if (!wrapper) return;
  const { left, width } = bubble.getBoundingClientRect();
  const inside = Math.min(Math.max(left, EDGE_GAP_PX), Math.max(EDGE_GAP_PX, viewportWidth - EDGE_GAP_PX - width));
  bubble.style.setProperty('--tooltip-left', `${Math.round(inside - wrapper.getBoundingClientRect().left)}px`);
  bubble.dataset.placed = '';
}
