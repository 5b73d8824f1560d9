// @vitest-environment jsdom
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { CHARACTER_MS, CLEAR_AFTER_MS, TYPE_AFTER_MS, textRotatorMachine, type RotatorAnimation, type TextRotatorEvent } from '../../machines/text-rotator/text-rotator.machine';
import { Island } from '../../runtime/render/Island';
import { createTestClock } from '../../runtime/test-clock';
import { answeringPage, cleanUpAnsweringPages, islandShape } from '../../tests/support/answering';
import textRotatorBehaviour, { drawTextRotator } from './behaviour';
import type { TextRotatorContent } from './TextRotator';
import textRotator from './widget';

const CONTENT: TextRotatorContent = { before: 'We are', lines: ['nurses', 'kind 💛', 'drivers'], after: 'for the children.' };
const ONE_LINE: TextRotatorContent = { ...CONTENT, lines: ['nurses'] };
const INTERVAL_MS = 4000;

const prerendered = (animation: RotatorAnimation, content = CONTENT) =>
  renderToString(<Island widget={textRotator} content={content} slots={{}} settings={{ animation, interval: INTERVAL_MS / 1000 }} hydrate="visible" />);

/** The machine `ms` after it started, with `events` sent first (the random character delay is 0). */
function after(animation: RotatorAnimation, ms: number, events: TextRotatorEvent[] = [], content = CONTENT) {
  const clock = createTestClock();
  const input = { lengths: content.lines.map((line) => [...line].length), animation, intervalMs: INTERVAL_MS, random: () => 0 };
  const actor = createActor(textRotatorMachine, { input, clock }).start();
  clock.advanceBy(ms);
  for (const event of events) actor.send(event);
  return actor;
}

/** What the view renders for the actor's state: the prerendered island with the view's markup for it. */
function viewOf(actor: ReturnType<typeof after>, animation: RotatorAnimation, content = CONTENT): string {
  const View = textRotator.View;
  const html = renderToString(<View actorRef={actor} settings={{ animation, interval: INTERVAL_MS / 1000 }} content={content} slots={{}} />);
  return prerendered(animation, content).replace(/<p class="text-rotator"[\s\S]*<\/p>/, html);
}

/** What a visitor reads in the island: its text, the hidden full sentence and the control's words included. */
const textOf = (html: string) => new DOMParser().parseFromString(html, 'text/html').querySelector('[data-widget]')?.textContent;

cleanUpAnsweringPages();
afterEach(() => vi.unstubAllGlobals());

const TYPED = TYPE_AFTER_MS + CHARACTER_MS * 2;

describe('the text rotator behaviour draws what the view renders (issue 35, goal 2)', () => {
  it.each([
    { name: 'slide, the next line', animation: 'slide', ms: INTERVAL_MS },
    { name: 'slide, two lines on', animation: 'slide', ms: INTERVAL_MS * 2 },
    { name: 'slide, paused by hover or focus', animation: 'slide', ms: INTERVAL_MS, events: [{ type: 'rotator.pause' }] },
    { name: 'slide, stopped by its button (Play)', animation: 'slide', ms: INTERVAL_MS, events: [{ type: 'rotator.stop' }] },
    { name: 'slide, in a hidden page', animation: 'slide', ms: INTERVAL_MS, events: [{ type: 'page.hide' }] },
    { name: 'fade, the next line', animation: 'fade', ms: INTERVAL_MS },
    { name: 'typewriter, the line marked', animation: 'typewriter', ms: INTERVAL_MS },
    { name: 'typewriter, the line cleared', animation: 'typewriter', ms: INTERVAL_MS + CLEAR_AFTER_MS },
    { name: 'typewriter, two characters typed', animation: 'typewriter', ms: INTERVAL_MS + TYPED },
    { name: 'typewriter, the next line typed whole', animation: 'typewriter', ms: INTERVAL_MS + TYPE_AFTER_MS + CHARACTER_MS * 10 },
    { name: 'typewriter, stopped while typing (the line whole, Play)', animation: 'typewriter', ms: INTERVAL_MS + TYPED, events: [{ type: 'rotator.stop' }] },
  ] as Array<{ name: string; animation: RotatorAnimation; ms: number; events?: TextRotatorEvent[] }>)('$name: the same elements, attributes and text as the view', ({ animation, ms, events }) => {
    const actor = after(animation, ms, events);
    const host = document.createElement('div');
    host.innerHTML = prerendered(animation);
    drawTextRotator(host.querySelector<HTMLElement>('[data-widget]') as HTMLElement, actor.getSnapshot(), CONTENT);
    const view = viewOf(actor, animation);
    expect(islandShape(host.innerHTML)).toEqual(islandShape(view));
    expect(textOf(host.innerHTML)).toBe(textOf(view));
    // The state shows something the prerendered markup does not (its attributes, or its text alone).
    expect([islandShape(host.innerHTML), textOf(host.innerHTML)]).not.toEqual([islandShape(prerendered(animation)), textOf(prerendered(animation))]);
  });

  it('one line: nothing rotates and the control stays hidden, as the view renders it', () => {
    const actor = after('slide', INTERVAL_MS, [], ONE_LINE);
    expect(actor.getSnapshot().value).toBe('inactive');
    const host = document.createElement('div');
    host.innerHTML = prerendered('slide', ONE_LINE);
    drawTextRotator(host.querySelector<HTMLElement>('[data-widget]') as HTMLElement, actor.getSnapshot(), ONE_LINE);
    expect(islandShape(host.innerHTML)).toEqual(islandShape(viewOf(actor, 'slide', ONE_LINE)));
    expect(textOf(host.innerHTML)).toBe(textOf(viewOf(actor, 'slide', ONE_LINE)));
    expect(host.querySelector<HTMLElement>('.text-rotator__control')?.hidden).toBe(true);
  });
});

const rotator = () => document.querySelector<HTMLElement>('.text-rotator') as HTMLElement;
const line = () => document.querySelector<HTMLElement>('.text-rotator__line') as HTMLElement;
const control = () => document.querySelector<HTMLButtonElement>('.text-rotator__control') as HTMLButtonElement;

describe('the text rotator answers without its view (issue 35, goal 2)', () => {
  it('a tap on Pause before the chunk arrives is acknowledged, then stops the line; Play moves it again; the view never loads', async () => {
    const { island, view, clock, release, controller } = answeringPage(prerendered('slide'), textRotator, textRotatorBehaviour);
    control().dispatchEvent(new Event('pointerdown', { bubbles: true }));
    control().click();
    expect(island.getAttribute('aria-busy')).toBe('true');
    release();
    await controller.settled();
    expect(island.dataset.island).toBe('answering');
    expect(island.hasAttribute('aria-busy')).toBe(false);
    expect([rotator().dataset.state, control().textContent, line().textContent]).toEqual(['stopped', 'Play the rotating words', 'nurses']);
    clock.advanceBy(INTERVAL_MS * 3);
    expect([rotator().dataset.state, line().textContent]).toEqual(['stopped', 'nurses']);
    control().click();
    expect([rotator().dataset.state, control().textContent]).toEqual(['showing', 'Pause the rotating words']);
    const first = line();
    clock.advanceBy(INTERVAL_MS);
    // A new line is a new element, so its CSS enter animation plays again (the view's `key`).
    expect([line().textContent, line().dataset.lineKey, first.isConnected]).toEqual(['kind 💛', '1', false]);
    expect(view).not.toHaveBeenCalled();
  });

  it('hovering or focusing the sentence holds the line; leaving it lets it move on', async () => {
    const { view, clock, release, controller } = answeringPage(prerendered('slide'), textRotator, textRotatorBehaviour);
    release();
    await controller.settled();
    rotator().dispatchEvent(new MouseEvent('mouseenter'));
    expect(rotator().dataset.state).toBe('paused');
    clock.advanceBy(INTERVAL_MS * 2);
    expect(line().textContent).toBe('nurses');
    rotator().dispatchEvent(new MouseEvent('mouseleave'));
    expect(rotator().dataset.state).toBe('showing');
    control().focus();
    expect(rotator().dataset.state).toBe('paused');
    clock.advanceBy(INTERVAL_MS * 2);
    expect(line().textContent).toBe('nurses');
    control().blur();
    clock.advanceBy(INTERVAL_MS);
    expect(line().textContent).toBe('kind 💛');
    expect(view).not.toHaveBeenCalled();
  });

  it('the typewriter marks, clears and types the next line on one element, character by character (the heart whole)', async () => {
    const { view, clock, release, controller } = answeringPage(prerendered('typewriter'), textRotator, textRotatorBehaviour);
    release();
    await controller.settled();
    const element = line();
    clock.advanceBy(INTERVAL_MS);
    expect([rotator().dataset.state, line().className]).toEqual(['marking', 'text-rotator__line is-marked']);
    clock.advanceBy(CLEAR_AFTER_MS);
    expect([rotator().dataset.state, line().className, line().textContent]).toEqual(['cleared', 'text-rotator__line', '']);
    clock.advanceBy(TYPE_AFTER_MS - CLEAR_AFTER_MS);
    const typed: string[] = [];
    while (rotator().dataset.state === 'typing') {
      typed.push(line().textContent ?? '');
      clock.advanceBy(1);
    }
    expect([...new Set(typed)]).toEqual(['', 'k', 'ki', 'kin', 'kind', 'kind ']);
    expect(line().textContent).toBe('kind 💛');
    expect(line()).toBe(element);
    expect(view).not.toHaveBeenCalled();
  });

  it('hydrateAll() brings the view, which hydrates over the state the behaviour drew (a new line, stopped): no mismatch, and it answers from there', async () => {
    const reported = vi.spyOn(console, 'error');
    // The runtime reports a mismatch React recovered from as a warning (runtime/mount.tsx).
    const warned = vi.spyOn(console, 'warn');
    const { clock, release, controller } = answeringPage(prerendered('slide'), textRotator, textRotatorBehaviour);
    release();
    await controller.settled();
    clock.advanceBy(INTERVAL_MS);
    control().click();
    expect([rotator().dataset.state, line().textContent, line().dataset.lineKey]).toEqual(['stopped', 'kind 💛', '1']);
    await controller.hydrateAll();
    const island = document.querySelector<HTMLElement>('[data-widget]') as HTMLElement;
    expect(island.dataset.island).toBe('hydrated');
    expect([rotator().dataset.state, line().textContent, control().textContent]).toEqual(['stopped', 'kind 💛', 'Play the rotating words']);
    control().click();
    await vi.waitFor(() => expect(control().textContent).toBe('Pause the rotating words'));
    clock.advanceBy(INTERVAL_MS);
    await vi.waitFor(() => expect([line().textContent, line().dataset.lineKey]).toEqual(['drivers', '2']));
    expect(reported).not.toHaveBeenCalled();
    expect(warned).not.toHaveBeenCalled();
  });

  it('under reduced motion the typewriter changes lines whole, nothing typed', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)' }));
    const { view, clock, release, controller } = answeringPage(prerendered('typewriter'), textRotator, textRotatorBehaviour);
    release();
    await controller.settled();
    clock.advanceBy(INTERVAL_MS);
    expect([rotator().dataset.state, line().textContent]).toEqual(['showing', 'kind 💛']);
    expect(view).not.toHaveBeenCalled();
  });
});
