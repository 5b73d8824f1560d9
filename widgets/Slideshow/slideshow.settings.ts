import { DEFAULT_EASING, DEFAULT_INTERVAL_S, DEFAULT_TRANSITION_MS, LOOP_AUTOPLAY_EXPECTS, LOOP_MANUAL_EXPECTS, loopAutoplayFrom, loopManualFrom } from '../../machines/slider/slider.rules';
import { defineSettings, setting } from '../../runtime/settings';

/** §3 Slideshow settings, read from the island's data-* attributes with the spec's defaults. */
export const slideshowSettings = defineSettings('slideshow', {
  autoplay: setting.boolean(false),
  /** Seconds between slides (§5: defaults to 5). */
  interval: setting.number(DEFAULT_INTERVAL_S, { min: 0.5 }),
  /** §5: anything other than 'endless' is 'once'. */
  loop_autoplay: setting.custom('once', loopAutoplayFrom, LOOP_AUTOPLAY_EXPECTS),
  loop_manual: setting.custom('endless', loopManualFrom, LOOP_MANUAL_EXPECTS),
  /** Milliseconds a transition takes. */
  transitionSpeed: setting.number(DEFAULT_TRANSITION_MS, { min: 0, max: 10_000 }),
  easing: setting.string(DEFAULT_EASING),
  /** Milliseconds to wait after the images before the slideshow starts. */
  show_slide_delay: setting.number(0, { min: 0, max: 60_000 }),
  fullfade: setting.boolean(false),
  /** 1-based start slide. */
  initial: setting.number(1, { min: 1, integer: true }),
  /** The shown slide's picture slowly grows (to 108 %) over one interval; off with reduced motion. */
  enlarge: setting.boolean(false),
  animation: setting.oneOf(['slide', 'fade'], 'slide'),
  /** §1 Full-screen slider: fills the viewport; `parallax` moves it at 0.3 of the scroll (§9). */
  fullscreen: setting.boolean(false),
  parallax: setting.boolean(false),
});
