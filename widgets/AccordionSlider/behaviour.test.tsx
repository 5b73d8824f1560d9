// @vitest-environment jsdom
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { sliderMachine } from '../../machines/slider/slider.machine';
import { FLAG } from '../../runtime/device';
import { Island } from '../../runtime/render/Island';
import { createTestClock } from '../../runtime/test-clock';
import { answeringPage, cleanUpAnsweringPages, islandShape, islandText } from '../../tests/support/answering';
import type { AccordionSliderContent } from './AccordionSlider';
import accordionBehaviour, { drawAccordionSlider } from './behaviour';
import accordionSlider from './widget';

const image = (name: string) => ({ src: `/images/${name}.svg`, alt: name, width: 800, height: 600 });
const CONTENT: AccordionSliderContent = {
  label: 'Places we care for children',
  panels: [
    { title: 'The Harbour Room', text: 'Our day centre.', image: image('day-centre') },
    { title: 'The garden', text: 'A quiet place.', image: image('garden') },
    { title: 'The reading corner', text: 'Picture books.', image: image('library') },
    { title: 'At home', text: 'In the family’s own home.', image: image('nurse-visit') },
  ],
};
/** The gallery page's settings (demo/content/pages/gallery.md): autoplay once, every 5 s. */
const GALLERY = { autoplay: true, loop_autoplay: 'once' };
const INTERVAL_MS = 5000;

const prerendered = () => renderToString(<Island widget={accordionSlider} content={CONTENT} slots={{}} settings={GALLERY} hydrate="visible" />);

/** The machine as the behaviour runs it, started, after the visitor opened panel `index` (0-based). */
function opened(index: number) {
  const actor = createActor(sliderMachine, { input: accordionBehaviour.input({ autoplay: true, interval: 5, loop_autoplay: 'once' }, CONTENT, { clock: createTestClock(), random: Math.random, warn: () => undefined }), clock: createTestClock() }).start();
  actor.send({ type: 'nav.goto', position: index + 1 });
  return actor;
}

/** What the view renders for the actor's state: the prerendered island with the view's markup for it. */
function viewOf(actor: ReturnType<typeof opened>): string {
  const View = accordionSlider.View;
  const html = renderToString(<View actorRef={actor} settings={accordionSliderDefaults} content={CONTENT} slots={{}} />);
  const markup = /<div class="accordion-slider"[\s\S]*<\/section><\/div>/;
  const island = prerendered();
  if (!markup.test(island)) throw new Error('the view’s markup was not found in the island');
  return island.replace(markup, html);
}
const accordionSliderDefaults = accordionSlider.settings.defaults();

cleanUpAnsweringPages();

const panels = () => [...document.querySelectorAll<HTMLElement>('.accordion-slider__panel')];
const openPanel = () => panels().flatMap((panel, index) => (panel.classList.contains('is-open') ? [index] : []));
const expanded = () => [...document.querySelectorAll('.accordion-slider__title button')].map((button) => button.getAttribute('aria-expanded'));
const textsShown = () => [...document.querySelectorAll<HTMLElement>('.accordion-slider__text')].map((text) => !text.hidden);
const button = (index: number) => document.querySelectorAll<HTMLElement>('.accordion-slider__title button')[index] as HTMLElement;

/** A pointer event as the browser sends it (jsdom has no PointerEvent); `pointerenter` does not bubble. */
function pointer(type: string, pointerType = 'mouse') {
  const event = new MouseEvent(type, { bubbles: type !== 'pointerenter' && type !== 'pointerleave' });
  Object.defineProperty(event, 'pointerType', { value: pointerType });
  return event;
}

describe('the accordion slider behaviour draws what the view renders (issue 35, goal 2)', () => {
  it.each([0, 1, 2, 3])('with panel %i open: the same panels, headers, texts and pictures as the view', (index) => {
    const actor = opened(index);
    const host = document.createElement('div');
    host.innerHTML = prerendered();
    drawAccordionSlider(host.querySelector<HTMLElement>('[data-widget]') as HTMLElement, actor.getSnapshot(), CONTENT);
    const view = viewOf(actor);
    expect(islandShape(host.innerHTML)).toEqual(islandShape(view));
    expect(islandText(host.innerHTML)).toBe(islandText(view));
    if (index > 0) expect(islandShape(host.innerHTML)).not.toEqual(islandShape(prerendered()));
    actor.stop();
  });

  it('before the slider has started (its first snapshot): the prerendered markup as it is', () => {
    const actor = createActor(sliderMachine, { input: accordionBehaviour.input({ autoplay: true, interval: 5, loop_autoplay: 'once' }, CONTENT, { clock: createTestClock(), random: Math.random, warn: () => undefined }) });
    const host = document.createElement('div');
    host.innerHTML = prerendered();
    const changes = new MutationObserver(() => undefined);
    changes.observe(host, { attributes: true, childList: true, subtree: true, characterData: true });
    drawAccordionSlider(host.querySelector<HTMLElement>('[data-widget]') as HTMLElement, actor.getSnapshot(), CONTENT);
    // An unchanged state touches nothing (drawProps writes only what differs).
    expect(changes.takeRecords()).toEqual([]);
    expect(islandShape(host.innerHTML)).toEqual(islandShape(prerendered()));
  });
});

describe('the accordion slider answers without its view (issue 35, goal 2)', () => {
  it('a tap on a panel before the chunk arrives is acknowledged, then opens it; a tap on another header opens that one; the view never loads', async () => {
    document.documentElement.classList.add(FLAG.mobile, FLAG.touch);
    try {
      const { island, view, clock, release, controller } = answeringPage(prerendered(), accordionSlider, accordionBehaviour);
      const picture = panels()[2]?.querySelector('img') as HTMLElement;
      picture.dispatchEvent(pointer('pointerdown', 'touch'));
      picture.click();
      expect(island.getAttribute('aria-busy')).toBe('true');
      expect(openPanel()).toEqual([0]);
      release();
      await controller.settled();
      expect(island.dataset.island).toBe('answering');
      expect(island.hasAttribute('aria-busy')).toBe(false);
      expect(openPanel()).toEqual([2]);
      expect(expanded()).toEqual(['false', 'false', 'true', 'false']);
      expect(textsShown()).toEqual([false, false, true, false]);
      // The move's (0 ms) transition ends before the next tap.
      clock.advanceBy(0);
      // On a phone the pointer entering a panel (a tap's) opens nothing; the tap's click does.
      panels()[3]?.dispatchEvent(pointer('pointerenter', 'touch'));
      expect(openPanel()).toEqual([2]);
      button(3).click();
      expect(openPanel()).toEqual([3]);
      expect(expanded()).toEqual(['false', 'false', 'false', 'true']);
      expect(view).not.toHaveBeenCalled();
    } finally {
      document.documentElement.classList.remove(FLAG.mobile, FLAG.touch);
    }
  });

  it('on a desktop the open panel follows the pointer, and the arrow keys move it; the view never loads', async () => {
    document.documentElement.classList.add(FLAG.desktop);
    try {
      const { island, view, clock, release, controller } = answeringPage(prerendered(), accordionSlider, accordionBehaviour);
      release();
      await controller.settled();
      expect(island.dataset.island).toBe('answering');
      panels()[1]?.dispatchEvent(pointer('pointerenter'));
      expect(openPanel()).toEqual([1]);
      clock.advanceBy(0);
      panels()[3]?.dispatchEvent(pointer('pointerenter'));
      expect(openPanel()).toEqual([3]);
      clock.advanceBy(0);
      button(0).focus();
      button(0).dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, cancelable: true }));
      // Moves are manual ones (loopManual once): from the last panel there is no next.
      expect(openPanel()).toEqual([3]);
      clock.advanceBy(0);
      button(0).dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true, cancelable: true }));
      expect(openPanel()).toEqual([2]);
      clock.advanceBy(0);
      button(0).click();
      expect(openPanel()).toEqual([0]);
      expect(textsShown()).toEqual([true, false, false, false]);
      expect(view).not.toHaveBeenCalled();
    } finally {
      document.documentElement.classList.remove(FLAG.desktop);
    }
  });

  it('autoplays on the runtime’s clock every 5 s, once, stopping on the last panel; the pointer over it holds it; the view never loads', async () => {
    const { view, clock, release, controller } = answeringPage(prerendered(), accordionSlider, accordionBehaviour);
    release();
    await controller.settled();
    clock.advanceBy(INTERVAL_MS - 1);
    expect(openPanel()).toEqual([0]);
    clock.advanceBy(1);
    expect(openPanel()).toEqual([1]);
    const root = document.querySelector('.accordion-slider') as HTMLElement;
    root.dispatchEvent(pointer('pointerenter'));
    clock.advanceBy(INTERVAL_MS * 3);
    expect(openPanel()).toEqual([1]);
    root.dispatchEvent(pointer('pointerleave'));
    clock.advanceBy(INTERVAL_MS * 2);
    expect(openPanel()).toEqual([3]);
    clock.advanceBy(INTERVAL_MS * 10);
    expect(openPanel()).toEqual([3]);
    expect(expanded()).toEqual(['false', 'false', 'false', 'true']);
    expect(view).not.toHaveBeenCalled();
  });
});
