// @vitest-environment jsdom
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { sliderMachine, type SliderContext, type StripLayout } from '../../machines/slider/slider.machine';
import { DEFAULT_TRANSITION_MS } from '../../machines/slider/slider.rules';
import { Island } from '../../runtime/render/Island';
import { answeringPage, cleanUpAnsweringPages, islandShape, islandText } from '../../tests/support/answering';
import horizontalGalleryBehaviour, { drawHorizontalGallery } from './behaviour';
import type { HorizontalGalleryContent } from './HorizontalGallery';
import { centredOffset } from './horizontal-gallery.connect';
import { measureStrip, watchStrip } from './horizontal-gallery.dom';
import { horizontalGallerySettings } from './horizontal-gallery.settings';
import gallery from './widget';

const CAPTIONS = ['January', 'February', 'March', 'April', 'May', 'June'];
const CONTENT: HorizontalGalleryContent = {
  label: 'Pictures through the year',
  items: CAPTIONS.map((caption) => ({ image: { src: `/images/${caption}.jpg`, alt: caption, width: 1600, height: 900 }, caption })),
};
const ARABIC: HorizontalGalleryContent = { ...CONTENT, translations: { carousel: 'معرض صور', previous: 'السابق', next: 'التالي' } };
const LAST = CAPTIONS.length - 1;

/** A strip as a 1440 px page lays it out: 256 px items 12 px apart in a 600 px viewport. */
const ITEM_WIDTH = 256;
const GAP = 12;
const VIEWPORT = 600;
const LAYOUT: StripLayout = {
  viewport: VIEWPORT,
  strip: CAPTIONS.length * (ITEM_WIDTH + GAP) - GAP,
  items: CAPTIONS.map((_, index) => ({ left: index * (ITEM_WIDTH + GAP), width: ITEM_WIDTH })),
};

type Settings = Record<string, string | number | boolean>;
const ONCE: Settings = { initial: '' };
const prerendered = (settings: Settings = ONCE, content = CONTENT) =>
  renderToString(<Island widget={gallery} content={content} settings={settings} hydrate="visible" />);

/** The machine running (nothing animating, autoplay off, as on /gallery/) with the context a state carries. */
function snapshotIn(settings: Settings, context: Partial<SliderContext>) {
  const island = document.createElement('div');
  island.innerHTML = prerendered(settings);
  const parsed = horizontalGallerySettings.parse((island.querySelector('[data-widget]') as HTMLElement).dataset);
  const input = gallery.input(parsed, CONTENT, { clock: undefined as never, random: Math.random, warn: () => undefined });
  const initial = createActor(sliderMachine, { input }).getSnapshot().context;
  return sliderMachine.resolveState({ value: { running: { motion: 'idle', autoplay: 'stopped', video: 'idle' } }, context: { ...initial, ...context } });
}

/** The prerendered island for `settings` with `drawHorizontalGallery` applied for `snapshot`, and the view rendered for it in the same island. */
function drawnAndView(settings: Settings, snapshot: ReturnType<typeof snapshotIn>, content = CONTENT) {
  const before = document.createElement('div');
  before.innerHTML = prerendered(settings, content);
  const drawn = before.cloneNode(true) as HTMLElement;
  const island = drawn.querySelector<HTMLElement>('[data-widget]') as HTMLElement;
  drawHorizontalGallery(island, snapshot, content);
  const viewed = drawn.cloneNode(true) as HTMLElement;
  const View = gallery.View;
  (viewed.querySelector('[data-widget]') as HTMLElement).innerHTML = renderToString(
    <View actorRef={createActor(sliderMachine, { snapshot, input: undefined as never })} settings={horizontalGallerySettings.parse(island.dataset)} content={content} slots={{}} />,
    { identifierPrefix: island.dataset.islandId },
  );
  return { before: before.innerHTML, drawn: drawn.innerHTML, viewed: viewed.innerHTML };
}

cleanUpAnsweringPages();

describe('the horizontal gallery behaviour draws what the view renders (issue 35, goal 2)', () => {
  const states: Array<[string, Settings, Partial<SliderContext>, HorizontalGalleryContent?]> = [
    ['the first item active, measured: the previous arrow hidden, the strip at its start', ONCE, { current: 0, layout: LAYOUT }],
    ['the first item active, not yet measured: the strip as prerendered', ONCE, { current: 0 }],
    ['a middle item active: both arrows, the strip slid to centre it', ONCE, { current: 2, previous: 1, layout: LAYOUT }],
    ['the last item active: the next arrow hidden, the strip clamped at its end', ONCE, { current: LAST, previous: LAST - 1, layout: LAYOUT }],
    ['nothing active, measured: the strip at its start', ONCE, { layout: LAYOUT }],
    ['looping endlessly at the last item: both arrows shown', { initial: '', loop_manual: 'endless' }, { current: LAST, layout: LAYOUT }],
    ['on a page in Arabic, the second item active: the labels in Arabic', ONCE, { current: 1, layout: LAYOUT }, ARABIC],
  ];

  it.each(states)('%s', (_name, settings, context, content = CONTENT) => {
    const { before, drawn, viewed } = drawnAndView(settings, snapshotIn(settings, context), content);
    expect(islandShape(drawn)).toEqual(islandShape(viewed));
    expect(islandText(drawn)).toBe(islandText(viewed));
    if (context.current !== undefined || context.layout) expect(islandShape(drawn)).not.toEqual(islandShape(before));
  });

  it('nothing active and not measured: what the prerender wrote', () => {
    const { before, drawn, viewed } = drawnAndView(ONCE, snapshotIn(ONCE, {}));
    expect(islandShape(drawn)).toEqual(islandShape(viewed));
    expect(islandShape(drawn)).toEqual(islandShape(before));
  });

  it('the active item is centred, clamped to the strip’s ends', () => {
    expect(centredOffset(LAYOUT, null)).toBe(0);
    expect(centredOffset(LAYOUT, 0)).toBe(0);
    expect(centredOffset(LAYOUT, 2)).toBe(2 * 268 + 128 - 300);
    expect(centredOffset(LAYOUT, LAST)).toBe(LAYOUT.strip - VIEWPORT);
    expect(centredOffset({ viewport: 2000, strip: 1000, items: LAYOUT.items }, 3)).toBe(0);
    const strip = (context: Partial<SliderContext>) => {
      const host = document.createElement('div');
      host.innerHTML = drawnAndView(ONCE, snapshotIn(ONCE, context)).drawn;
      return host.querySelector('ul')?.getAttribute('style');
    };
    expect(strip({ current: 2, layout: LAYOUT })).toBe('transform:translateX(-364px)');
    expect(strip({ current: 0, layout: LAYOUT })).toBe('transform:translateX(0px)');
  });
});

/** Lays out the page's strip as a browser would (jsdom lays out nothing): the section's prev arrow puts the strip 50 px in, slid by its transform. */
function layOutStrip(viewportWidth = VIEWPORT) {
  const STRIP_LEFT = 50;
  const slide = (strip: Element | null) => Number(/translateX\((-?[\d.]+)px\)/.exec(strip?.getAttribute('style') ?? '')?.[1] ?? 0);
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const strip = this.closest('.horizontal-gallery__strip');
    const index = this.matches('.horizontal-gallery__item') && this.parentElement ? [...this.parentElement.children].indexOf(this) : 0;
    const left = strip ? STRIP_LEFT + slide(strip) + index * (ITEM_WIDTH + GAP) : 0;
    return { left, x: left, top: 0, y: 0, right: left, bottom: 0, width: 0, height: 0, toJSON: () => ({}) };
  });
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.matches('.horizontal-gallery__item') ? ITEM_WIDTH : 0;
  });
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockImplementation(function (this: Element) {
    return this.matches('.horizontal-gallery__viewport') ? viewportWidth : 0;
  });
  vi.spyOn(Element.prototype, 'scrollWidth', 'get').mockImplementation(function (this: Element) {
    return this.matches('.horizontal-gallery__strip') ? LAYOUT.strip : 0;
  });
}

describe('the strip’s measures reach the machine as events', () => {
  it('measured from the strip’s start, slid or not; sent on start and only when they change', () => {
    document.body.innerHTML = prerendered();
    layOutStrip();
    const viewport = document.querySelector<HTMLElement>('.horizontal-gallery__viewport') as HTMLElement;
    const strip = document.querySelector<HTMLElement>('.horizontal-gallery__strip') as HTMLElement;
    expect(measureStrip(viewport, strip)).toEqual(LAYOUT);
    // Slid, the strip measures the same (its items' boxes slide with it).
    strip.setAttribute('style', 'transform:translateX(-364px)');
    expect(measureStrip(viewport, strip)).toEqual(LAYOUT);
    strip.removeAttribute('style');
    const actor = createActor(sliderMachine, { input: { count: CAPTIONS.length, initial: null, autoplay: false, intervalMs: 5000, loopAutoplay: 'once', loopManual: 'once', transitionMs: 0, manualStopsAutoplay: false } }).start();
    const sent = vi.spyOn(actor, 'send');
    const stop = watchStrip(viewport, strip, actor);
    expect(sent.mock.calls).toEqual([[{ type: 'view.measure', layout: LAYOUT }]]);
    expect(actor.getSnapshot().context.layout).toEqual(LAYOUT);
    stop();
    watchStrip(viewport, strip, actor)();
    expect(sent).toHaveBeenCalledTimes(1);
    actor.stop();
  });
});

const items = () => [...document.querySelectorAll<HTMLElement>('.horizontal-gallery__item')];
const active = () => items().findIndex((item) => item.getAttribute('aria-current') === 'true');
const arrow = (name: string) => document.querySelector<HTMLElement>(`.horizontal-gallery button[aria-label="${name}"]`) as HTMLElement;
const section = () => document.querySelector<HTMLElement>('.horizontal-gallery') as HTMLElement;
const slid = () => document.querySelector('.horizontal-gallery__strip')?.getAttribute('style');

/** A touch (or mouse) pointer event as the browser sends it (jsdom has no PointerEvent). */
function pointer(type: string, x: number, pointerType = 'touch') {
  const event = new MouseEvent(type, { bubbles: true, clientX: x, clientY: 200 });
  Object.defineProperty(event, 'pointerType', { value: pointerType });
  return event;
}

const key = (name: string) => new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true });

describe('the horizontal gallery answers without its view (issue 35, goal 2)', () => {
  it('a tap on Next before the chunk arrives is acknowledged, then answered: the first item active and centred, the previous arrow hidden; the view never loads', async () => {
    const { island, view, release, controller } = answeringPage(prerendered(), gallery, horizontalGalleryBehaviour);
    layOutStrip();
    arrow('Next').dispatchEvent(pointer('pointerdown', 10));
    arrow('Next').click();
    expect(island.getAttribute('aria-busy')).toBe('true');
    expect(active()).toBe(-1);
    release();
    await controller.settled();
    expect(island.dataset.island).toBe('answering');
    expect(island.hasAttribute('aria-busy')).toBe(false);
    expect(active()).toBe(0);
    expect(items()[0]?.className).toBe('horizontal-gallery__item is-active');
    expect(arrow('Previous').hidden).toBe(true);
    expect(arrow('Next').hidden).toBe(false);
    expect(slid()).toBe('transform:translateX(0px)');
    expect(view).not.toHaveBeenCalled();
  });

  it('the arrows, the arrow keys and a swipe move it; the strip centres the active item; the arrows hide at the ends', async () => {
    const { view, clock, release, controller } = answeringPage(prerendered(), gallery, horizontalGalleryBehaviour);
    layOutStrip();
    release();
    await controller.settled();
    expect(slid()).toBe('transform:translateX(0px)');
    arrow('Next').click();
    clock.advanceBy(DEFAULT_TRANSITION_MS);
    arrow('Next').click();
    expect(active()).toBe(1);
    expect(arrow('Previous').hidden).toBe(false);
    expect(slid()).toBe(`transform:translateX(-${268 + 128 - 300}px)`);
    clock.advanceBy(DEFAULT_TRANSITION_MS);
    // The arrow keys while focus is inside (slider-input.ts), as the view's onKeyDown.
    const right = key('ArrowRight');
    arrow('Next').dispatchEvent(right);
    expect(right.defaultPrevented).toBe(true);
    expect(active()).toBe(2);
    expect(slid()).toBe(`transform:translateX(-${2 * 268 + 128 - 300}px)`);
    clock.advanceBy(DEFAULT_TRANSITION_MS);
    // A 50 px swipe to the left by touch goes next; a mouse drag does not.
    section().dispatchEvent(pointer('pointerdown', 300));
    section().dispatchEvent(pointer('pointerup', 200));
    expect(active()).toBe(3);
    clock.advanceBy(DEFAULT_TRANSITION_MS);
    section().dispatchEvent(pointer('pointerdown', 300, 'mouse'));
    section().dispatchEvent(pointer('pointerup', 200, 'mouse'));
    expect(active()).toBe(3);
    for (let step = 3; step < LAST; step++) {
      arrow('Next').click();
      clock.advanceBy(DEFAULT_TRANSITION_MS);
    }
    expect(active()).toBe(LAST);
    expect(arrow('Next').hidden).toBe(true);
    expect(slid()).toBe(`transform:translateX(-${LAYOUT.strip - VIEWPORT}px)`);
    arrow('Previous').dispatchEvent(key('ArrowLeft'));
    expect(active()).toBe(LAST - 1);
    expect(arrow('Next').hidden).toBe(false);
    expect(view).not.toHaveBeenCalled();
  });

  it('a tap during the move’s 900 ms is not taken (§4 animating flag), as in the view', async () => {
    const { clock, release, controller } = answeringPage(prerendered(), gallery, horizontalGalleryBehaviour);
    release();
    await controller.settled();
    arrow('Next').click();
    arrow('Next').click();
    expect(active()).toBe(0);
    clock.advanceBy(DEFAULT_TRANSITION_MS);
    arrow('Next').click();
    expect(active()).toBe(1);
  });

  it('the inspector’s hydrateBehaviours: the view hydrates over the item and slide the behaviour drew, with no mismatch, and answers from then on', async () => {
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { island, view, clock, release, controller } = answeringPage(prerendered(), gallery, horizontalGalleryBehaviour);
    layOutStrip();
    release();
    await controller.settled();
    arrow('Next').click();
    clock.advanceBy(DEFAULT_TRANSITION_MS);
    arrow('Next').click();
    clock.advanceBy(DEFAULT_TRANSITION_MS);
    arrow('Next').click();
    expect(slid()).toBe(`transform:translateX(-${2 * 268 + 128 - 300}px)`);
    await controller.hydrateBehaviours();
    expect(view).toHaveBeenCalledTimes(1);
    expect(island.dataset.island).toBe('hydrated');
    expect(active()).toBe(2);
    expect(slid()).toBe(`transform:translateX(-${2 * 268 + 128 - 300}px)`);
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
    clock.advanceBy(DEFAULT_TRANSITION_MS);
    arrow('Next').click();
    await vi.waitFor(() => expect(active()).toBe(3));
    // React on the client writes the style property (its text spaced as the browser serialises it).
    expect(document.querySelector<HTMLElement>('.horizontal-gallery__strip')?.style.transform).toBe(`translateX(-${3 * 268 + 128 - 300}px)`);
  });
});
