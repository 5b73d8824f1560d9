import { DEFAULT_INTERVAL_S, textRotatorMachine } from '../../machines/text-rotator/text-rotator.machine';
import { defineSettings, setting } from '../../runtime/settings';
import { prefersReducedMotion } from '../../runtime/waypoint';
import { defineWidget } from '../../runtime/widget';
import { TextRotator, type TextRotatorContent } from './TextRotator';

export const textRotatorSettings = defineSettings('text-rotator', {
  animation: setting.oneOf(['slide', 'fade', 'typewriter'], 'slide'),
  /** Seconds each line stays. */
  interval: setting.number(DEFAULT_INTERVAL_S, { min: 1 }),
});

export default defineWidget({
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
  View: TextRotator,
  hydrate: 'visible',
});
