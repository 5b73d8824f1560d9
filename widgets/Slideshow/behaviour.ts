import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { sliderMachine, type SliderEvent } from '../../machines/slider/slider.machine';
import { slideshowInitial, transitionTiming } from '../../machines/slider/slider.rules';
import { drawProps, listenTo } from '../../runtime/connect';
import { translate } from '../../runtime/translations';
import { defineBehaviour } from '../../runtime/widget';
import type { SlideshowContent } from './Slideshow';
import { imagesLoaded, prefersReducedMotion } from './slide-media';
import { sliderAdapters } from './slider-adapters';
import { listenToSlider } from './slider-listen';
import { connectSlideshow } from './slideshow.connect';
import { followParallax } from './slideshow-parallax';
import { slideshowSettings } from './slideshow.settings';
import { slideshowTranslations } from './slideshow.translations';

const ROOT = ':scope > .slideshow';
const ROTATION = ':scope > .slideshow__controls > .slideshow__rotation';
const SLIDES = ':scope > .slideshow__slides';
const DOTS = ':scope > .slideshow__picker > .slideshow__dot';

type Snapshot = SnapshotFrom<typeof sliderMachine>;

/**
 * The connect layer over the prerendered slideshow: the slides' id is the one the view's useId gave
 * them, and the rotation control is there when the autoplay setting is (the view renders it then).
 */
function connect(root: Element, snapshot: Snapshot, send: (event: SliderEvent) => void, content: SlideshowContent) {
  const parts = { slidesId: root.querySelector(SLIDES)?.id ?? '', slides: content.slides, rotation: root.querySelector(ROTATION) !== null };
  return connectSlideshow(snapshot, send, parts, translate(slideshowTranslations, content.translations));
}

/**
 * Draws a state on the prerendered slideshow as Slideshow.tsx renders it: each slide's class (the
 * CSS animations of a move follow it), its aria-hidden, inert and data-moves, its picture's loading;
 * the slides' live region and busy flag; the rotation control's name and glyph; the current dot.
 */
export function drawSlideshow(element: HTMLElement, snapshot: Snapshot, content: SlideshowContent) {
  const root = element.querySelector(ROOT);
  if (!root) return;
  const api = connect(root, snapshot, () => undefined, content);
  const rotation = root.querySelector(ROTATION);
  if (rotation && api.rotationProps) {
    drawProps(rotation, api.rotationProps);
    const glyph = rotation.querySelector(':scope > span');
    if (glyph && glyph.textContent !== api.rotationGlyph) glyph.textContent = api.rotationGlyph;
  }
  const slides = root.querySelector(SLIDES);
  if (slides) {
    drawProps(slides, api.slidesProps);
    [...slides.children].forEach((slide, index) => {
      drawProps(slide, api.getSlideProps(index));
      const image = slide.querySelector(':scope > .slideshow__image');
      if (image) drawProps(image, api.getImageProps(index));
    });
  }
  root.querySelectorAll(DOTS).forEach((dot, index) => drawProps(dot, api.getDotProps(index)));
}

/**
 * What the view listens to, sent to the machine as its handlers send them: the rotation control, the
 * arrows and the dots; hover and focus holding autoplay, a touch swipe and the arrow keys
 * (slider-input.ts, the handlers every slider view uses); a video slide's play and end; and the
 * full-screen slider's parallax (the class the view renders from the `parallax` setting).
 */
function listen(element: HTMLElement, actor: ActorRefFrom<typeof sliderMachine>, content: SlideshowContent): () => void {
  const root = element.querySelector<HTMLElement>(ROOT);
  if (!root) return () => undefined;
  const api = () => connect(root, actor.getSnapshot(), actor.send, content);
  const dots = [...root.querySelectorAll(DOTS)];
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || !root.contains(button)) return;
    if (button.matches('.slideshow__rotation')) api().rotationProps?.onClick();
    else if (button.matches('.slideshow__arrow--prev')) api().getArrowProps('prev').onClick();
    else if (button.matches('.slideshow__arrow--next')) api().getArrowProps('next').onClick();
    else if (dots.includes(button)) api().getDotProps(dots.indexOf(button)).onClick();
  };
  const stops = [
    listenToSlider(root, actor.send, onClick),
    // A video's play and ended do not bubble: each video is listened to.
    ...[...root.querySelectorAll('video')].map((video) => listenTo(video, { play: () => api().videoProps.onPlay(), ended: () => api().videoProps.onEnded() })),
  ];
  if (root.classList.contains('slideshow--parallax')) stops.push(followParallax(root));
  return () => stops.forEach((stop) => stop());
}

/**
 * The slideshow without its view (issue 35, goal 2): settings, machine, adapters, and the states it
 * shows drawn on the prerendered slides. A hero in the first screen runs this (and its autoplay) at
 * once, and answers the rotation control, the arrows, the dots, a swipe and the arrow keys itself
 * (`answersInput` in widgets/registry.ts): a slide change and its CSS animation need no React.
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
  translations: slideshowTranslations,
  bind: drawSlideshow,
  connect: listen,
  hydrate: 'visible',
});
