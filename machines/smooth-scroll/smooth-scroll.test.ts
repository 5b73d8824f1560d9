import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { createTestClock } from '../../runtime/test-clock';
import { SCROLL_DURATION_MS, SCROLL_EASING, smoothScrollMachine, type ScrollRequest } from './smooth-scroll.machine';
import { NEXT_SECTION_HASH, isScrollableHash, nextSectionIndex, scrollTargetY, stuckHeight } from './smooth-scroll.rules';

function start(input: { initialHash?: string; reducedMotion?: boolean } = {}) {
  const requests: ScrollRequest[] = [];
  const finishers: Array<() => void> = [];
  const effects: string[] = [];
  const machine = smoothScrollMachine.provide({
    actors: {
      scrollToTarget: fromPromise<void, ScrollRequest>(({ input: request }) => {
        requests.push(request);
        return new Promise<void>((resolve) => finishers.push(resolve));
      }),
    },
    actions: {
      announceScrollStart: () => effects.push('start'),
      replaceHistory: (_, { hash }) => effects.push(`replace ${hash}`),
    },
  });
  const actor = createActor(machine, { input: { initialHash: input.initialHash ?? '', reducedMotion: input.reducedMotion ?? false }, clock: createTestClock() }).start();
  /** Resolves the oldest scroll effect and lets its promise settle. */
  const finish = async () => {
    finishers.shift()?.();
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { actor, requests, effects, finish };
}

describe('smooth scroll (§2, §9)', () => {
  it('a scroll that fails leaves the address alone and waits for the next link (issue 50: the onError no test took)', async () => {
    const effects: string[] = [];
    const machine = smoothScrollMachine.provide({
      actors: { scrollToTarget: fromPromise<void, ScrollRequest>(() => Promise.reject(new Error('no such section'))) },
      actions: { announceScrollStart: () => effects.push('start'), replaceHistory: (_, { hash }) => effects.push(`replace ${hash}`) },
    });
    const actor = createActor(machine, { input: { initialHash: '', reducedMotion: false }, clock: createTestClock() }).start();
    actor.send({ type: 'link.activate', hash: '#contact' });
    expect(actor.getSnapshot().value).toBe('scrolling');
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(effects).toEqual(['start']);
  });

  it('scrolls to a link target in 1200 ms easeInOutQuint, announcing the start, then replaces the hash', async () => {
    const { actor, requests, effects, finish } = start();
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'link.activate', hash: '#our-history' });
    expect(actor.getSnapshot().value).toBe('scrolling');
    expect(requests).toEqual([{ hash: '#our-history', duration: SCROLL_DURATION_MS, easing: SCROLL_EASING }]);
    expect([SCROLL_DURATION_MS, SCROLL_EASING]).toEqual([1200, 'easeInOutQuint']);
    expect(effects).toEqual(['start']);
    await finish();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(effects).toEqual(['start', 'replace #our-history']);
  });

  it('under reduced motion it jumps (duration 0)', () => {
    const { actor, requests } = start({ reducedMotion: true });
    actor.send({ type: 'link.activate', hash: '#a' });
    expect(requests[0]?.duration).toBe(0);
  });

  it('a page loaded with a hash waits for the first scroll, then scrolls to it', async () => {
    const { actor, requests, effects, finish } = start({ initialHash: '#volunteering' });
    expect(actor.getSnapshot().value).toBe('awaitingFirstScroll');
    expect(requests).toEqual([]);
    actor.send({ type: 'page.scroll' });
    expect(requests[0]?.hash).toBe('#volunteering');
    await finish();
    expect(effects).toEqual(['start', 'replace #volunteering']);
    actor.send({ type: 'page.scroll' });
    expect(requests).toHaveLength(1);
  });

  it('a new link during a scroll restarts it towards the new target', async () => {
    const { actor, requests, effects, finish } = start();
    actor.send({ type: 'link.activate', hash: '#a' });
    actor.send({ type: 'link.activate', hash: '#b' });
    expect(requests.map((r) => r.hash)).toEqual(['#a', '#b']);
    await finish();
    await finish();
    expect(effects.at(-1)).toBe('replace #b');
  });

  it('the visitor scrolling on their own ends the scroll where the page stands, with no hash written (issue 49.3)', async () => {
    const { actor, requests, effects, finish } = start();
    actor.send({ type: 'link.activate', hash: '#a' });
    actor.send({ type: 'visitor.scroll' });
    expect(actor.getSnapshot().value).toBe('idle');
    await finish();
    expect(effects).toEqual(['start']);
    // Outside a scroll it changes nothing; the next link scrolls again.
    actor.send({ type: 'visitor.scroll' });
    actor.send({ type: 'link.activate', hash: '#b' });
    expect(requests.map((r) => r.hash)).toEqual(['#a', '#b']);
  });

  it('a loaded hash the page replaced before the first scroll (a tab wrote its own) is not scrolled to', async () => {
    const { actor, requests, effects } = start({ initialHash: '#news' });
    actor.send({ type: 'fragment.change' });
    actor.send({ type: 'page.scroll' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect([requests, effects]).toEqual([[], []]);
    // A link still scrolls.
    actor.send({ type: 'link.activate', hash: '#b' });
    expect(requests.map((r) => r.hash)).toEqual(['#b']);
  });

  it('the loaded hash’s scroll, which the first scroll starts, goes on through the rest of that wheel (issue 49.3)', async () => {
    const { actor, effects, finish } = start({ initialHash: '#a' });
    actor.send({ type: 'page.scroll' });
    actor.send({ type: 'visitor.scroll' });
    expect(actor.getSnapshot().value).toBe('scrolling');
    await finish();
    expect(effects).toEqual(['start', 'replace #a']);
  });
});

describe('smooth scroll rules (reference notes)', () => {
  it("skips '', '#', '#prev', '#next' and links marked no-scroll", () => {
    for (const hash of ['', '#', '#prev', '#next']) expect(isScrollableHash(hash, false)).toBe(false);
    expect(isScrollableHash('#contact', true)).toBe(false);
    expect(isScrollableHash('#contact', false)).toBe(true);
    expect(isScrollableHash(NEXT_SECTION_HASH, false)).toBe(true);
  });

  it('targets the element top minus the fixed header (0 where it does not stick), never above the top', () => {
    expect(scrollTargetY(900, stuckHeight(68, []))).toBe(832);
    expect(scrollTargetY(900, stuckHeight(0, []))).toBe(900);
    expect(scrollTargetY(20, 68)).toBe(0);
  });

  it('also minus the sticky bars before the target and its own scroll-margin (issue 20.3)', () => {
    const bars = [{ height: 53, precedesTarget: true }, { height: 40, precedesTarget: false }];
    expect(stuckHeight(96, bars)).toBe(149);
    expect(stuckHeight(0, bars)).toBe(53);
    expect(scrollTargetY(1000, stuckHeight(96, bars), 24)).toBe(827);
  });

  it("'#next-section' finds the next visible section after the link's own", () => {
    const sections = [{ visible: true }, { visible: false }, { visible: true }];
    expect(nextSectionIndex(sections, 0)).toBe(2);
    expect(nextSectionIndex(sections, -1)).toBe(0);
    expect(nextSectionIndex(sections, 2)).toBeUndefined();
  });
});
