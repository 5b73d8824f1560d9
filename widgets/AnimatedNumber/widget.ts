import { animatedNumberMachine, DEFAULT_DURATION_MS } from '../../machines/animated-number/animated-number.machine';
import { defineSettings, setting } from '../../runtime/settings';
import { defineWidget } from '../../runtime/widget';
import { AnimatedNumber, type AnimatedNumberContent } from './AnimatedNumber';

/** §3 Animated number: number, start_from, number_format (thousands separator), timer (ms). */
export const animatedNumberSettings = defineSettings('animated-number', {
  number: setting.number(0, { integer: true }),
  start_from: setting.number(0, { integer: true }),
  number_format: setting.string(''),
  timer: setting.number(DEFAULT_DURATION_MS, { min: 0 }),
});

export default defineWidget({
  name: 'animated-number',
  settings: animatedNumberSettings,
  machine: animatedNumberMachine,
  input: (s, _content: AnimatedNumberContent) => ({ number: s.number, startFrom: s.start_from, durationMs: s.timer }),
  View: AnimatedNumber,
});
