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
  start({ document, clock, inspect }) {
    const stops: Array<() => void> = [];
    for (const wrapper of document.querySelectorAll<HTMLElement>('[data-tooltip]')) {
      const trigger = wrapper.querySelector<HTMLElement>('[aria-describedby]');
      if (!trigger) continue;
      const actor = createActor(tooltipMachine, { id: pageActorId('tooltip'), clock, inspect }).start();
      const subscription = actor.subscribe((snapshot) => {
        wrapper.dataset.state = String(snapshot.value);
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
