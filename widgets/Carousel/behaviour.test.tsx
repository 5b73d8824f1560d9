// @vitest-environment jsdom
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { sliderMachine, type SliderContext } from '../../machines/slider/slider.machine';
import { DEFAULT_TRANSITION_MS } from '../../machines/slider/slider.rules';
import { Island } from '../../runtime/render/Island';
import { answeringPage, cleanUpAnsweringPages, islandShape, preferReducedMotion } from '../../tests/support/answering';
import carouselBehaviour, { drawCarousel } from './behaviour';
import type { CarouselContent } from './Carousel';
import { carouselSettings } from './carousel.settings';
import carousel from './widget';

/** The history timeline of /gallery/ (demo/content/pages/gallery.md), with one more year: seven items. */
const YEARS = ['1998', '2004', '2010', '2016', '2019', '2021', '2025'];
const CONTENT: CarouselContent = { label: 'Timeline', items: YEARS.map((title) => ({ title })) };
const SLOTS = { 'item-0': <p>Two nurses start visiting children at home.</p>, 'item-1': <p>The Harbour Room opens.</p> };
const TIMELINE = { timeline: true };
const LOOPING = { loop_manual: 'endless', autoplay: true, interval: 4 };

type Settings = Record<string, string | number | boolean>;
const prerendered = (settings: Settings = TIMELINE) => renderToString(<Island widget={carousel} content={CONTENT} slots={SLOTS} settings={settings} hydrate="visible" />);

type Value = { motion: 'idle' | 'animating'; autoplay: 'playing' | 'held' | 'stopped' };
/** The machine in a state the view can show, with the context that state carries. */
const snapshotIn = (settings: Settings, value: Value, context: Partial<SliderContext>) => {
  const parsed = carouselSettings.parse(Object.fromEntries(Object.entries(settings).map(([name, setting]) => [name, String(setting)])));
  const input = carousel.input(parsed, CONTENT, { clock: undefined as never, random: Math.random, warn: () => undefined });
  const initial = createActor(sliderMachine, { input }).getSnapshot().context;
  return sliderMachine.resolveState({ value: { running: { ...value, video: 'idle' } }, context: { ...initial, ...context } });
};

/** A page's island for `settings` with `drawCarousel` applied for `snapshot`, and the view rendered for it in the same island. */
function drawnAndView(settings: Settings, snapshot: ReturnType<typeof snapshotIn>) {
  const before = document.createElement('div');
  before.innerHTML = prerendered(settings);
  const drawn = before.cloneNode(true) as HTMLElement;
  const island = drawn.querySelector<HTMLElement>('[data-widget]') as HTMLElement;
  drawCarousel(island, snapshot, CONTENT);
  const viewed = document.createElement('div');
  viewed.innerHTML = drawn.innerHTML;
  const View = carousel.View;
  const slots = Object.fromEntries([...island.querySelectorAll<HTMLElement>('[data-slot]')].map((slot) => [slot.dataset.slot, slot.innerHTML]));
  const html = renderToString(
    <View actorRef={createActor(sliderMachine, { snapshot, input: undefined as never })} settings={carouselSettings.parse(island.dataset)} content={CONTENT} slots={slots} />,
    { identifierPrefix: island.dataset.islandId },
  );
  (viewed.querySelector('[data-widget]') as HTMLElement).innerHTML = html;
  return { before, drawn, viewed };
}

const shapeOf = (host: HTMLElement) => islandShape(host.innerHTML);
const textOf = (host: HTMLElement) => host.querySelector('[data-widget]')?.textContent;

cleanUpAnsweringPages();
afterEach(() => vi.unstubAllGlobals());

describe('the carousel behaviour draws what the view renders (issue 35, goal 2)', () => {
  const states: Array<[string, Settings, Value, Partial<SliderContext>]> = [
    ['moving one step on (the track in motion)', TIMELINE, { motion: 'animating', autoplay: 'stopped' }, { current: 1, previous: 0, direction: 'next', moves: 1 }],
    ['one step on, still', TIMELINE, { motion: 'idle', autoplay: 'stopped' }, { current: 1, previous: 0, moves: 1 }],
    ['at the end (loop once): Next disabled', TIMELINE, { motion: 'idle', autoplay: 'stopped' }, { current: 4, previous: 3, moves: 4 }],
    ['a medium screen: two shown', TIMELINE, { motion: 'idle', autoplay: 'stopped' }, { perView: 2 }],
    ['a small screen: one shown, the third', TIMELINE, { motion: 'idle', autoplay: 'stopped' }, { perView: 1, current: 2, previous: 1, moves: 2 }],
    ['a small screen at the end: the last shown, Next disabled', TIMELINE, { motion: 'animating', autoplay: 'stopped' }, { perView: 1, current: 6, previous: 5, moves: 6 }],
    ['looping, held by hover on the third', LOOPING, { motion: 'idle', autoplay: 'held' }, { current: 2, previous: 1, holds: ['hover'], moves: 2 }],
    ['looping, wrapped back from the start to the end: both arrows enabled', LOOPING, { motion: 'animating', autoplay: 'playing' }, { current: 4, previous: 0, direction: 'prev', manual: true, moves: 1 }],
    ['a visitor who prefers reduced motion: no move time', TIMELINE, { motion: 'idle', autoplay: 'stopped' }, { current: 2, previous: 1, moves: 2, transitionMs: 0 }],
  ];

  it.each(states)('%s: the same position, items shown and arrows as the view', (_name, settings, value, context) => {
    const { before, drawn, viewed } = drawnAndView(settings, snapshotIn(settings, value, context));
    expect(shapeOf(drawn)).toEqual(shapeOf(viewed));
    expect(textOf(drawn)).toBe(textOf(viewed));
    // Each of these states shows something the prerendered markup does not.
    expect(shapeOf(drawn)).not.toEqual(shapeOf(before));
  });

  it.each([
    ['the timeline at its start', TIMELINE, { motion: 'idle', autoplay: 'stopped' }],
    ['a looping carousel playing at its start', LOOPING, { motion: 'idle', autoplay: 'playing' }],
  ] as Array<[string, Settings, Value]>)('%s: what the prerender wrote', (_name, settings, value) => {
    const { before, drawn, viewed } = drawnAndView(settings, snapshotIn(settings, value, {}));
    expect(shapeOf(drawn)).toEqual(shapeOf(viewed));
    expect(shapeOf(drawn)).toEqual(shapeOf(before));
    expect(textOf(drawn)).toBe(textOf(viewed));
  });
});

const items = () => [...document.querySelectorAll<HTMLElement>('.carousel__item')];
/** The years a visitor sees and a screen reader is told of (the others are aria-hidden and inert). */
const shownYears = () => items().filter((item) => item.getAttribute('aria-hidden') === 'false' && !item.hasAttribute('inert')).map((item) => item.querySelector('h3')?.textContent);
const button = (name: string) => document.querySelector<HTMLButtonElement>(`.carousel button[aria-label="${name}"]`) as HTMLButtonElement;
const section = () => document.querySelector('.carousel') as HTMLElement;
const track = () => document.querySelector('.carousel__track') as HTMLElement;

/** A touch (or mouse) pointer event as the browser sends it (jsdom has no PointerEvent). */
function pointer(type: string, x: number, pointerType = 'touch') {
  const event = new MouseEvent(type, { bubbles: true, clientX: x, clientY: 200 });
  Object.defineProperty(event, 'pointerType', { value: pointerType });
  return event;
}

/** A window `width` px wide whose width queries can change (jsdom has no matchMedia). */
function windowWidth(width: number) {
  const listeners = new Set<() => void>();
  vi.stubGlobal('innerWidth', width);
  vi.stubGlobal('matchMedia', (media: string) => ({
    media,
    matches: false,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  }));
  return {
    resize(to: number) {
      vi.stubGlobal('innerWidth', to);
      for (const listener of listeners) listener();
    },
    listeners,
  };
}

describe('the carousel answers without its view (issue 35, goal 2)', () => {
  it('a tap on Next before the chunk arrives is acknowledged, then answered: the track moves one item, Previous enabled; the view never loads', async () => {
    const { island, view, release, controller } = answeringPage(prerendered(), carousel, carouselBehaviour);
    button('Next').dispatchEvent(pointer('pointerdown', 10));
    button('Next').click();
    expect(island.getAttribute('aria-busy')).toBe('true');
    expect(shownYears()).toEqual(['1998', '2004', '2010']);
    release();
    await controller.settled();
    expect(island.dataset.island).toBe('answering');
    expect(island.hasAttribute('aria-busy')).toBe(false);
    expect(shownYears()).toEqual(['2004', '2010', '2016']);
    expect(section().getAttribute('style')).toBe(`--per-view:3;--first:1;--speed:${DEFAULT_TRANSITION_MS}ms`);
    expect(button('Previous').getAttribute('aria-disabled')).toBe('false');
    expect(items()[0]?.hasAttribute('inert')).toBe(true);
    expect(view).not.toHaveBeenCalled();
  });

  it('Next and Previous step by one, blocked while the track moves, and stop at the ends (loop once); the arrow keys and a 50 px swipe move; a mouse drag does not', async () => {
    const { view, clock, release, controller } = answeringPage(prerendered(), carousel, carouselBehaviour);
    release();
    await controller.settled();
    const settle = () => clock.advanceBy(DEFAULT_TRANSITION_MS);
    button('Next').click();
    button('Next').click();
    expect(shownYears()).toEqual(['2004', '2010', '2016']);
    for (let step = 0; step < 4; step++) {
      settle();
      button('Next').click();
    }
    expect(shownYears()).toEqual(['2019', '2021', '2025']);
    expect(button('Next').getAttribute('aria-disabled')).toBe('true');
    settle();
    button('Previous').click();
    expect(shownYears()).toEqual(['2016', '2019', '2021']);
    expect(button('Next').getAttribute('aria-disabled')).toBe('false');
    settle();
    const key = new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true, cancelable: true });
    button('Next').dispatchEvent(key);
    expect(key.defaultPrevented).toBe(true);
    expect(shownYears()).toEqual(['2010', '2016', '2019']);
    settle();
    button('Next').dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    expect(shownYears()).toEqual(['2016', '2019', '2021']);
    settle();
    track().dispatchEvent(pointer('pointerdown', 100));
    track().dispatchEvent(pointer('pointerup', 170));
    expect(shownYears()).toEqual(['2010', '2016', '2019']);
    settle();
    track().dispatchEvent(pointer('pointerdown', 200, 'mouse'));
    track().dispatchEvent(pointer('pointerup', 100, 'mouse'));
    track().dispatchEvent(pointer('pointerdown', 200));
    track().dispatchEvent(pointer('pointerup', 160));
    expect(shownYears()).toEqual(['2010', '2016', '2019']);
    track().dispatchEvent(pointer('pointerdown', 200));
    track().dispatchEvent(pointer('pointerup', 100));
    expect(shownYears()).toEqual(['2016', '2019', '2021']);
    expect(view).not.toHaveBeenCalled();
  });

  it('a timeline shows 1 on a small screen from the start, and follows the width as it changes (§9: 3, 2, 1)', async () => {
    const width = windowWidth(400);
    const { view, clock, release, controller } = answeringPage(prerendered(), carousel, carouselBehaviour);
    release();
    await controller.settled();
    expect(shownYears()).toEqual(['1998']);
    expect(section().getAttribute('style')).toBe(`--per-view:1;--first:0;--speed:${DEFAULT_TRANSITION_MS}ms`);
    button('Next').click();
    clock.advanceBy(DEFAULT_TRANSITION_MS);
    expect(shownYears()).toEqual(['2004']);
    width.resize(800);
    expect(shownYears()).toEqual(['2004', '2010']);
    width.resize(1280);
    expect(shownYears()).toEqual(['2004', '2010', '2016']);
    expect(section().getAttribute('style')).toBe(`--per-view:3;--first:1;--speed:${DEFAULT_TRANSITION_MS}ms`);
    controller.stop();
    expect(width.listeners.size).toBe(0);
    expect(view).not.toHaveBeenCalled();
  });

  it('a carousel that is not a timeline keeps 3 shown on any screen', async () => {
    windowWidth(400);
    const { release, controller } = answeringPage(prerendered({}), carousel, carouselBehaviour);
    release();
    await controller.settled();
    expect(shownYears()).toEqual(['1998', '2004', '2010']);
  });

  it('autoplay steps on its own and hover or focus holds it; a visitor who prefers reduced motion gets no move time', async () => {
    preferReducedMotion();
    const { view, clock, release, controller } = answeringPage(prerendered(LOOPING), carousel, carouselBehaviour);
    release();
    await controller.settled();
    expect(section().getAttribute('style')).toBe('--per-view:3;--first:0;--speed:0ms');
    clock.advanceBy(4000);
    expect(shownYears()).toEqual(['2004', '2010', '2016']);
    section().dispatchEvent(pointer('pointerenter', 10, 'mouse'));
    clock.advanceBy(8000);
    expect(shownYears()).toEqual(['2004', '2010', '2016']);
    section().dispatchEvent(pointer('pointerleave', 10, 'mouse'));
    button('Next').dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    clock.advanceBy(8000);
    expect(shownYears()).toEqual(['2004', '2010', '2016']);
    button('Next').dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: document.body }));
    clock.advanceBy(4000);
    expect(shownYears()).toEqual(['2010', '2016', '2019']);
    expect(view).not.toHaveBeenCalled();
  });

  it('the inspector’s hydrateBehaviours: the view hydrates over the position the behaviour drew, with no mismatch, and answers from then on', async () => {
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { island, view, clock, release, controller } = answeringPage(prerendered(), carousel, carouselBehaviour);
    release();
    await controller.settled();
    button('Next').click();
    clock.advanceBy(DEFAULT_TRANSITION_MS);
    await controller.hydrateBehaviours();
    expect(view).toHaveBeenCalledTimes(1);
    expect(island.dataset.island).toBe('hydrated');
    expect(shownYears()).toEqual(['2004', '2010', '2016']);
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
    button('Next').click();
    await vi.waitFor(() => expect(shownYears()).toEqual(['2010', '2016', '2019']));
  });
});
