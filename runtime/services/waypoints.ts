import { createActor } from 'xstate';
import { parseWaypointOffset, waypointMachine } from '../../machines/waypoint/waypoint.machine';
import type { PageService } from '../services';
import { pageActorId } from '../ids';

/** The class a waypoint element gets when reached; CSS animates it in (not under reduced motion). */
export const REACHED_CLASS = 'is-reached';

/**
 * Waypoint animations (§9): each `[data-waypoint="80|95"]` element is revealed once its top passes
 * 80 % (or 95 %) of the viewport's height, watched by an IntersectionObserver per offset.
 */
export const waypoints: PageService = {
  name: 'waypoints',
  starts: 'after-boot',
  start({ document, window, clock, inspect }) {
    const elements = [...document.querySelectorAll<HTMLElement>('[data-waypoint]')];
    const reveal = (element: HTMLElement) => element.classList.add(REACHED_CLASS);
    if (elements.length === 0) return () => undefined;
    if (typeof window.IntersectionObserver !== 'function') {
      elements.forEach(reveal);
      return () => undefined;
    }
    const actors = new Map(elements.map((element) => [element, createActor(waypointMachine.provide({ actions: { reveal: () => reveal(element) } }), { id: pageActorId('waypoint'), clock, inspect }).start()]));
    const observers = new Map<number, IntersectionObserver>();
    for (const element of elements) {
      const offset = parseWaypointOffset(element.dataset.waypoint);
      let observer = observers.get(offset);
      if (!observer) {
        observer = new window.IntersectionObserver(
          (entries, self) => {
            for (const entry of entries) {
              // Reached when the top is above the offset line: in the band, or already scrolled past.
              if (entry.isIntersecting || entry.boundingClientRect.top < 0) {
                actors.get(entry.target as HTMLElement)?.send({ type: 'waypoint.reached' });
                self.unobserve(entry.target);
              }
            }
          },
          { rootMargin: `0px 0px -${100 - offset}% 0px` },
        );
        observers.set(offset, observer);
      }
      observer.observe(element);
    }
    return () => {
      observers.forEach((observer) => observer.disconnect());
      actors.forEach((actor) => actor.stop());
    };
  },
};
