// @vitest-environment jsdom
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { sliderMachine, type SliderContext } from '../../machines/slider/slider.machine';
import { VIDEO_NUDGE_MS, transitionTiming } from '../../machines/slider/slider.rules';
import { startIslands } from '../../runtime/islands';
import { createRecordedViews } from '../../runtime/recorded-views';
import { Island } from '../../runtime/render/Island';
import { createTestClock } from '../../runtime/test-clock';
import { answeringPage, cleanUpAnsweringPages, islandShape, stopAfterTest } from '../../tests/support/answering';
import slideshowBehaviour, { drawSlideshow } from './behaviour';
import type { SlideshowContent } from './Slideshow';
import { slideshowSettings } from './slideshow.settings';
import slideshow from './widget';

const image = (name: string) => ({ src: `/images/${name}.jpg`, alt: name, width: 1600, height: 900 });
const CONTENT: SlideshowContent = {
  label: 'Life at Harbourlight',
  slides: [
    { title: 'Boats', image: image('boats') },
    { title: 'Kites', image: image('kites') },
    { title: 'Film', image: image('film'), video: { src: '/media/film.mp4', type: 'video/mp4', mobileImage: '/images/film-phone.jpg' } },
    { title: 'Garden', image: image('garden') },
  ],
};
const SLOTS = { 'caption-0': <h2>Boats on the quay</h2>, 'caption-1': <p>Kites at the beach</p> };
/** The hero's settings (demo/content/pages/index.md): autoplay, fade, enlarge. */
const HERO = { autoplay: true, interval: 6, loop_autoplay: 'endless', animation: 'fade', transitionSpeed: 900, enlarge: true };
const INTERVAL_MS = HERO.interval * 1000;
const TRANSITION_MS = transitionTiming('fade', 900, false).totalMs;

type Settings = Record<string, string | number | boolean>;
const prerendered = (settings: Settings = HERO) => renderToString(<Island widget={slideshow} content={CONTENT} slots={SLOTS} settings={settings} hydrate="visible" />);

type Value = 'preparing' | { motion: 'idle' | 'animating'; autoplay: 'playing' | 'held' | 'stopped' };
/** The machine in a state the view can show, with the context that state carries. */
const snapshotIn = (value: Value, context: Partial<SliderContext>) => {
  const input = { count: CONTENT.slides.length, initial: 0, autoplay: true, intervalMs: INTERVAL_MS, loopAutoplay: 'endless', loopManual: 'endless', transitionMs: TRANSITION_MS, manualStopsAutoplay: true } as const;
  const initial = createActor(sliderMachine, { input }).getSnapshot().context;
  const resolved = value === 'preparing' ? { preparing: 'checkingImages' } : { running: { ...value, video: 'idle' } };
  return sliderMachine.resolveState({ value: resolved, context: { ...initial, ...context } });
};

/** A page's island for `settings` with `drawSlideshow` applied for `snapshot`, and the view rendered for it in the same island. */
function drawnAndView(settings: Settings, snapshot: ReturnType<typeof snapshotIn>) {
  const before = document.createElement('div');
  before.innerHTML = prerendered(settings);
  const drawn = before.cloneNode(true) as HTMLElement;
  const island = drawn.querySelector<HTMLElement>('[data-widget]') as HTMLElement;
  drawSlideshow(island, snapshot, CONTENT);
  const viewed = document.createElement('div');
  viewed.innerHTML = drawn.innerHTML;
  const View = slideshow.View;
  const slots = Object.fromEntries([...island.querySelectorAll<HTMLElement>('[data-slot]')].map((slot) => [slot.dataset.slot, slot.innerHTML]));
  const html = renderToString(
    <View actorRef={createActor(sliderMachine, { snapshot, input: undefined as never })} settings={slideshowSettings.parse(island.dataset)} content={CONTENT} slots={slots} />,
    { identifierPrefix: island.dataset.islandId },
  );
  // React hoists a preload link for the shown picture before the section: the client's view renders none.
  (viewed.querySelector('[data-widget]') as HTMLElement).innerHTML = html.replace(/^(<link[^>]*>)+/, '');
  return { before, drawn, viewed };
}

/** What shows, without React's preload links; and the island's text (the rotation control's glyph is written by the state). */
const shapeOf = (host: HTMLElement) => islandShape(host.innerHTML).filter((element) => !element.startsWith('LINK '));
const textOf = (host: HTMLElement) => host.querySelector('[data-widget]')?.textContent;

cleanUpAnsweringPages();

describe('the slideshow behaviour draws what the view renders (issue 35, goal 2)', () => {
  const states: Array<[string, Settings, Value, Partial<SliderContext>]> = [
    ['rotating, the second slide fading in over the first', HERO, { motion: 'animating', autoplay: 'playing' }, { current: 1, previous: 0, direction: 'next', moves: 1 }],
    ['rotating, the video slide shown, the second gone', HERO, { motion: 'idle', autoplay: 'playing' }, { current: 2, previous: 1, direction: 'next', moves: 2 }],
    ['held by hover or focus', HERO, { motion: 'idle', autoplay: 'held' }, { current: 1, previous: 0, holds: ['hover'], moves: 1 }],
    ['stopped by the rotation control', HERO, { motion: 'idle', autoplay: 'stopped' }, { autoplay: false }],
    ['stopped, moving back to the last slide', HERO, { motion: 'animating', autoplay: 'stopped' }, { autoplay: false, manual: true, current: 3, previous: 0, direction: 'prev', moves: 1 }],
    ['before it starts (its first images loading): the live region polite', HERO, 'preparing', {}],
    ['a manual slideshow (no rotation control), sliding forward', { animation: 'slide' }, { motion: 'animating', autoplay: 'stopped' }, { autoplay: false, current: 1, previous: 0, direction: 'next', moves: 1 }],
    ['a manual slideshow, sliding back', { animation: 'slide' }, { motion: 'animating', autoplay: 'stopped' }, { autoplay: false, current: 2, previous: 3, direction: 'prev', moves: 4 }],
  ];

  it.each(states)('%s: the same slides, live region, rotation control, glyph and dots as the view', (_name, settings, value, context) => {
    const { before, drawn, viewed } = drawnAndView(settings, snapshotIn(value, context));
    expect(shapeOf(drawn)).toEqual(shapeOf(viewed));
    expect(textOf(drawn)).toBe(textOf(viewed));
    // Each of these states shows something the prerendered markup does not.
    expect([shapeOf(drawn), textOf(drawn)]).not.toEqual([shapeOf(before), textOf(before)]);
  });

  it('rotating on its first slide: what the prerender wrote (it renders the machine past its image check)', () => {
    const { before, drawn, viewed } = drawnAndView(HERO, snapshotIn({ motion: 'idle', autoplay: 'playing' }, {}));
    expect(shapeOf(drawn)).toEqual(shapeOf(viewed));
    expect(shapeOf(drawn)).toEqual(shapeOf(before));
    expect(textOf(drawn)).toBe(textOf(viewed));
  });
});

const slides = () => [...document.querySelectorAll<HTMLElement>('.slideshow__slide')];
const shown = () => slides().findIndex((slide) => slide.classList.contains('is-current'));
const button = (name: string) => document.querySelector<HTMLElement>(`.slideshow button[aria-label="${name}"]`) as HTMLElement;
const dots = () => [...document.querySelectorAll<HTMLElement>('.slideshow__dot')];
const rotation = () => document.querySelector<HTMLElement>('.slideshow__rotation') as HTMLElement;

/** A touch (or mouse) pointer event as the browser sends it (jsdom has no PointerEvent). */
function pointer(type: string, x: number, pointerType = 'touch') {
  const event = new MouseEvent(type, { bubbles: true, clientX: x, clientY: 200 });
  Object.defineProperty(event, 'pointerType', { value: pointerType });
  return event;
}

/** The hero's page: its images loaded (jsdom loads none), its behaviour's chunk held back until `release()`. */
function heroPage(settings: Settings = HERO) {
  vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(true);
  return answeringPage(prerendered(settings), slideshow, slideshowBehaviour);
}

describe('the slideshow answers without its view (issue 35, goal 2)', () => {
  it('a tap on the rotation control before the chunk arrives is acknowledged, then stops the rotation: its name, glyph and the live region follow; the view never loads', async () => {
    const { island, view, clock, release, controller } = heroPage();
    rotation().dispatchEvent(pointer('pointerdown', 10));
    rotation().click();
    expect(island.getAttribute('aria-busy')).toBe('true');
    expect(rotation().getAttribute('aria-label')).toBe('Stop automatic slide show');
    release();
    await controller.settled();
    expect(island.dataset.island).toBe('answering');
    expect(island.hasAttribute('aria-busy')).toBe(false);
    expect(rotation().getAttribute('aria-label')).toBe('Start automatic slide show');
    expect(rotation().textContent).toBe('▶');
    expect(document.querySelector('.slideshow__slides')?.getAttribute('aria-live')).toBe('polite');
    clock.advanceBy(INTERVAL_MS * 3);
    expect(shown()).toBe(0);
    rotation().click();
    expect(rotation().getAttribute('aria-label')).toBe('Stop automatic slide show');
    expect(rotation().textContent).toBe('❚❚');
    expect(document.querySelector('.slideshow__slides')?.getAttribute('aria-live')).toBe('off');
    clock.advanceBy(INTERVAL_MS);
    expect(shown()).toBe(1);
    expect(view).not.toHaveBeenCalled();
  });

  it('autoplay moves the slides with their animation classes, hidden from assistive technology but the shown one; hover and focus hold it', async () => {
    const { island, view, clock, release, controller } = heroPage();
    release();
    await controller.settled();
    expect(island.dataset.island).toBe('answering');
    clock.advanceBy(INTERVAL_MS);
    expect(slides().map((slide) => slide.className)).toEqual([
      'slideshow__slide is-leaving to-next',
      'slideshow__slide is-current from-next',
      'slideshow__slide',
      'slideshow__slide',
    ]);
    expect(slides().map((slide) => [slide.getAttribute('aria-hidden'), slide.hasAttribute('inert')])).toEqual([
      ['true', true],
      ['false', false],
      ['true', true],
      ['true', true],
    ]);
    expect(slides()[1]?.dataset.moves).toBe('1');
    expect(document.querySelector('.slideshow__slides')?.getAttribute('aria-busy')).toBe('true');
    expect(dots().map((dot) => dot.getAttribute('aria-current'))).toEqual([null, 'true', null, null]);
    expect(slides()[1]?.querySelector('img')?.getAttribute('loading')).toBe('eager');
    clock.advanceBy(TRANSITION_MS);
    expect(slides()[0]?.className).toBe('slideshow__slide');
    expect(document.querySelector('.slideshow__slides')?.getAttribute('aria-busy')).toBe('false');
    const section = document.querySelector('.slideshow') as HTMLElement;
    section.dispatchEvent(pointer('pointerenter', 10, 'mouse'));
    clock.advanceBy(INTERVAL_MS * 2);
    expect(shown()).toBe(1);
    section.dispatchEvent(pointer('pointerleave', 10, 'mouse'));
    dots()[0]?.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    clock.advanceBy(INTERVAL_MS * 2);
    expect(shown()).toBe(1);
    dots()[0]?.dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: document.body }));
    clock.advanceBy(INTERVAL_MS);
    expect(shown()).toBe(2);
    expect(view).not.toHaveBeenCalled();
  });

  it('the arrows, the dots, the arrow keys and a 50 px swipe move (and stop the rotation for good); a mouse drag does not', async () => {
    const { view, clock, release, controller } = heroPage();
    release();
    await controller.settled();
    const settle = () => clock.advanceBy(TRANSITION_MS);
    button('Next slide').click();
    expect(shown()).toBe(1);
    expect(rotation().getAttribute('aria-label')).toBe('Start automatic slide show');
    settle();
    button('Previous slide').click();
    expect(shown()).toBe(0);
    expect(slides()[0]?.className).toBe('slideshow__slide is-current from-prev');
    expect(slides()[1]?.className).toBe('slideshow__slide is-leaving to-prev');
    settle();
    dots()[3]?.click();
    expect(shown()).toBe(3);
    expect(dots()[3]?.getAttribute('aria-current')).toBe('true');
    settle();
    const key = new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true, cancelable: true });
    dots()[3]?.dispatchEvent(key);
    expect(key.defaultPrevented).toBe(true);
    expect(shown()).toBe(2);
    settle();
    dots()[2]?.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    expect(shown()).toBe(3);
    settle();
    const stage = document.querySelector('.slideshow__slides') as HTMLElement;
    stage.dispatchEvent(pointer('pointerdown', 100));
    stage.dispatchEvent(pointer('pointerup', 170));
    expect(shown()).toBe(2);
    settle();
    stage.dispatchEvent(pointer('pointerdown', 200, 'mouse'));
    stage.dispatchEvent(pointer('pointerup', 100, 'mouse'));
    stage.dispatchEvent(pointer('pointerdown', 200));
    stage.dispatchEvent(pointer('pointerup', 160));
    expect(shown()).toBe(2);
    clock.advanceBy(INTERVAL_MS * 3);
    expect(shown()).toBe(2);
    expect(view).not.toHaveBeenCalled();
  });

  it('a playing video holds the rotation; when it ends the next slide shows and the video is paused', async () => {
    const { view, clock, release, controller } = heroPage();
    release();
    await controller.settled();
    dots()[2]?.click();
    rotation().click();
    clock.advanceBy(TRANSITION_MS);
    const video = document.querySelector('video') as HTMLVideoElement;
    const pause = vi.spyOn(video, 'pause').mockImplementation(() => undefined);
    video.dispatchEvent(new Event('play'));
    clock.advanceBy(INTERVAL_MS * 2);
    expect(shown()).toBe(2);
    video.dispatchEvent(new Event('ended'));
    expect(shown()).toBe(3);
    clock.advanceBy(VIDEO_NUDGE_MS);
    expect(pause).toHaveBeenCalled();
    expect(view).not.toHaveBeenCalled();
  });

  it('the full-screen slider follows the scroll (parallax) with no view', async () => {
    const { view, release, controller } = heroPage({ ...HERO, fullscreen: true, parallax: true });
    release();
    await controller.settled();
    expect((document.querySelector('.slideshow') as HTMLElement).style.getPropertyValue('--parallax-y')).toBe('0px');
    expect(view).not.toHaveBeenCalled();
  });

  it('the inspector’s hydrateBehaviours: the view hydrates over the slide the behaviour drew, with no mismatch, and answers from then on', async () => {
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { island, view, clock, release, controller } = heroPage();
    release();
    await controller.settled();
    clock.advanceBy(INTERVAL_MS);
    await controller.hydrateBehaviours();
    expect(view).toHaveBeenCalledTimes(1);
    expect(island.dataset.island).toBe('hydrated');
    expect(shown()).toBe(1);
    expect(warn).not.toHaveBeenCalled();
    // React in development compares a video's `muted` property, which jsdom does not take from the attribute (a browser does): that is the only difference it finds.
    const differences = error.mock.calls.flatMap((call) => call.map(String).join(' ').match(/^\s*[+-]\s+[\w-]+=.*$/gm) ?? []);
    expect(differences.map((line) => line.trim().replace(/\s+/, ' '))).toEqual(error.mock.calls.length > 0 ? ['+ muted={true}', '- muted={false}'] : []);
    clock.advanceBy(TRANSITION_MS);
    button('Next slide').click();
    await vi.waitFor(() => expect(shown()).toBe(2));
    expect(rotation().getAttribute('aria-label')).toBe('Start automatic slide show');
  });

  it('the inspector’s timeline: a scrub hydrates the view over the slide the page shows, then the view renders the pinned moment; the present again after', async () => {
    vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(true);
    const warn = vi.spyOn(console, 'warn');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    document.body.innerHTML = `<main>${prerendered()}</main>`;
    const clock = createTestClock();
    const views = createRecordedViews();
    const moments: Array<{ session: string; snapshot: unknown }> = [];
    const controller = stopAfterTest(
      startIslands(document.body, {
        registry: { slideshow: async () => ({ default: slideshow }) },
        behaviours: { slideshow: { answersInput: true, load: async () => ({ default: slideshowBehaviour }) } },
        clock,
        views,
        inspect: (event) => {
          if (event.type === '@xstate.snapshot') moments.push({ session: event.actorRef.sessionId, snapshot: event.snapshot });
        },
      }),
    );
    const island = document.querySelector<HTMLElement>('[data-widget]') as HTMLElement;
    island.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await controller.settled();
    expect(island.dataset.island).toBe('answering');
    const first = moments.at(-1);
    clock.advanceBy(INTERVAL_MS + TRANSITION_MS);
    expect(shown()).toBe(1);
    if (!first) throw new Error('no snapshot recorded');
    views.show(new Map([[first.session, first.snapshot]]));
    await controller.hydrateBehaviours();
    expect(island.dataset.island).toBe('hydrated');
    await vi.waitFor(() => expect(shown()).toBe(0));
    expect(slides().map((slide) => slide.getAttribute('aria-hidden'))).toEqual(['false', 'true', 'true', 'true']);
    expect(warn).not.toHaveBeenCalled();
    views.show(null);
    await vi.waitFor(() => expect(shown()).toBe(1));
  });
});
