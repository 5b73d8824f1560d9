// @vitest-environment jsdom
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { animatedNumberMachine, FRAME_STEP_MS } from '../../machines/animated-number/animated-number.machine';
import { Island } from '../../runtime/render/Island';
import { createTestClock } from '../../runtime/test-clock';
import { StubIntersectionObserver } from '../../tests/support/intersection-observer';
import { answeringPage, cleanUpAnsweringPages, islandShape, islandText, preferReducedMotion } from '../../tests/support/answering';
import animatedNumberBehaviour, { drawAnimatedNumber } from './behaviour';
import animatedNumber from './widget';

/** As the island's data-* attributes carry them. */
const SETTINGS = { number: '12500', start_from: '0', number_format: ',', timer: '320' };
const PARSED = animatedNumber.settings.parse(SETTINGS);
const CONTENT = { label: 'home visits this year' };
const FRAMES = PARSED.timer / FRAME_STEP_MS;

const prerendered = () => renderToString(<Island widget={animatedNumber} content={CONTENT} slots={{}} settings={SETTINGS} hydrate="visible" />);

/** The number `ms` after its waypoint (never seen: `undefined`), on the test clock. */
function seen(ms: number | undefined, reducedMotion = false) {
  const clock = createTestClock();
  const actor = createActor(animatedNumberMachine, { input: animatedNumber.input(PARSED, CONTENT, { clock, random: () => 0, warn: () => undefined }), clock }).start();
  if (ms !== undefined) {
    actor.send({ type: 'view.enter', reducedMotion });
    clock.advanceBy(ms);
  }
  return actor;
}

/** What the view renders for the actor's state: the prerendered island with the view's markup for it. */
function viewOf(actor: ReturnType<typeof seen>): string {
  const View = animatedNumber.View;
  const html = renderToString(<View actorRef={actor} settings={PARSED} content={CONTENT} slots={{}} />);
  return prerendered().replace(/<p class="animated-number"[\s\S]*<\/p>/, html);
}

cleanUpAnsweringPages();
afterEach(() => vi.unstubAllGlobals());

const shown = () => document.querySelector('.animated-number__value')?.textContent;
const state = () => document.querySelector<HTMLElement>('.animated-number')?.dataset.state;

describe('the animated number behaviour draws what the view renders (issue 35, goal 2)', () => {
  it.each([
    { name: 'before it is seen', ms: undefined, reducedMotion: false, text: '12,500' },
    { name: 'as the count starts', ms: 0, reducedMotion: false, text: '0' },
    { name: 'counting, 4 frames in', ms: 4 * FRAME_STEP_MS, reducedMotion: false, text: '5,000' },
    { name: 'done', ms: FRAMES * FRAME_STEP_MS, reducedMotion: false, text: '12,500' },
    { name: 'seen with reduced motion', ms: 0, reducedMotion: true, text: '12,500' },
  ])('$name: the same state, digits and spoken number as the view', ({ ms, reducedMotion, text }) => {
    const actor = seen(ms, reducedMotion);
    const host = document.createElement('div');
    host.innerHTML = prerendered();
    drawAnimatedNumber(host.querySelector<HTMLElement>('[data-widget]') as HTMLElement, actor.getSnapshot());
    expect(islandShape(host.innerHTML)).toEqual(islandShape(viewOf(actor)));
    expect(islandText(host.innerHTML)).toBe(islandText(viewOf(actor)));
    expect(host.querySelector('.animated-number__value')?.textContent).toBe(text);
    expect(host.querySelector('.visually-hidden')?.textContent).toBe('12,500');
    if (ms !== undefined) expect(islandShape(host.innerHTML)).not.toEqual(islandShape(prerendered()));
  });
});

describe('the animated number counts without its view (issue 35, goal 2)', () => {
  it('a tap before its chunk arrives is acknowledged; then it waits unseen, counts up on the clock once seen, and ends on the number; the view never loads', async () => {
    vi.stubGlobal('IntersectionObserver', StubIntersectionObserver);
    const { island, view, clock, release, controller } = answeringPage(prerendered(), animatedNumber, animatedNumberBehaviour);
    document.querySelector<HTMLElement>('.animated-number')?.click();
    expect(island.getAttribute('aria-busy')).toBe('true');
    release();
    await controller.settled();
    expect(island.dataset.island).toBe('answering');
    expect(island.hasAttribute('aria-busy')).toBe(false);
    expect([state(), shown()]).toEqual(['waiting', '12,500']);
    // The number's waypoint (the last observer made): the count starts when it is seen.
    StubIntersectionObserver.last?.report(document.querySelector('.animated-number') as Element, true);
    expect([state(), shown()]).toEqual(['counting', '0']);
    clock.advanceBy(4 * FRAME_STEP_MS);
    expect([state(), shown()]).toEqual(['counting', '5,000']);
    expect(document.querySelector('.animated-number__value')?.getAttribute('aria-hidden')).toBe('true');
    expect(document.querySelector('.visually-hidden')?.textContent).toBe('12,500');
    clock.advanceBy((FRAMES - 4) * FRAME_STEP_MS);
    expect([state(), shown()]).toEqual(['done', '12,500']);
    expect(clock.pending()).toBe(0);
    expect(view).not.toHaveBeenCalled();
  });

  it('with reduced motion it shows the final number at once when seen', async () => {
    preferReducedMotion();
    const { island, view, release, controller } = answeringPage(prerendered(), animatedNumber, animatedNumberBehaviour);
    release();
    await controller.settled();
    expect(island.dataset.island).toBe('answering');
    // jsdom has no IntersectionObserver: the waypoint fires at once.
    expect([state(), shown()]).toEqual(['done', '12,500']);
    expect(view).not.toHaveBeenCalled();
  });
});
