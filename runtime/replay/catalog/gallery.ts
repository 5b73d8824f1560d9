import { fromPromise } from 'xstate';
import { imageGalleryMachine, type ImageGalleryContext } from '../../../machines/image-gallery/image-gallery.machine';
import { lightboxMachine } from '../../../machines/lightbox/lightbox.machine';
import type { ContentResult, LightboxEntry } from '../../../machines/lightbox/lightbox.rules';
import { sliderMachine, type SliderContext } from '../../../machines/slider/slider.machine';
import {
  CAROUSEL_PER_VIEW,
  DEFAULT_TRANSITION_MS,
  horizontalInitial,
  slideshowInitial,
  transitionTiming,
} from '../../../machines/slider/slider.rules';
import { tabsMachine } from '../../../machines/tabs/tabs.machine';
import { reachedBy, type CatalogEntry } from './types';

/**
 * The slider widgets (slideshow, carousel, horizontal gallery, accordion slider: one slider machine,
 * each with the input its widget.ts builds and the events its view sends), the image gallery, the
 * lightbox and the layout tabs. The inputs are what the widgets build from settings a page can give
 * (the gallery page's, with autoplay on where the page leaves it off, so autoplay is explored too).
 *
 * The slider's `preparing.waiting` and `running.autoplay.deciding` have only eventless exits: they
 * are `transient` in every slider entry. Only the slideshow probes its images and has a
 * show_slide_delay, so `preparing.checkingImages` and `preparing.delaying` are the slideshow's.
 */

/** The event an invoked actor's answer is delivered as (the invoke's default id). */
const done = (invokeId: string, output?: unknown) => ({ type: `xstate.done.actor.${invokeId}`, output });

const hover = (type: 'autoplay.hold' | 'autoplay.release') => ({ type, reason: 'hover' });
const focus = (type: 'autoplay.hold' | 'autoplay.release') => ({ type, reason: 'focus' });
/** widgets/Slideshow/slider-controls.ts: hover and focus hold autoplay; swipes and arrow keys send next/prev. */
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

/** As a page writes them: the address alone decides image or fetched content (§7). */
const LIGHTBOX_ITEMS: LightboxEntry[] = [
  { url: '/images/harbour.svg', title: 'Harbour', alt: 'The harbour at dawn' },
  { url: '/visiting/', title: 'Visiting hours' },
  // §8: an address with nothing there answers 404 (the not-found text).
  { url: '/gone/', title: 'An old page' },
];
const LOAD_IMAGE = '0.lightbox.open.loadingImage';
const FETCH_CONTENT = '0.lightbox.open.loadingContent';

const GALLERY_IMAGES: LightboxEntry[] = ['garden', 'ward', 'playroom'].map((name) => ({ url: `/images/${name}.svg`, title: name }));

export const galleryMachines: Record<string, CatalogEntry> = {
  slideshow: {
    machine: sliderMachine,
    // widgets/Slideshow/widget.ts with the settings autoplay, interval 6, loop_autoplay endless,
    // animation fade (the home page's hero) and a show_slide_delay of 300 ms; 3 slides.
    input: {
      count: 3,
      initial: slideshowInitial(1, 3),
      autoplay: true,
      intervalMs: 6000,
      loopAutoplay: 'endless',
      loopManual: 'endless',
      transitionMs: transitionTiming('fade', DEFAULT_TRANSITION_MS, false).totalMs,
      manualStopsAutoplay: true,
      showDelayMs: 300,
    },
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
    machine: sliderMachine,
    // widgets/Carousel/widget.ts as the timelines carousel (timeline on), with autoplay on: 5 items,
    // 3 in view, loops once (the defaults), 900 ms transitions.
    input: {
      count: 5,
      initial: 0,
      perView: CAROUSEL_PER_VIEW,
      autoplay: true,
      intervalMs: 5000,
      loopAutoplay: 'once',
      loopManual: 'once',
      transitionMs: DEFAULT_TRANSITION_MS,
      manualStopsAutoplay: false,
    },
    // Carousel.tsx: the arrows, the slider controls and, for timelines, the width's slides in view (§9: 3, 2, 1).
    events: [...SLIDER_CONTROLS, { type: 'view.resize', perView: 1 }, { type: 'view.resize', perView: 3 }],
    transient: SLIDER_TRANSIENT,
    serializeState: sliderVertex,
    unreachable: ONLY_THE_SLIDESHOW,
  },
  'horizontal-gallery': {
    machine: sliderMachine,
    // widgets/HorizontalGallery/widget.ts with the gallery page's empty `initial` (nothing active,
    // §5) and autoplay on, looping once: 4 items.
    input: {
      count: 4,
      initial: horizontalInitial('', 4),
      autoplay: true,
      intervalMs: 5000,
      loopAutoplay: 'once',
      loopManual: 'once',
      transitionMs: DEFAULT_TRANSITION_MS,
      manualStopsAutoplay: false,
    },
    events: SLIDER_CONTROLS,
    transient: SLIDER_TRANSIENT,
    serializeState: sliderVertex,
    unreachable: ONLY_THE_SLIDESHOW,
  },
  'accordion-slider': {
    machine: sliderMachine,
    // widgets/AccordionSlider/widget.ts with the gallery page's settings (autoplay, once): 3 panels,
    // no transition wait (CSS animates the widths).
    input: {
      count: 3,
      initial: 0,
      autoplay: true,
      intervalMs: 5000,
      loopAutoplay: 'once',
      loopManual: 'once',
      transitionMs: 0,
      manualStopsAutoplay: false,
    },
    // AccordionSlider.tsx: hovering or focusing a panel opens it (nav.goto), plus the slider controls.
    events: [...SLIDER_CONTROLS, { type: 'nav.goto', position: 1 }, { type: 'nav.goto', position: 3 }],
    transient: SLIDER_TRANSIENT,
    serializeState: sliderVertex,
    unreachable: ONLY_THE_SLIDESHOW,
  },
  'image-gallery': {
    machine: imageGalleryMachine,
    // widgets/ImageGallery/widget.ts: three images; the second preview opens its own address in a new
    // tab, the third in the same tab, the first opens the lightbox. Staggered (no reduced motion).
    input: {
      items: GALLERY_IMAGES,
      previewLinks: [null, { href: '/about/', newWindow: true }, { href: '/contact/', newWindow: false }],
      stagger: true,
    },
    provide: {
      actors: { lightbox: lightboxMachine.provide(lightboxFakes) },
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
      { type: 'preview.select', index: 1 },
      { type: 'preview.select', index: 2 },
      { type: 'preview.select', index: 0 },
      { type: 'thumbnail.open', index: 1 },
      { type: 'preview.click' },
    ],
  },
  lightbox: {
    machine: lightboxMachine,
    provide: lightboxFakes,
    // widgets/Lightbox/widget.ts: the island's items, an image and two content links.
    input: { items: LIGHTBOX_ITEMS },
    // Lightbox.tsx and LightboxDialog.tsx: a link opens its item; Escape, the backdrop and the close
    // button close; the arrows and arrow keys move. The adapters' answers arrive as done events.
    // Their failures (xstate.error.actor) are left out, as in content.ts: sent where nothing is
    // invoked they stop the actor. machines/lightbox/lightbox.test.ts covers the onError exits.
    events: [
      { type: 'lightbox.open', index: 0 },
      { type: 'lightbox.open', index: 1 },
      { type: 'lightbox.open', index: 2 },
      { type: 'lightbox.open', index: 7 },
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
    machine: tabsMachine,
    // widgets/LayoutTabs/widget.ts: the tabs' ids, data-initial 2.
    input: { ids: ['care', 'visits', 'contact'], initial: 2 },
    // The real ones replace and watch location.hash; the replay has no location.
    provide: { actions: { writeHash: () => {} } },
    // LayoutTabs.tsx: a dot or tab opens its tab; the location adapter reports the hash.
    events: [
      { type: 'tab.select', index: 0 },
      { type: 'tab.select', index: 2 },
      { type: 'hash.change', hash: '#visits' },
      { type: 'hash.change', hash: '#elsewhere' },
    ],
  },
};
