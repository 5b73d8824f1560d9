import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { sliderMachine, type SliderEvent } from '../../machines/slider/slider.machine';
import { CAROUSEL_PER_VIEW } from '../../machines/slider/slider.rules';
import { drawProps, drawStyle } from '../../runtime/connect';
import { translate } from '../../runtime/translations';
import { defineBehaviour } from '../../runtime/widget';
import { prefersReducedMotion } from '../Slideshow/slide-media';
import { sliderAdapters } from '../Slideshow/slider-adapters';
import { listenToSlider } from '../Slideshow/slider-listen';
import type { CarouselContent } from './Carousel';
import { followTimelineWidth } from './carousel-width';
import { connectCarousel } from './carousel.connect';
import { carouselSettings } from './carousel.settings';
import { carouselTranslations } from './carousel.translations';

const ROOT = ':scope > .carousel';
/** Previous, then Next, as Carousel.tsx renders them. */
const ARROWS = ':scope > .carousel__controls > button';
const TRACK = ':scope > .carousel__viewport > .carousel__track';
const ARROW_NAMES = ['prev', 'next'] as const;

type Snapshot = SnapshotFrom<typeof sliderMachine>;

/** The connect layer over the prerendered carousel: the track's id is the one the view's useId gave it. */
function connect(root: Element, snapshot: Snapshot, send: (event: SliderEvent) => void, content: CarouselContent) {
  const itemsId = root.querySelector(TRACK)?.id ?? '';
  return connectCarousel(snapshot, send, content.items, itemsId, translate(carouselTranslations, content.translations));
}

/**
 * Draws a state on the prerendered carousel as Carousel.tsx renders it: the track's position and the
 * number of items shown (the section's style, which carousel.css moves the track by), Previous and
 * Next disabled at the ends, and which items are shown (the others aria-hidden and inert).
 */
export function drawCarousel(element: HTMLElement, snapshot: Snapshot, content: CarouselContent) {
  const root = element.querySelector(ROOT);
  if (!root) return;
  const api = connect(root, snapshot, () => undefined, content);
  drawProps(root, api.getRootProps(content.label));
  drawStyle(root, api.rootStyle);
  root.querySelectorAll(ARROWS).forEach((arrow, index) => {
    const which = ARROW_NAMES[index];
    if (which) drawProps(arrow, api.getArrowProps(which));
  });
  const track = root.querySelector(TRACK);
  if (!track) return;
  drawProps(track, api.trackProps);
  [...track.children].forEach((item, index) => drawProps(item, api.getItemProps(index)));
}

/**
 * What the view listens to, sent to the machine as its handlers send them: Previous and Next; hover
 * and focus holding autoplay, a touch swipe and the arrow keys (slider-input.ts, the handlers every
 * slider view uses); and, for a timeline, the window's width (carousel-width.ts, as the view).
 */
function listen(element: HTMLElement, actor: ActorRefFrom<typeof sliderMachine>, content: CarouselContent): () => void {
  const root = element.querySelector<HTMLElement>(ROOT);
  if (!root) return () => undefined;
  const arrows = [...root.querySelectorAll(ARROWS)];
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    const which = button ? ARROW_NAMES[arrows.indexOf(button)] : undefined;
    if (which) connect(root, actor.getSnapshot(), actor.send, content).getArrowProps(which).onClick();
  };
  const stops = [
    listenToSlider(root, actor.send, onClick),
  ];
  // The view's class for the `timeline` setting.
  const win = element.ownerDocument.defaultView;
  if (win && root.classList.contains('carousel--timeline')) stops.push(followTimelineWidth(win, actor.send));
  return () => stops.forEach((stop) => stop());
}

/**
 * The carousel without its view (issue 35, goal 2): settings, machine, adapters, and every state it
 * shows drawn on the prerendered items. It answers Previous and Next, a swipe and the arrow keys
 * itself (`answersInput` in widgets/registry.ts): a step is the section's style, which carousel.css
 * turns into the track's move, and a few attributes; no React.
 */
export default defineBehaviour({
  name: 'carousel',
  settings: carouselSettings,
  machine: sliderMachine,
  input: (settings, content: CarouselContent) => ({
    count: content.items.length,
    initial: 0,
    perView: CAROUSEL_PER_VIEW,
    autoplay: settings.autoplay,
    intervalMs: settings.interval * 1000,
    loopAutoplay: settings.loop_autoplay,
    loopManual: settings.loop_manual,
    transitionMs: prefersReducedMotion() ? 0 : settings.transitionSpeed,
    manualStopsAutoplay: false,
  }),
  translations: carouselTranslations,
  provide: ({ element }) => sliderAdapters(element),
  bind: drawCarousel,
  connect: listen,
  hydrate: 'visible',
});
