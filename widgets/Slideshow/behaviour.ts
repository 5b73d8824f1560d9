import { sliderMachine } from '../../machines/slider/slider.machine';
import { slideshowInitial, transitionTiming } from '../../machines/slider/slider.rules';
import { defineBehaviour } from '../../runtime/widget';
import type { SlideshowContent } from './Slideshow';
import { imagesLoaded, prefersReducedMotion } from './slide-media';
import { sliderAdapters } from './slider-adapters';
import { slideshowSettings } from './slideshow.settings';

/**
 * The slideshow without its view: settings, machine, adapters. A hero in the first screen runs this
 * (and its autoplay) at once; React and the view load only when the shown slide is about to change
 * or the visitor uses a control (issue 14: no React at page load).
 */
export default defineBehaviour({
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
    ...sliderAdapters(element),
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
  // The prerendered markup shows the first slide; it stays right until another slide is shown.
  viewNeeded: (now, prerendered) => now.context.current !== prerendered.context.current || now.matches({ running: { motion: 'animating' } }),
  hydrate: 'visible',
});
