// @vitest-environment jsdom
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { TAB_SWITCH_DELAY_MS, tabSectionMachine, type TabSectionEvent } from '../../machines/tab-section/tab-section.machine';
import { FLAG } from '../../runtime/device';
import { Island } from '../../runtime/render/Island';
import { createTestClock } from '../../runtime/test-clock';
import { answeringPage, cleanUpAnsweringPages, islandShape } from '../../tests/support/answering';
import tabSectionBehaviour, { drawTabSection } from './behaviour';
import type { TabSectionContent } from './tab-section.connect';
import tabSection from './widget';

const CONTENT: TabSectionContent = {
  label: 'Programmes',
  tabs: [
    { id: 'nursing', title: 'Specialist nursing' },
    { id: 'play', title: 'Play therapy', arrowBackground: '#7a2e8c', titleColor: '#7a2e8c' },
    { id: 'respite', title: 'Short breaks' },
    { id: 'bereavement', title: 'Bereavement care' },
  ],
  translations: { previousTab: 'Previous tab', nextTab: 'Next tab' },
};
const ids = CONTENT.tabs.map((tab) => tab.id);
// The third panel starts with a link: it is no tab stop itself (WAI-ARIA tabs).
const SLOTS = { nursing: '<p>Nurses at home.</p>', play: '<p>Play every day.</p>', respite: '<a href="/book/">Book a break</a>', bereavement: '<p>We stay.</p>' };
const SLOT_NODES = Object.fromEntries(Object.entries(SLOTS).map(([name, html]) => [name, <div key={name} dangerouslySetInnerHTML={{ __html: html }} />]));
const slotHtml = Object.fromEntries(Object.entries(SLOTS).map(([name, html]) => [name, `<div>${html}</div>`]));
/** The titles along the strip (970 px in all): a 450 px window hides some, a 1200 px one none. */
const TITLES = [
  { start: 0, width: 200 },
  { start: 200, width: 250 },
  { start: 450, width: 300 },
  { start: 750, width: 220 },
];
const HEIGHTS = [320, 540, 200, 410];

/** The section as the prerender writes it. */
const prerendered = (autoHeight = false) =>
  renderToString(<Island widget={tabSection} content={CONTENT} slots={SLOT_NODES} settings={autoHeight ? { autoHeight } : {}} hydrate="visible" />);

interface Scene {
  rtl?: boolean;
  mobile?: boolean;
  fragment?: string;
  autoHeight?: boolean;
  /** The strip's visible width, px. */
  window?: number;
  /** What the visitor did after the load and the measure. */
  steps?: TabSectionEvent[];
  /** How long after the last step. */
  ms?: number;
}

/** The machine after the load the page reported, the titles and panels measured, and the visitor's steps. */
function sceneActor({ rtl = false, mobile = false, fragment = '', autoHeight = false, window = 1200, steps = [], ms = 0 }: Scene) {
  const clock = createTestClock();
  const machine = tabSectionMachine.provide({ actions: { setFragment: () => undefined, measureLayout: () => undefined } });
  const actor = createActor(machine, { input: { ids, initial: 1, autoHeight }, clock }).start();
  actor.send({ type: 'page.load', fragment, rtl, mobile, firstContentFocusable: [false, false, true, false] });
  actor.send({ type: 'layout.measure', titles: TITLES, viewport: window, heights: HEIGHTS });
  for (const step of steps) actor.send(step);
  clock.advanceBy(ms);
  return actor;
}

/** What the view renders for the actor's state: the prerendered island with the view's markup for it. */
function viewOf(actor: ReturnType<typeof sceneActor>, autoHeight: boolean): string {
  const View = tabSection.View;
  const host = document.createElement('div');
  host.innerHTML = prerendered(autoHeight);
  const island = host.querySelector('[data-widget]') as HTMLElement;
  island.innerHTML = renderToString(<View actorRef={actor} settings={{ initial: 1, autoHeight }} content={CONTENT} slots={slotHtml} />);
  return host.innerHTML;
}

/** The prerendered island with the actor's state drawn on it by the behaviour. */
function drawn(actor: ReturnType<typeof sceneActor>, autoHeight: boolean): string {
  const host = document.createElement('div');
  host.innerHTML = prerendered(autoHeight);
  drawTabSection(host.querySelector('[data-widget]') as HTMLElement, actor.getSnapshot(), CONTENT);
  return host.innerHTML;
}

const textOf = (html: string) => new DOMParser().parseFromString(html, 'text/html').querySelector('[data-widget]')?.textContent;
const click = (index: number): TabSectionEvent => ({ type: 'tab.click', index });

cleanUpAnsweringPages();

describe('the tab section behaviour draws what the view renders (issue 35, goal 2)', () => {
  it.each<[string, Scene]>([
    ['the first tab, read at load (others inert, tab stops)', {}],
    ['the second tab (its colours on the arrows and its title)', { steps: [click(1)] }],
    ['the third tab, animated 600 ms later', { steps: [click(2)], ms: TAB_SWITCH_DELAY_MS }],
    ['the fourth tab, after the other three', { steps: [click(1), click(2), click(3)], ms: TAB_SWITCH_DELAY_MS }],
    ['arrows at the start of a narrow strip (next only)', { window: 450 }],
    ['arrows in the middle (both, the strip moved)', { window: 450, steps: [{ type: 'nav.next' }, { type: 'nav.next' }] }],
    ['arrows at the end (previous only)', { window: 450, steps: [click(3)] }],
    ['titles hidden on a narrow phone, after a swipe', { mobile: true, window: 300, steps: [{ type: 'touch.swipe', dx: -120 }], ms: TAB_SWITCH_DELAY_MS }],
    ['right to left, the third tab (strip and track the other way)', { rtl: true, window: 450, steps: [click(2)] }],
    ['auto-height at load (not drawn: the page below would move)', { autoHeight: true }],
    ['auto-height after the first switch', { autoHeight: true, steps: [click(1)] }],
    ['auto-height back on the first tab', { autoHeight: true, steps: [click(1), click(0)], ms: TAB_SWITCH_DELAY_MS }],
    ['a fragment on load naming the third tab', { fragment: '#respite', autoHeight: true }],
  ])('%s: the same tags, attributes and text as the view', (_name, scene) => {
    const actor = sceneActor(scene);
    const autoHeight = scene.autoHeight ?? false;
    const view = viewOf(actor, autoHeight);
    expect(islandShape(drawn(actor, autoHeight))).toEqual(islandShape(view));
    expect(textOf(drawn(actor, autoHeight))).toBe(textOf(view));
    expect(islandShape(drawn(actor, autoHeight))).not.toEqual(islandShape(prerendered(autoHeight)));
  });

  it('the auto-height shows from the first switch, not at load', () => {
    const height = (actor: ReturnType<typeof sceneActor>) =>
      new DOMParser().parseFromString(drawn(actor, true), 'text/html').querySelector('.sc-tab-section__viewport')?.getAttribute('style');
    expect(height(sceneActor({ autoHeight: true }))).toBeNull();
    expect(height(sceneActor({ autoHeight: true, steps: [click(1)] }))).toBe('height:540px;max-height:640px');
    expect(height(sceneActor({ autoHeight: true, steps: [click(1), click(0)] }))).toBe('height:320px;max-height:420px');
  });

  it('before the load is read the behaviour draws nothing new: the prerendered section as it is', () => {
    const actor = createActor(tabSectionMachine, { input: { ids, initial: 1, autoHeight: false } });
    const host = document.createElement('div');
    host.innerHTML = prerendered();
    drawTabSection(host.querySelector('[data-widget]') as HTMLElement, actor.getSnapshot(), CONTENT);
    expect(islandShape(host.innerHTML)).toEqual(islandShape(prerendered()));
  });
});

const tabs = () => [...document.querySelectorAll<HTMLElement>('.sc-tab-section [role="tab"]')];
const selected = () => tabs().findIndex((tab) => tab.getAttribute('aria-selected') === 'true');
const inert = () => [...document.querySelectorAll<HTMLElement>('.sc-tab-section [role="tabpanel"]')].map((panel) => panel.hasAttribute('inert'));
const track = () => document.querySelector<HTMLElement>('.sc-tab-section__track')?.getAttribute('style');
const arrow = (which: 'prev' | 'next') => document.querySelector<HTMLElement>(`.sc-tab-section__arrow--${which}`) as HTMLElement;
const viewport = () => document.querySelector<HTMLElement>('.sc-tab-section__viewport') as HTMLElement;
const key = (target: Element, name: string) => target.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true }));

/** A finger across the panels from x to x + dx (jsdom builds no Touch: the lists the view reads are given). */
function swipe(dx: number) {
  const touch = (type: string, list: 'touches' | 'changedTouches', clientX: number) => {
    const event = new Event(type, { bubbles: true });
    Object.defineProperty(event, 'touches', { value: list === 'touches' ? [{ clientX }] : [] });
    Object.defineProperty(event, 'changedTouches', { value: [{ clientX }] });
    viewport().querySelector('[role="tabpanel"]:not([inert])')?.dispatchEvent(event);
  };
  touch('touchstart', 'touches', 200);
  touch('touchend', 'changedTouches', 200 + dx);
}

describe('the tab section answers without its view (issue 35, goal 2)', () => {
  afterEach(() => {
    history.replaceState(null, '', '/');
    document.documentElement.classList.remove(FLAG.mobile);
    document.head.innerHTML = '';
  });

  it('a tap on a title before the chunk arrives is acknowledged, then opens its tab; arrows and keys move; the view never loads', async () => {
    const { island, view, release, controller } = answeringPage(prerendered(), tabSection, tabSectionBehaviour);
    const play = tabs()[1] as HTMLElement;
    play.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    play.click();
    expect(island.getAttribute('aria-busy')).toBe('true');
    expect(play.getAttribute('aria-selected')).toBe('false');
    release();
    await controller.settled();
    expect(island.dataset.island).toBe('answering');
    expect(island.getAttribute('aria-busy')).toBeNull();
    expect(selected()).toBe(1);
    expect(inert()).toEqual([true, false, true, true]);
    expect(track()).toBe('width:400%;transform:translateX(-25%)');
    expect(play.getAttribute('style')).toBe('--tab-title-color:#7a2e8c');
    expect(arrow('next').getAttribute('style')).toBe('background-color:#7a2e8c');
    expect(location.hash).toBe('#play');
    arrow('next').click();
    expect(selected()).toBe(2);
    expect(play.getAttribute('style')).toBeNull();
    arrow('prev').click();
    arrow('prev').click();
    expect(selected()).toBe(0);
    // The tab list's keys (WAI-ARIA tabs): focus and selection move together.
    tabs()[0]?.focus();
    key(tabs()[0] as HTMLElement, 'ArrowRight');
    expect([selected(), tabs().indexOf(document.activeElement as HTMLElement)]).toEqual([1, 1]);
    key(tabs()[1] as HTMLElement, 'End');
    expect([selected(), tabs().indexOf(document.activeElement as HTMLElement)]).toEqual([3, 3]);
    key(tabs()[3] as HTMLElement, 'Home');
    expect([selected(), tabs().map((tab) => tab.tabIndex)]).toEqual([0, [0, -1, -1, -1]]);
    expect(view).not.toHaveBeenCalled();
  });

  it('right to left on a phone: a swipe and an arrow key before the chunk arrives are kept, then go forward in the reading direction', async () => {
    document.head.innerHTML = '<style>[data-widget] { direction: rtl; }</style>';
    document.documentElement.classList.add(FLAG.mobile);
    const { island, view, release, controller } = answeringPage(prerendered(), tabSection, tabSectionBehaviour);
    // Rightwards is forward on a right-to-left page.
    swipe(120);
    release();
    await controller.settled();
    expect(island.dataset.island).toBe('answering');
    expect(selected()).toBe(1);
    expect(track()).toBe('width:400%;transform:translateX(25%)');
    tabs()[1]?.focus();
    key(tabs()[1] as HTMLElement, 'ArrowLeft');
    expect(selected()).toBe(2);
    expect(document.activeElement).toBe(tabs()[2]);
    swipe(-120);
    expect(selected()).toBe(1);
    // Shorter than §9's 50 px: nothing.
    swipe(30);
    expect(selected()).toBe(1);
    expect(view).not.toHaveBeenCalled();
  });

  it('auto-height: none at load, the active panel’s height from the first switch on, measured after the next frame', async () => {
    const heights = new Map(ids.map((id, index) => [id, HEIGHTS[index] ?? 0]));
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return heights.get(this.id) ?? 0;
    });
    const { view, clock, release, controller } = answeringPage(prerendered(true), tabSection, tabSectionBehaviour);
    release();
    await controller.settled();
    clock.advanceBy(TAB_SWITCH_DELAY_MS);
    expect(viewport().getAttribute('style')).toBeNull();
    tabs()[1]?.click();
    clock.advanceBy(20);
    expect(viewport().getAttribute('style')).toBe('height:540px;max-height:640px');
    tabs()[2]?.click();
    clock.advanceBy(20);
    expect(viewport().getAttribute('style')).toBe('height:200px;max-height:300px');
    expect(view).not.toHaveBeenCalled();
  });

  it('a fragment on load naming a tab opens it, without the view', async () => {
    history.replaceState(null, '', '/#bereavement');
    const { island, view, release, controller } = answeringPage(prerendered(), tabSection, tabSectionBehaviour);
    release();
    await controller.settled();
    expect(island.dataset.island).toBe('answering');
    expect(selected()).toBe(3);
    expect(inert()).toEqual([true, true, true, false]);
    expect(track()).toBe('width:400%;transform:translateX(-75%)');
    expect(location.hash).toBe('#bereavement');
    expect(view).not.toHaveBeenCalled();
  });
});
