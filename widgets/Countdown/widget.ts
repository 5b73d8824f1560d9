import { countdownMachine } from '../../machines/countdown/countdown.machine';
import { DEFAULT_LARGEST, DEFAULT_SMALLEST, targetTime } from '../../machines/countdown/countdown.rules';
import { defineSettings, setting } from '../../runtime/settings';
import { defineWidget } from '../../runtime/widget';
import { Countdown, type CountdownContent } from './Countdown';
import { countdownTranslations } from './countdown.translations';

/** §3 Countdown settings: the target (month 0-based, as the original markup), the zone offset in minutes, the scale. */
export const countdownSettings = defineSettings('countdown', {
  year: setting.number(2027, { integer: true, min: 1970, max: 9999 }),
  month: setting.number(0, { integer: true, min: 0, max: 11 }),
  day: setting.number(1, { integer: true, min: 1, max: 31 }),
  hour: setting.number(0, { integer: true, min: 0, max: 23 }),
  minute: setting.number(0, { integer: true, min: 0, max: 59 }),
  timezone: setting.number(0, { integer: true, min: -840, max: 840 }),
  minimum: setting.number(DEFAULT_SMALLEST, { integer: true, min: 1, max: 7 }),
  maximum: setting.number(DEFAULT_LARGEST, { integer: true, min: 1, max: 7 }),
});

export default defineWidget({
  name: 'countdown',
  settings: countdownSettings,
  machine: countdownMachine,
  input: (s, _content: CountdownContent, env) => ({
    target: targetTime(s),
    smallest: s.minimum,
    largest: s.maximum,
    now: env.clock.now,
  }),
  translations: countdownTranslations,
  View: Countdown,
  hydrate: 'visible',
});
