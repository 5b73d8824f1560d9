// @vitest-environment jsdom
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { pageScroll } from '../page-scroll';
import { createTestClock } from '../test-clock';
import { HEADER_FULL_PROPERTY } from '../top-inset';
import { stickyHeader } from './header';

/** jsdom does no layout: the header is 96 px tall at the top of the page and 48 px once shrunk. */
function page() {
  document.body.innerHTML = '<header data-sticky-header><a href="/">Home</a></header><main id="main">Content</main>';
  const header = document.querySelector<HTMLElement>('header') as HTMLElement;
  let measured = 0;
  Object.defineProperty(header, 'offsetHeight', {
    configurable: true,
    get: () => {
      measured++;
      return header.dataset.header === 'solid' ? 48 : 96;
    },
  });
  return { header, measured: () => measured };
}

/** `scheduler.yield()` as the browser's, except that the test decides when the next task runs. */
function controlledTasks() {
  const waiting: Array<() => void> = [];
  Object.assign(globalThis, { scheduler: { yield: () => new Promise<void>((resolve) => waiting.push(resolve)) } });
  onTestFinished(() => {
    delete (globalThis as { scheduler?: unknown }).scheduler;
  });
  return async () => {
    waiting.splice(0).forEach((resolve) => resolve());
    await Promise.resolve();
  };
}

describe('the sticky header service measures the header outside the boot task at the top of a page (issue 35, goal 3)', () => {
  let stop: (() => void) | undefined;
  afterEach(() => {
    stop?.();
    stop = undefined;
    // The page's scroll source keeps what it last read: each test reads its own page.
    pageScroll(window).stop();
    document.body.innerHTML = '';
    window.history.replaceState(null, '', '/');
  });

  it('at the top of a page opened without a target, the heights are measured in the next task', async () => {
    const runNextTask = controlledTasks();
    const { header, measured } = page();
    stop = stickyHeader.start({ document, window, clock: createTestClock() });
    expect(header.dataset.header).toBe('top');
    expect(measured()).toBe(0);
    expect(header.style.getPropertyValue(HEADER_FULL_PROPERTY)).toBe('');
    await runNextTask();
    expect(measured()).toBe(2);
    expect(header.style.getPropertyValue(HEADER_FULL_PROPERTY)).toBe('96px');
  });

  it('a page opened at a target is measured at once: smooth scroll lands it below the header', () => {
    controlledTasks();
    window.history.replaceState(null, '', '/#main');
    const { header, measured } = page();
    stop = stickyHeader.start({ document, window, clock: createTestClock() });
    expect(measured()).toBe(2);
    expect(header.style.getPropertyValue(HEADER_FULL_PROPERTY)).toBe('96px');
  });

  it('a page opened scrolled down is measured at once, and the shrunk header keeps its full height in the flow', () => {
    controlledTasks();
    Object.defineProperty(window, 'scrollY', { value: 900, configurable: true });
    onTestFinished(() => {
      Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    });
    const { header, measured } = page();
    stop = stickyHeader.start({ document, window, clock: createTestClock() });
    expect(header.dataset.header).not.toBe('top');
    expect(measured()).toBe(2);
    expect(header.style.marginBottom).toBe('48px');
  });

  it('stopped before the next task, it measures nothing', async () => {
    const runNextTask = controlledTasks();
    const { measured } = page();
    stickyHeader.start({ document, window, clock: createTestClock() })();
    await runNextTask();
    expect(measured()).toBe(0);
  });
});
