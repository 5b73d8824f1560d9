import { sliderMachine } from '../../machines/slider/slider.machine';
import { slideshowInitial } from '../../machines/slider/slider.rules';
import { defineWidget } from '../../runtime/widget';
import { imagesLoaded, prefersReducedMotion } from './slider-controls';
import { Slideshow, type SlideshowContent } from './Slideshow';
import { slideshowSettings } from './slideshow.settings';
import { transitionTiming } from '../../machines/slider/slider.rules';

export default defineWidget({
  name: 'slideshow',
  settings: slideshowSettings,
  machine: sliderMachine,
  input: (settings, content: SlideshowContent) => ({
    count: content.slides.length,
    initial: slideshowInitial(settings.initial, content.slides.length),
    autoplay: settings.autoplay,
    intervalMs: settings.interval * 1000,
    loopAutoplay: settings.loop_autoplay,
    loopManual: settings.loop_manual,
    // With reduced motion slides change at once, so nothing stays blocked behind an animation.
    transitionMs: prefersReducedMotion() ? 0 : transitionTiming(settings.animation, settings.transitionSpeed, settings.fullfade).totalMs,
    manualStopsAutoplay: true,
    showDelayMs: settings.show_slide_delay,
  }),
  provide: ({ element }) => ({
    guards: {
      // §9: the slide shown first must have its images before the slideshow starts.
      imagesReady: () => imagesLoaded(element.querySelector('.slideshow__slide.is-current')),
    },
    actions: {
      // §9 nudge: 100 ms after a video ends, pause every video not on the shown slide.
      pauseEndedVideo: () => {
        for (const video of element.querySelectorAll<HTMLVideoElement>('.slideshow__slide:not(.is-current) video')) video.pause();
      },
    },
  }),
  View: Slideshow,
  hydrate: 'visible',
});
