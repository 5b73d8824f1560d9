import { DEFAULT_INTERVAL_S, LOOP_AUTOPLAY_EXPECTS, loopAutoplayFrom } from '../../machines/slider/slider.rules';
import { defineSettings, setting } from '../../runtime/settings';

/** §4 Accordion slider: autoplay once or endless (§9: 5 s by default). */
export const accordionSliderSettings = defineSettings('accordion-slider', {
  autoplay: setting.boolean(false),
  interval: setting.number(DEFAULT_INTERVAL_S, { min: 0.5 }),
  loop_autoplay: setting.custom('once', loopAutoplayFrom, LOOP_AUTOPLAY_EXPECTS),
});
