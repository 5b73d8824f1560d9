import { DEFAULT_INTERVAL_S, LOOP_AUTOPLAY_EXPECTS, LOOP_MANUAL_EXPECTS, loopAutoplayFrom, loopManualFrom } from '../../machines/slider/slider.rules';
import { defineSettings, setting } from '../../runtime/settings';

/** §4, §5 Horizontal gallery. `initial` stays text: empty means nothing is active (horizontalInitial). */
export const horizontalGallerySettings = defineSettings('horizontal-gallery', {
  initial: setting.string(''),
  autoplay: setting.boolean(false),
  interval: setting.number(DEFAULT_INTERVAL_S, { min: 0.5 }),
  loop_autoplay: setting.custom('once', loopAutoplayFrom, LOOP_AUTOPLAY_EXPECTS),
  loop_manual: setting.custom('once', loopManualFrom, LOOP_MANUAL_EXPECTS),
});
