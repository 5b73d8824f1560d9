import { DEFAULT_INTERVAL_S, textRotatorMachine, type TextRotatorEvent } from '../../machines/text-rotator/text-rotator.machine';
import { defineSettings, setting } from '../../runtime/settings';
import { pageVisibility } from '../../runtime/page-visibility';
import { defineBehaviour } from '../../runtime/widget';
import { prefersReducedMotion } from '../Slideshow/slide-media';
import type { TextRotatorContent } from './TextRotator';

export const textRotatorSettings = defineSettings('text-rotator', {
  animation: setting.oneOf(['slide', 'fade', 'typewriter'], 'slide'),
  /** Seconds each line stays. */
  interval: setting.number(DEFAULT_INTERVAL_S, { min: 1 }),
});

/**
 * The text rotator without its view: its timer runs from the moment it is seen, and the view (with
 * React) loads when the shown line is about to change (issue 14).
 */
export default defineBehaviour({
  name: 'text-rotator',
  settings: textRotatorSettings,
  machine: textRotatorMachine,
  input: (s, content: TextRotatorContent, env) => ({
    lengths: content.lines.map((line) => [...line].length),
    animation: s.animation,
    intervalMs: s.interval * 1000,
    random: env.random,
    reducedMotion: prefersReducedMotion(),
  }),
  // Issue 22: nothing rotates in a background tab.
  provide: ({ element }) => ({ actors: { pageVisibility: pageVisibility<TextRotatorEvent>(element.ownerDocument, { type: 'page.hide' }, { type: 'page.show' }) } }),
  // The prerendered markup shows the first line whole; it stays right until the line is marked or changes.
  viewNeeded: (now, prerendered) => now.context.changes !== prerendered.context.changes || now.matches({ rotating: 'marking' }),
  hydrate: 'visible',
});
