// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { pageScroll, type PageChange, type PageMetrics } from './page-scroll';

/** A window whose animation frames run only when the test says so. */
function withFrames() {
  const frames = new Map<number, FrameRequestCallback>();
  let next = 1;
  window.requestAnimationFrame = (callback) => {
    frames.set(next, callback);
    return next++;
  };
  window.cancelAnimationFrame = (id) => void frames.delete(id);
  return {
    pending: () => frames.size,
    runFrame() {
      const due = [...frames.values()];
      frames.clear();
      due.forEach((callback) => callback(0));
    },
  };
}

describe('the shared page scroll source', () => {
  afterEach(() => pageScroll(window).stop());

  it('is one source per window', () => {
    expect(pageScroll(window)).toBe(pageScroll(window));
  });

  it('coalesces every scroll and resize of a frame into one notification, read once in the frame', () => {
    const frames = withFrames();
    const seen: Array<[PageMetrics, PageChange]> = [];
    pageScroll(window).subscribe((metrics, change) => seen.push([metrics, change]));
    window.dispatchEvent(new Event('scroll'));
    window.dispatchEvent(new Event('scroll'));
    window.dispatchEvent(new Event('resize'));
    expect(seen).toEqual([]);
    expect(frames.pending()).toBe(1);
    Object.defineProperty(window, 'scrollY', { value: 620, configurable: true });
    frames.runFrame();
    expect(seen).toEqual([[{ y: 620, width: window.innerWidth, height: window.innerHeight }, { scrolled: true, resized: true }]]);
    window.dispatchEvent(new Event('scroll'));
    frames.runFrame();
    expect(seen[1]?.[1]).toEqual({ scrolled: true, resized: false });
  });

  it('listens passively and stops listening when stopped', () => {
    const frames = withFrames();
    const options: unknown[] = [];
    const add = window.addEventListener.bind(window);
    window.addEventListener = ((type: string, listener: EventListener, opts?: AddEventListenerOptions) => {
      options.push([type, opts]);
      add(type, listener, opts);
    }) as typeof window.addEventListener;
    const source = pageScroll(window);
    window.addEventListener = add;
    expect(options).toEqual([['scroll', { passive: true }], ['resize', { passive: true }]]);
    let calls = 0;
    source.subscribe(() => calls++);
    source.stop();
    window.dispatchEvent(new Event('scroll'));
    frames.runFrame();
    expect(calls).toBe(0);
  });
});
