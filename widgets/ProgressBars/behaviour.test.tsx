// @vitest-environment jsdom
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { PROGRESS_BAR_STAGGER_MS, progressBarsMachine } from '../../machines/progress-bars/progress-bars.machine';
import { Island } from '../../runtime/render/Island';
import { createTestClock } from '../../runtime/test-clock';
import { StubIntersectionObserver } from '../../tests/support/intersection-observer';
import { answeringPage, cleanUpAnsweringPages, islandShape, islandText, preferReducedMotion } from '../../tests/support/answering';
import progressBarsBehaviour, { drawProgressBars } from './behaviour';
import progressBars from './widget';

const CONTENT = {
  bars: [
    { label: 'Raised for the new van', value: 82, valueText: '£8,200 of £10,000' },
    { label: 'Volunteers trained', value: 130, valueText: 'All 40' },
    { label: 'Nights covered', value: -5, valueText: 'None yet' },
  ],
};
const count = CONTENT.bars.length;

const prerendered = () => renderToString(<Island widget={progressBars} content={CONTENT} slots={{}} settings={{}} hydrate="visible" />);

/** The bars `ms` after their waypoint (never seen: `undefined`; `null`: seen, before the clock has moved), on the test clock. */
function seen(ms: number | null | undefined, reducedMotion = false) {
  const clock = createTestClock();
  const actor = createActor(progressBarsMachine, { input: { count }, clock }).start();
  if (ms !== undefined) actor.send({ type: 'view.enter', reducedMotion });
  if (typeof ms === 'number') clock.advanceBy(ms);
  return actor;
}

/** What the view renders for the actor's state: the prerendered island with the view's markup for it. */
function viewOf(actor: ReturnType<typeof seen>): string {
  const View = progressBars.View;
  const html = renderToString(<View actorRef={actor} settings={{}} content={CONTENT} slots={{}} />);
  return prerendered().replace(/<div class="progress-bars"[\s\S]*<\/div>(?=<\/div>)/, html);
}

cleanUpAnsweringPages();
afterEach(() => vi.unstubAllGlobals());

const revealed = () => [...document.querySelectorAll('.progress-bars__bar')].map((bar) => bar.classList.contains('is-revealed'));
const state = () => document.querySelector<HTMLElement>('.progress-bars')?.dataset.state;

describe('the progress bars behaviour draws what the view renders (issue 35, goal 2)', () => {
  it.each([
    { name: 'before they are seen', ms: undefined, reducedMotion: false, shown: [false, false, false] },
    { name: 'seen, starting', ms: null, reducedMotion: false, shown: [false, false, false] },
    { name: 'seen, the first filling', ms: 0, reducedMotion: false, shown: [true, false, false] },
    { name: 'mid-stagger', ms: PROGRESS_BAR_STAGGER_MS, reducedMotion: false, shown: [true, true, false] },
    { name: 'done', ms: (count - 1) * PROGRESS_BAR_STAGGER_MS, reducedMotion: false, shown: [true, true, true] },
    { name: 'seen with reduced motion', ms: 0, reducedMotion: true, shown: [true, true, true] },
  ])('$name: the same bars, progressbars, widths and texts as the view', ({ ms, reducedMotion, shown }) => {
    const actor = seen(ms, reducedMotion);
    const host = document.createElement('div');
    host.innerHTML = prerendered();
    drawProgressBars(host.querySelector<HTMLElement>('[data-widget]') as HTMLElement, actor.getSnapshot(), CONTENT);
    expect(islandShape(host.innerHTML)).toEqual(islandShape(viewOf(actor)));
    expect(islandText(host.innerHTML)).toBe(islandText(viewOf(actor)));
    expect([...host.querySelectorAll('.progress-bars__bar')].map((bar) => bar.classList.contains('is-revealed'))).toEqual(shown);
    if (ms !== undefined) expect(islandShape(host.innerHTML)).not.toEqual(islandShape(prerendered()));
  });
});

describe('the progress bars fill without their view (issue 35, goal 2)', () => {
  it('a tap before their chunk arrives is acknowledged; then they wait unseen and fill 250 ms apart once seen, each a progressbar with its value; the view never loads', async () => {
    vi.stubGlobal('IntersectionObserver', StubIntersectionObserver);
    const { island, view, clock, release, controller } = answeringPage(prerendered(), progressBars, progressBarsBehaviour);
    document.querySelector<HTMLElement>('.progress-bars__track')?.click();
    expect(island.getAttribute('aria-busy')).toBe('true');
    release();
    await controller.settled();
    expect(island.dataset.island).toBe('answering');
    expect(island.hasAttribute('aria-busy')).toBe(false);
    expect([state(), revealed()]).toEqual(['waiting', [false, false, false]]);
    StubIntersectionObserver.last?.report(document.querySelector('.progress-bars') as Element, true);
    // The first fills at once: on the clock's next turn (a 0 ms delay).
    expect([state(), revealed()]).toEqual(['starting', [false, false, false]]);
    clock.advanceBy(0);
    expect([state(), revealed()]).toEqual(['revealing', [true, false, false]]);
    clock.advanceBy(PROGRESS_BAR_STAGGER_MS);
    expect(revealed()).toEqual([true, true, false]);
    clock.advanceBy(PROGRESS_BAR_STAGGER_MS);
    expect([state(), revealed()]).toEqual(['done', [true, true, true]]);
    const bars = [...document.querySelectorAll<HTMLElement>('[role="progressbar"]')];
    expect(bars.map((bar) => [bar.getAttribute('aria-valuenow'), bar.getAttribute('aria-valuetext'), bar.style.getPropertyValue('--value')])).toEqual([
      ['82', '£8,200 of £10,000', '82%'],
      ['100', 'All 40', '100%'],
      ['0', 'None yet', '0%'],
    ]);
    expect(clock.pending()).toBe(0);
    expect(view).not.toHaveBeenCalled();
  });

  it('with reduced motion they are all full at once when seen', async () => {
    preferReducedMotion();
    const { island, view, release, controller } = answeringPage(prerendered(), progressBars, progressBarsBehaviour);
    release();
    await controller.settled();
    expect(island.dataset.island).toBe('answering');
    expect([state(), revealed()]).toEqual(['done', [true, true, true]]);
    expect(view).not.toHaveBeenCalled();
  });
});
