import { fromPromise } from 'xstate';
import type { ImageGalleryContext } from '../../../machines/image-gallery/image-gallery.machine';
import type { ContentResult, LightboxEntry } from '../../../machines/lightbox/lightbox.rules';
import type { SliderContext } from '../../../machines/slider/slider.machine';
import { fromIsland } from '../catalog/islands';
import { reachedBy, type CatalogEntry } from '../../../runtime/replay/catalog-types';

/**
 * The slider widgets (slideshow, carousel, horizontal gallery, accordion slider: one slider machine,
 * each with the input its widget.ts builds and the events its view sends), the image gallery, the
 * lightbox and the layout tabs. The inputs are what the widgets build from the demo pages' islands
 * (islands.ts `fromIsland`), with autoplay on where the page leaves it off, so autoplay is explored
 * too.
 *
 * The slider's `preparing.waiting` and `running.autoplay.deciding` have only eventless exits: they
 * are `transient` in every slider entry. Only the slideshow probes its images and has a
 * show_slide_delay, so `preparing.checkingImages` and `preparing.delaying` are the slideshow's.
 */

/** The event an invoked actor's answer is delivered as (the invoke's default id). */
const done = (invokeId: string, output?: unknown) => ({ type: `xstate.done.actor.${invokeId}`, output });

const hover = (type: 'autoplay.hold' | 'autoplay.release') => ({ type, reason: 'hover' });
const focus = (type: 'autoplay.hold' | 'autoplay.release') => ({ type, reason: 'focus' });
/** widgets/Slideshow/slider-input.ts: hover and focus hold autoplay; swipes and arrow keys send next/prev. */
const SLIDER_CONTROLS = [
  { type: 'nav.next' },
  { type: 'nav.prev' },
  hover('autoplay.hold'),
  hover('autoplay.release'),
  focus('autoplay.hold'),
  focus('autoplay.release'),
];
const SLIDER_TRANSIENT = ['preparing.waiting', 'running.autoplay.deciding'];
/**
 * A slider vertex is its state and the context its guards read (the slide, the slides in view,
 * autoplay and its holds, the loop modes, whether an image probe ran), so every
 * run reaching a vertex has the same transitions from it.
 */
const sliderVertex = ({ value, context }: { value: unknown; context: unknown }) => {
  const c = context as SliderContext;
  return JSON.stringify([value, c.current, c.perView, c.autoplay, [...c.holds].sort(), c.manual, c.loopAutoplay, c.loopManual, c.imageChecks > 0]);
};
/**
 * What only the slideshow's input reaches: the other slider widgets provide no imagesReady probe
 * (the machine's default is true, so they never wait for images), have no show_slide_delay
 * (showDelayMs 0), and their views have no video slides (they send no video.play/video.ended).
 */
const ONLY_THE_SLIDESHOW = reachedBy('slideshow', ['preparing.checkingImages', 'preparing.delaying', 'running.video.nudging']);

/** The answers of the lightbox's adapters, as the replay's fakes give them. */
const lightboxFakes = {
  actors: {
    loadImage: fromPromise<void, { src: string }>(async () => {}),
    fetchContent: fromPromise<ContentResult, { url: string }>(async ({ input }) =>
      input.url.endsWith('/gone/') ? { status: 'not-found' } : { status: 'ok', html: '<p>Visiting hours are 9 to 5.</p>' },
    ),
  },
  actions: { preload: () => {}, focusDialog: () => {}, returnFocus: () => {} },
};

const LOAD_IMAGE = '0.lightbox.open.loadingImage';
const FETCH_CONTENT = '0.lightbox.open.loadingContent';

/** The gallery page's lightbox: story pages (fetched content) and a photo (an image): the address alone decides (§7). */
const lightbox = fromIsland('lightbox', { id: 'family-stories' });
const lightboxItems = (lightbox.input as { items: LightboxEntry[] }).items;
const imageGallery = fromIsland('image-gallery', { id: 'photo-gallery' });
const galleryImages = (imageGallery.input as { items: LightboxEntry[]; previewLinks: unknown[] });
const layoutTabs = fromIsland('layout-tabs');
const layoutTabIds = (layoutTabs.input as { ids: string[] }).ids;
/** The thumbnail whose preview is a link, and one that opens the lightbox. */
const linkedPreview = galleryImages.previewLinks.findIndex((link) => link !== null);
const lightboxPreview = galleryImages.previewLinks.findIndex((link) => link === null);

export const galleryMachines: Record<string, CatalogEntry> = {
  slideshow: {
    // The home page's hero (autoplay every 6 s, endless, fade; 4 slides) with a show_slide_delay of
    // 300 ms, which no demo page sets, so the delay is explored.
    ...fromIsland('slideshow', { id: 'hero-slideshow', settings: { show_slide_delay: 300 } }),
    provide: {
      guards: {
        // The shown slide's images have loaded by the second probe (500 ms in), so the model rests in
        // checkingImages once. (The real probe looks at the slide's <img> elements.)
        imagesReady: ({ context }: { context: SliderContext }) => context.imageChecks >= 1,
      },
      // The real one pauses the videos of the slides not shown; the replay has no video elements.
      actions: { pauseEndedVideo: () => {} },
    },
    // Slideshow.tsx: arrows, dots (1-based positions; 9 is past the end and ignored, §5), the
    // rotation button, video slides, and the slider controls.
    // Focus holds autoplay the way hover does (the same action), so the slideshow explores hover only;
    // the other slider entries explore both.
    events: [
      { type: 'nav.next' },
      { type: 'nav.prev' },
      hover('autoplay.hold'),
      hover('autoplay.release'),
      { type: 'nav.goto', position: 3 },
      { type: 'nav.goto', position: 9 },
      { type: 'autoplay.stop' },
      { type: 'autoplay.start' },
      { type: 'video.play' },
      { type: 'video.ended' },
    ],
    transient: SLIDER_TRANSIENT,
    serializeState: sliderVertex,
  },
  carousel: {
    // The about page's history timeline (3 in view, loops once, 900 ms transitions) with autoplay on.
    ...fromIsland('carousel', { id: 'history-timeline', settings: { autoplay: true } }),
    // Carousel.tsx: the arrows, the slider controls and, for timelines, the width's slides in view (§9: 3, 2, 1).
    events: [...SLIDER_CONTROLS, { type: 'view.resize', perView: 1 }, { type: 'view.resize', perView: 3 }],
    transient: SLIDER_TRANSIENT,
    serializeState: sliderVertex,
    unreachable: ONLY_THE_SLIDESHOW,
  },
  'horizontal-gallery': {
    // The gallery page's year strip, with its empty `initial` (nothing active, §5), and autoplay on.
    ...fromIsland('horizontal-gallery', { id: 'year-strip', settings: { autoplay: true } }),
    events: SLIDER_CONTROLS,
    transient: SLIDER_TRANSIENT,
    serializeState: sliderVertex,
    unreachable: ONLY_THE_SLIDESHOW,
  },
  'accordion-slider': {
    // The gallery page's places (autoplay, once), no transition wait (CSS animates the widths).
    ...fromIsland('accordion-slider', { id: 'places' }),
    // AccordionSlider.tsx: hovering or focusing a panel opens it (nav.goto), plus the slider controls.
    events: [...SLIDER_CONTROLS, { type: 'nav.goto', position: 1 }, { type: 'nav.goto', position: 3 }],
    transient: SLIDER_TRANSIENT,
    serializeState: sliderVertex,
    unreachable: ONLY_THE_SLIDESHOW,
  },
  'image-gallery': {
    // The gallery page's photos: a preview with a link of its own opens it, the others open the
    // lightbox. Staggered (no reduced motion). A preview link opening a new window is
    // machines/image-gallery/image-gallery.test.ts's: no demo page has one.
    ...imageGallery,
    provide: {
      actors: { lightbox: lightbox.machine.provide(lightboxFakes) },
      // The real ones call window.open and location.assign.
      actions: { openInNewWindow: () => {}, openInSameWindow: () => {} },
    },
    // A vertex is the state, how many thumbnails show and which one the preview shows: the stagger
    // re-enters `revealing` once per thumbnail, and the preview's click depends on the selection.
    serializeState: ({ value, context }) => {
      const c = context as ImageGalleryContext;
      return JSON.stringify([value, c.revealed, c.selected]);
    },
    // ImageGallery.tsx: hovering or focusing a thumbnail, clicking one, clicking the preview.
    events: [
      { type: 'preview.select', index: linkedPreview },
      { type: 'preview.select', index: lightboxPreview },
      { type: 'thumbnail.open', index: lightboxPreview },
      { type: 'preview.click' },
    ],
  },
  lightbox: {
    ...lightbox,
    provide: lightboxFakes,
    // Lightbox.tsx and LightboxDialog.tsx: a link opens its item; Escape, the backdrop and the close
    // button close; the arrows and arrow keys move. The adapters' answers arrive as done events.
    // Their failures (xstate.error.actor) are left out, as in content.ts: sent where nothing is
    // invoked they stop the actor. machines/lightbox/lightbox.test.ts covers the onError exits.
    events: [
      // The first item, the first image, and past the last item (ignored).
      { type: 'lightbox.open', index: 0 },
      { type: 'lightbox.open', index: Math.max(0, lightboxItems.findIndex((item) => /\.(svg|png|jpe?g|webp|gif)$/.test(item.url))) },
      { type: 'lightbox.open', index: lightboxItems.length + 5 },
      { type: 'lightbox.close' },
      { type: 'nav.next' },
      { type: 'nav.prev' },
      done(LOAD_IMAGE),
      done(FETCH_CONTENT, { status: 'ok', html: '<p>Visiting hours are 9 to 5.</p>' }),
      done(FETCH_CONTENT, { status: 'not-found' }),
    ],
    transient: ['open.loading'],
  },
  'layout-tabs': {
    ...layoutTabs,
    // The real ones replace and watch location.hash; the replay has no location.
    provide: { actions: { writeHash: () => {} } },
    // LayoutTabs.tsx: a dot or tab opens its tab; the location adapter reports the hash.
    events: [
      { type: 'tab.select', index: 0 },
      { type: 'tab.select', index: 2 },
      { type: 'hash.change', hash: `#${layoutTabIds[1] ?? ''}` },
      { type: 'hash.change', hash: '#elsewhere' },
    ],
  },
};
