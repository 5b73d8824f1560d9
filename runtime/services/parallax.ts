import { createActor } from 'xstate';
import { parallaxMachine } from '../../machines/parallax/parallax.machine';
import { DEFAULT_PARALLAX_SPEED, parallaxOffset } from '../../machines/parallax/parallax.rules';
import { FLAG } from '../device';
import { pageScroll, prefersReducedMotion } from '../page-scroll';
import type { PageService } from '../services';
import { pageActorId } from '../ids';

/** §4 Page flags: the marker a parallax section gets once positioned. */
export const PARALLAX_ENABLED_CLASS = 'parallax-enabled';

function readSpeed(element: HTMLElement): number {
  const speed = Number(element.dataset.parallaxSpeed);
  return element.dataset.parallaxSpeed !== undefined && Number.isFinite(speed) ? speed : DEFAULT_PARALLAX_SPEED;
}

/**
 * Parallax sections (§9): `[data-parallax]` elements get `--parallax-y` (their background's
 * offset) on every frame the page scrolls. Tops are measured at start and on resize only.
 */
export const parallax: PageService = {
  name: 'parallax',
  start({ document, window, clock, inspect }) {
    const sections = [...document.querySelectorAll<HTMLElement>('[data-parallax]')];
    if (sections.length === 0) return () => undefined;
    const source = pageScroll(window);
    let tops: number[] = [];
    const actor = createActor(
      parallaxMachine.provide({
        actions: {
          measureSections: () => {
            const y = window.scrollY;
            tops = sections.map((section) => section.getBoundingClientRect().top + y);
          },
          applyOffsets: () => {
            const { y } = source.read();
            sections.forEach((section, i) => section.style.setProperty('--parallax-y', `${parallaxOffset(y, tops[i] ?? 0, readSpeed(section))}px`));
          },
          markEnabled: () => sections.forEach((section) => section.classList.add(PARALLAX_ENABLED_CLASS)),
        },
      }),
      {
        input: { isMobile: document.documentElement.classList.contains(FLAG.mobile), reducedMotion: prefersReducedMotion(window) },
        id: pageActorId('parallax'),
        clock,
        inspect,
      },
    ).start();
    const unsubscribe = source.subscribe(({ y }, { scrolled, resized }) => {
      if (resized) actor.send({ type: 'page.resize' });
      else if (scrolled) actor.send({ type: 'page.scroll', y });
    });
    return () => {
      unsubscribe();
      actor.stop();
    };
  },
};
