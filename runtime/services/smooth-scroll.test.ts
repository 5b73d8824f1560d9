// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCROLL_DURATION_MS } from '../../machines/smooth-scroll/smooth-scroll.machine';
import { easingFor } from '../../machines/smooth-scroll/smooth-scroll.rules';
import { FRAME_MS } from '../clock';
import { createTestClock } from '../test-clock';
import { tween } from '../tween';
import { smoothScroll } from './smooth-scroll';

/** Where the target sits on the page, px from its top. */
const TARGET_TOP = 2400;

describe('smooth scroll on the test clock (issue 22: no animation library, every frame on the injected clock)', () => {
  let stop: (() => void) | undefined;
  afterEach(() => {
    stop?.();
    stop = undefined;
    document.body.innerHTML = '';
    window.history.replaceState(null, '', '/');
  });

  /** jsdom does no layout: the page's height, the scroll position and the target's box are given here. */
  function page() {
    document.body.innerHTML = '<main><a href="#contact">write to us</a><section id="contact">Contact</section></main>';
    let y = 0;
    const scrolls: number[] = [];
    Object.defineProperty(document.documentElement, 'scrollHeight', { value: 10_000, configurable: true });
    Object.defineProperty(window, 'scrollY', { get: () => y, configurable: true });
    vi.spyOn(window, 'scrollTo').mockImplementation(((options: ScrollToOptions) => {
      y = options.top ?? y;
      scrolls.push(y);
    }) as typeof window.scrollTo);
    const target = document.getElementById('contact') as HTMLElement;
    vi.spyOn(target, 'getBoundingClientRect').mockImplementation(() => ({ top: TARGET_TOP - y }) as DOMRect);
    // A hidden element has no boxes (and reads its top as 0).
    vi.spyOn(target, 'getClientRects').mockImplementation(() => (target.hidden ? [] : [target.getBoundingClientRect()]) as unknown as DOMRectList);
    const clock = createTestClock();
    stop = smoothScroll.start({ document, window, clock });
    return { clock, scrolls, y: () => y, target };
  }

  it('a hash link scrolls over 1200 ms with the quintic in-out curve and lands exactly on its target', async () => {
    const { clock, scrolls, y } = page();
    document.querySelector('a')?.click();
    // Nothing moves until the clock does.
    expect(y()).toBe(0);
    clock.advanceBy(SCROLL_DURATION_MS / 2);
    expect(y()).toBeGreaterThan(TARGET_TOP * 0.4);
    expect(y()).toBeLessThan(TARGET_TOP * 0.6);
    expect(window.location.hash).toBe('');
    clock.advanceBy(SCROLL_DURATION_MS / 2 - FRAME_MS);
    expect(y()).toBeLessThan(TARGET_TOP);
    clock.advanceBy(FRAME_MS);
    expect(y()).toBe(TARGET_TOP);
    // One scroll per frame, never backwards.
    expect(scrolls).toHaveLength(Math.ceil(SCROLL_DURATION_MS / FRAME_MS));
    expect([...scrolls].sort((a, b) => a - b)).toEqual(scrolls);
    await vi.waitFor(() => expect(window.location.hash).toBe('#contact'));
    expect(clock.pending()).toBe(0);
  });

  it('a target hidden during the scroll (an accordion closed it) ends the scroll where it stands', () => {
    const { clock, scrolls, y, target } = page();
    document.querySelector('a')?.click();
    clock.advanceBy(SCROLL_DURATION_MS / 2);
    const reached = y();
    target.hidden = true;
    clock.advanceBy(SCROLL_DURATION_MS);
    expect(y()).toBe(reached);
    expect(scrolls.at(-1)).toBe(reached);
    expect(clock.pending()).toBe(0);
  });

  it('a link to a hidden target does not scroll', () => {
    const { clock, scrolls, target } = page();
    target.hidden = true;
    document.querySelector('a')?.click();
    clock.advanceBy(SCROLL_DURATION_MS);
    expect(scrolls).toEqual([]);
  });

  it('the same clicks on a fresh clock give the same frames (replay)', () => {
    const first = page();
    document.querySelector('a')?.click();
    first.clock.advanceBy(SCROLL_DURATION_MS);
    stop?.();
    const second = page();
    document.querySelector('a')?.click();
    second.clock.advanceBy(SCROLL_DURATION_MS);
    expect(second.scrolls).toEqual(first.scrolls);
  });
});

describe('tween', () => {
  it('draws 0..1 on the clock frames, exactly 1 at its end, and stops when cancelled', () => {
    const clock = createTestClock();
    const drawn: number[] = [];
    const run = tween(clock, 100, easingFor('easeInOutQuint'), (value) => drawn.push(value));
    clock.advanceBy(50);
    expect(drawn.length).toBe(3);
    clock.advanceBy(46);
    // The frame at 96 ms is not the end; the one at 112 ms draws exactly 1 and is the last.
    expect(drawn.at(-1)).toBeLessThan(1);
    clock.advanceBy(FRAME_MS);
    expect(drawn.at(-1)).toBe(1);
    expect(clock.pending()).toBe(0);
    const cancelled = tween(clock, 100, easingFor('linear'), (value) => drawn.push(value));
    clock.advanceBy(FRAME_MS);
    cancelled.cancel();
    expect(clock.pending()).toBe(0);
    expect(run).toBeDefined();
  });

  it('easeInOutQuint is 0, ½ and 1 at its start, middle and end', () => {
    const ease = easingFor('easeInOutQuint');
    expect([ease(0), ease(0.5), ease(1)]).toEqual([0, 0.5, 1]);
    expect(easingFor('unknown')).toBe(ease);
  });
});
