import { DEFAULT_INTERVAL_S, DEFAULT_TRANSITION_MS, LOOP_AUTOPLAY_EXPECTS, LOOP_MANUAL_EXPECTS, loopAutoplayFrom, loopManualFrom } from '../../machines/slider/slider.rules';
import { defineSettings, setting } from '../../runtime/settings';

/** §3 Slider (theme) settings for the carousel; `timeline` makes it the timelines carousel (§9: 3, 2, 1). */
export const carouselSettings = defineSettings('carousel', {
  autoplay: setting.boolean(false),
  interval: setting.number(DEFAULT_INTERVAL_S, { min: 0.5 }),
  loop_autoplay: setting.custom('once', loopAutoplayFrom, LOOP_AUTOPLAY_EXPECTS),
  loop_manual: setting.custom('once', loopManualFrom, LOOP_MANUAL_EXPECTS),
  transitionSpeed: setting.number(DEFAULT_TRANSITION_MS, { min: 0, max: 10_000 }),
  timeline: setting.boolean(false),
});
