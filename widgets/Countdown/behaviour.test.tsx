// @vitest-environment jsdom
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { countdownMachine, TICK_MS } from '../../machines/countdown/countdown.machine';
import { Island } from '../../runtime/render/Island';
import { createTestClock } from '../../runtime/test-clock';
import { answeringPage, cleanUpAnsweringPages, islandShape, islandText } from '../../tests/support/answering';
import countdownBehaviour, { drawCountdown } from './behaviour';
import type { CountdownContent } from './countdown.connect';
import countdown from './widget';

/** Midnight UTC on 1 January 2027 (§3: month 0 in the markup is January), counted in hours, minutes and seconds. */
const SETTINGS = { year: '2027', month: '0', day: '1', hour: '0', minute: '0', timezone: '0', minimum: '1', maximum: '3' };
const TARGET = Date.UTC(2027, 0, 1);
/** 1 hour, 1 minute and 2 seconds before it. */
const NOW = TARGET - 3_600_000 - 60_000 - 2_000;
const LEFT_MS = TARGET - NOW;
const CONTENT: CountdownContent = {
  label: 'Time until the Lantern Walk',
  when: 'Friday 1 January 2027 at midnight',
  ended: 'The Lantern Walk has begun.',
  // The page's language for two of the labels (the prerender lays the site's table over the English defaults).
  translations: { hour: 'ساعة', hours: 'ساعات' },
};

const prerendered = () => renderToString(<Island widget={countdown} content={CONTENT} slots={{}} settings={SETTINGS} hydrate="visible" />);

/** The countdown `ms` after it started (never started: `undefined`), on a test clock at NOW. */
function started(ms: number | undefined) {
  const clock = createTestClock(NOW);
  const actor = createActor(countdownMachine, { input: countdown.input(countdown.settings.parse(SETTINGS), CONTENT, { clock, random: () => 0, warn: () => undefined }), clock }).start();
  if (ms !== undefined) {
    actor.send({ type: 'countdown.start' });
    clock.advanceBy(ms);
  }
  return actor;
}

/** What the view renders for the actor's state: the prerendered island with the view's markup for it. */
function viewOf(actor: ReturnType<typeof started>): string {
  const View = countdown.View;
  const html = renderToString(<View actorRef={actor} settings={countdown.settings.parse(SETTINGS)} content={CONTENT} slots={{}} />);
  return prerendered().replace(/<div class="countdown"[\s\S]*<\/div>(?=<\/div>)/, html);
}

cleanUpAnsweringPages();

const units = () => [...document.querySelectorAll('.countdown__unit')].map((unit) => unit.textContent).join(' ');
const timer = () => document.querySelector<HTMLElement>('[role="timer"]');
const endedText = () => document.querySelector('.countdown__ended')?.textContent;

describe('the countdown behaviour draws what the view renders (issue 35, goal 2)', () => {
  it.each([
    { name: 'before it starts', ms: undefined, text: '0 ساعات 0 Minutes 0 Seconds' },
    { name: 'running', ms: 0, text: '1 ساعة 1 Minute 2 Seconds' },
    { name: 'running, 2 s later', ms: 2 * TICK_MS, text: '1 ساعة 1 Minute 0 Seconds' },
    { name: 'ended', ms: LEFT_MS, text: '0 ساعات 0 Minutes 0 Seconds The Lantern Walk has begun.' },
  ])('$name: the same timer, numbers, unit names and ended text as the view', ({ ms, text }) => {
    const actor = started(ms);
    const host = document.createElement('div');
    host.innerHTML = prerendered();
    drawCountdown(host.querySelector<HTMLElement>('[data-widget]') as HTMLElement, actor.getSnapshot(), CONTENT);
    expect(islandShape(host.innerHTML)).toEqual(islandShape(viewOf(actor)));
    expect(islandText(host.innerHTML)).toBe(islandText(viewOf(actor)));
    expect([...host.querySelectorAll('.countdown__unit, .countdown__ended')].map((element) => element.textContent).join(' ')).toBe(text);
    if (ms !== undefined) expect(islandShape(host.innerHTML)).not.toEqual(islandShape(prerendered()));
  });

  it('an ended countdown drawn back as running (the inspector’s timeline) loses its ended text', () => {
    const host = document.createElement('div');
    host.innerHTML = prerendered();
    const island = host.querySelector<HTMLElement>('[data-widget]') as HTMLElement;
    drawCountdown(island, started(LEFT_MS).getSnapshot(), CONTENT);
    drawCountdown(island, started(0).getSnapshot(), CONTENT);
    expect(islandShape(host.innerHTML)).toEqual(islandShape(viewOf(started(0))));
    expect(host.querySelector('.countdown__ended')).toBeNull();
  });
});

describe('the countdown ticks without its view (issue 35, goal 2)', () => {
  it('a tap before its chunk arrives is acknowledged; then it shows the time left in the page’s language, ticks every second of the clock and ends; the view never loads', async () => {
    const { island, view, clock, release, controller } = answeringPage(prerendered(), countdown, countdownBehaviour, NOW);
    expect(timer()?.hidden).toBe(true);
    document.querySelector<HTMLElement>('.countdown__when')?.click();
    expect(island.getAttribute('aria-busy')).toBe('true');
    release();
    await controller.settled();
    expect(island.dataset.island).toBe('answering');
    expect(island.hasAttribute('aria-busy')).toBe(false);
    expect(timer()?.hidden).toBe(false);
    expect(timer()?.getAttribute('aria-label')).toBe('Time until the Lantern Walk');
    expect(units()).toBe('1 ساعة 1 Minute 2 Seconds');
    clock.advanceBy(TICK_MS);
    expect(units()).toBe('1 ساعة 1 Minute 1 Second');
    clock.advanceBy(LEFT_MS - TICK_MS);
    expect(document.querySelector<HTMLElement>('.countdown')?.dataset.state).toBe('ended');
    expect(timer()?.hidden).toBe(true);
    expect(endedText()).toBe('The Lantern Walk has begun.');
    expect(clock.pending()).toBe(0);
    expect(view).not.toHaveBeenCalled();
  });

  it('past its end when it starts, it shows the ended text at once', async () => {
    const { island, view, release, controller } = answeringPage(prerendered(), countdown, countdownBehaviour, TARGET + 1);
    release();
    await controller.settled();
    expect(island.dataset.island).toBe('answering');
    expect(timer()?.hidden).toBe(true);
    expect(endedText()).toBe('The Lantern Walk has begun.');
    expect(view).not.toHaveBeenCalled();
  });
});
