import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { sliderMachine } from '../../machines/slider/slider.machine';
import { DEFAULT_TRANSITION_MS, horizontalInitial } from '../../machines/slider/slider.rules';
import { drawProps, drawStyle } from '../../runtime/connect';
import { translate } from '../../runtime/translations';
import { defineBehaviour } from '../../runtime/widget';
import { prefersReducedMotion } from '../Slideshow/slide-media';
import { sliderAdapters } from '../Slideshow/slider-adapters';
import { listenToSlider } from '../Slideshow/slider-listen';
import type { HorizontalGalleryContent } from './HorizontalGallery';
import { connectHorizontalGallery } from './horizontal-gallery.connect';
import { watchStrip } from './horizontal-gallery.dom';
import { horizontalGallerySettings } from './horizontal-gallery.settings';
import { horizontalGalleryTranslations } from './horizontal-gallery.translations';

const ROOT = ':scope > .horizontal-gallery';
const ARROW = (which: 'prev' | 'next') => `:scope > .horizontal-gallery__arrow--${which}`;
const VIEWPORT = ':scope > .horizontal-gallery__viewport';
const STRIP = ':scope > .horizontal-gallery__viewport > .horizontal-gallery__strip';

type Snapshot = SnapshotFrom<typeof sliderMachine>;

const connect = (snapshot: Snapshot, send: Parameters<typeof connectHorizontalGallery>[1], content: HorizontalGalleryContent) =>
  connectHorizontalGallery(snapshot, send, translate(horizontalGalleryTranslations, content.translations));

/**
 * Draws a state on the prerendered gallery as HorizontalGallery.tsx renders it: the section's name,
 * each arrow's name and whether it is hidden (at the ends), the active item's class and
 * aria-current, and the strip's slide that centres it (once measured).
 */
export function drawHorizontalGallery(element: HTMLElement, snapshot: Snapshot, content: HorizontalGalleryContent) {
  const root = element.querySelector(ROOT);
  if (!root) return;
  const api = connect(snapshot, () => undefined, content);
  drawProps(root, api.getRootProps(content.label));
  for (const which of ['prev', 'next'] as const) {
    const arrow = root.querySelector(ARROW(which));
    if (arrow) drawProps(arrow, api.getArrowProps(which));
  }
  const strip = root.querySelector(STRIP);
  if (!strip) return;
  drawStyle(strip, api.stripStyle);
  [...strip.children].forEach((item, index) => drawProps(item, api.getItemProps(index)));
}

/**
 * What the view listens to, sent to the machine as its handlers send them: the arrows; hover and
 * focus holding autoplay, a touch swipe and the arrow keys (slider-input.ts, the handlers every
 * slider view uses); and the strip's measures (horizontal-gallery.dom.ts, as the view's effect).
 */
function listen(element: HTMLElement, actor: ActorRefFrom<typeof sliderMachine>, content: HorizontalGalleryContent): () => void {
  const root = element.querySelector<HTMLElement>(ROOT);
  if (!root) return () => undefined;
  const api = () => connect(actor.getSnapshot(), actor.send, content);
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || button.parentElement !== root) return;
    if (button.matches('.horizontal-gallery__arrow--prev')) api().getArrowProps('prev').onClick();
    else if (button.matches('.horizontal-gallery__arrow--next')) api().getArrowProps('next').onClick();
  };
  const stops = [
    listenToSlider(root, actor.send, onClick),
  ];
  const viewport = root.querySelector<HTMLElement>(VIEWPORT);
  const strip = root.querySelector<HTMLElement>(STRIP);
  if (viewport && strip) stops.push(watchStrip(viewport, strip, actor));
  return () => stops.forEach((stop) => stop());
}

/**
 * The horizontal gallery without its view (issue 35, goal 2): settings, machine, adapters, every
 * state drawn on the prerendered strip, and the arrows, a swipe, the arrow keys, hover and focus
 * answered by the behaviour itself (`answersInput` in widgets/registry.ts): its view loads only for
 * the inspector or `hydrateAll()`.
 */
export default defineBehaviour({
  name: 'horizontal-gallery',
  settings: horizontalGallerySettings,
  machine: sliderMachine,
  input: (settings, content: HorizontalGalleryContent) => ({
    count: content.items.length,
    initial: horizontalInitial(settings.initial, content.items.length),
    autoplay: settings.autoplay,
    intervalMs: settings.interval * 1000,
    loopAutoplay: settings.loop_autoplay,
    loopManual: settings.loop_manual,
    transitionMs: prefersReducedMotion() ? 0 : DEFAULT_TRANSITION_MS,
    manualStopsAutoplay: false,
  }),
  translations: horizontalGalleryTranslations,
  provide: ({ element }) => sliderAdapters(element),
  bind: drawHorizontalGallery,
  connect: listen,
  hydrate: 'visible',
});
