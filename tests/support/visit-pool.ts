import type { Browser, BrowserContext, BrowserContextOptions, Frame, Keyboard, Mouse, Page } from 'playwright-core';

/**
 * Issue 48: a test's visit in the browser context an earlier test used, made as clean as a new one.
 *
 * A new context costs its first page a renderer process of its own, and each document in it compiles
 * the site's script from nothing: 15 visits that load and hydrate a page took 16.6-18.5 s of CPU in
 * new contexts and 13.6-14.9 s through Playwright's reset (2026-12-07, quiet machine). So
 * `useBrowser().visit()` takes the browser's reusable context when no running test holds it:
 * Playwright's own (`browser._newContextForReuse`, what its test runner's context reuse calls), which
 * before each use leaves the document for about:blank, closes any other page, removes the fake clock,
 * puts back the viewport, emulated media and extra headers, empties the cookies, the HTTP cache and
 * every visited origin's storage, and moves the mouse off the page. Here the page's history is
 * forgotten too, and the listeners a test added are removed when it ends.
 *
 * What that reset cannot put back is found by watching the test's calls: the page and context the
 * visit returns are stand-ins that pass every call on, and a call outside the lists below (a route,
 * an init script, a binding, permissions, offline, a CDP session, closing it, a second page, a key or
 * mouse button left held), or a page of another server than the run's, marks the context spent: it
 * is closed when the test ends, as every context was before, and the next visit gets a new one.
 */

/** An e2e test's visit: its page and context, and every console error and page error collected so a test can assert there were none. */
export interface VisitedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught exceptions seen so far. */
  errors: string[];
  /** Console warnings seen so far. */
  warnings: string[];
  /**
   * Content-Security-Policy violations any frame of the page reported (issue 17): directive and what
   * it blocked. The test fails after it ends if any are left; a test that provokes one on purpose
   * empties this list once it has checked it.
   */
  violations: string[];
}

/** Page methods that leave nothing behind once the document is gone. */
const PAGE_CALLS = new Set([
  '$', '$$', '$eval', '$$eval', 'bringToFront', 'check', 'click', 'content', 'dblclick', 'dispatchEvent', 'dragAndDrop',
  'evaluate', 'evaluateHandle', 'fill', 'focus', 'frame', 'frameLocator', 'frames', 'getAttribute', 'getByAltText',
  'getByLabel', 'getByPlaceholder', 'getByRole', 'getByTestId', 'getByText', 'getByTitle', 'goto', 'hover', 'innerHTML',
  'innerText', 'inputValue', 'isChecked', 'isClosed', 'isDisabled', 'isEditable', 'isEnabled', 'isHidden', 'isVisible',
  'locator', 'mainFrame', 'press', 'reload', 'screenshot', 'selectOption', 'setChecked', 'setInputFiles', 'tap',
  // Put back by the reset (the page's emulated viewport, media and headers) or before each visit (its timeouts).
  'setViewportSize', 'emulateMedia', 'setExtraHTTPHeaders', 'setDefaultTimeout', 'setDefaultNavigationTimeout',
  'textContent', 'title', 'type', 'uncheck', 'url', 'viewportSize', 'waitForEvent', 'waitForFunction', 'waitForLoadState',
  'waitForNavigation', 'waitForRequest', 'waitForResponse', 'waitForSelector', 'waitForTimeout', 'waitForURL', 'off',
  'removeListener', 'listenerCount', 'listeners',
]);

/** Context methods whose effect the reset undoes or that change nothing. */
const CONTEXT_CALLS = new Set(['addCookies', 'clearCookies', 'cookies', 'pages', 'browser', 'storageState', 'waitForEvent', 'off', 'removeListener', 'listenerCount', 'listeners']);

/** Listener methods: the listener is kept and removed when the context is reset. */
const LISTEN = new Set(['on', 'once', 'addListener', 'prependListener']);

type Emitter = { off(event: string, listener: (...args: unknown[]) => void): unknown };

/** What a reused visit's stand-ins saw the test do. */
interface Watch {
  /** The first call that spent the context, if one did. */
  spentBy?: string;
  listeners: Array<[Emitter, string, (...args: unknown[]) => void]>;
  keysHeld: Set<string>;
  buttonsHeld: number;
}

/** The reusable context of each test browser: who holds it, and its visit as the test first prepared it. */
interface Reusable {
  held: boolean;
  visit?: VisitedPage;
}
const REUSABLE = new WeakMap<Browser, Reusable>();
const RECORDS = new WeakMap<object, { raw: VisitedPage; watch: Watch; reusable: Reusable }>();
/** How many visits each reusable context has served. */
const USES = new WeakMap<BrowserContext, number>();

/** How many visits the context behind a visit has served, this one included (1 for a new context). */
export function timesUsed(context: BrowserContext): number {
  const raw = RECORDS.get(context)?.raw.context;
  return raw ? (USES.get(raw) ?? 0) : 1;
}

function standIn<T extends object>(target: T, allowed: Set<string>, watch: Watch, special: (name: string, value: unknown) => unknown): T {
  return new Proxy(target, {
    get(object, property) {
      const value: unknown = Reflect.get(object, property, object);
      if (typeof property !== 'string' || property.startsWith('_')) return value;
      const replaced = special(property, value);
      if (replaced !== undefined) return replaced;
      if (typeof value !== 'function') return value;
      if (LISTEN.has(property)) {
        return (event: string, listener: (...args: unknown[]) => void) => {
          watch.listeners.push([object as unknown as Emitter, event, listener]);
          (value as (...args: unknown[]) => unknown).call(object, event, listener);
          return undefined;
        };
      }
      if (!allowed.has(property)) watch.spentBy ??= property;
      return (value as (...args: unknown[]) => unknown).bind(object);
    },
    set(object, property, value) {
      watch.spentBy ??= `set ${String(property)}`;
      return Reflect.set(object, property, value, object);
    },
  });
}

function watchedKeyboard(keyboard: Keyboard, watch: Watch): Keyboard {
  return new Proxy(keyboard, {
    get(object, property) {
      const value: unknown = Reflect.get(object, property, object);
      if (property === 'down') return async (key: string) => (watch.keysHeld.add(key), keyboard.down(key));
      if (property === 'up') return async (key: string) => (watch.keysHeld.delete(key), keyboard.up(key));
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(object) : value;
    },
  });
}

function watchedMouse(mouse: Mouse, watch: Watch): Mouse {
  return new Proxy(mouse, {
    get(object, property) {
      const value: unknown = Reflect.get(object, property, object);
      if (property === 'down') return async (options?: Parameters<Mouse['down']>[0]) => (watch.buttonsHeld++, mouse.down(options));
      if (property === 'up') return async (options?: Parameters<Mouse['up']>[0]) => (watch.buttonsHeld--, mouse.up(options));
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(object) : value;
    },
  });
}

/** The visit as the test sees it: stand-ins for its page and context that watch what the test does. */
function watchVisit(raw: VisitedPage, reusable: Reusable, baseURL: string | undefined): VisitedPage {
  const watch: Watch = { listeners: [], keysHeld: new Set(), buttonsHeld: 0 };
  // A page on another server (a file's own) leaves connections open in the context that would hold
  // that server's graceful stop; the context is closed with the test instead.
  const home = baseURL === undefined ? undefined : new URL(baseURL).origin;
  const navigated = (frame: Frame) => {
    if (frame !== raw.page.mainFrame() || !/^https?:/.test(frame.url())) return;
    if (new URL(frame.url()).origin !== home) watch.spentBy ??= `a page of ${new URL(frame.url()).origin}`;
  };
  raw.page.on('framenavigated', navigated);
  watch.listeners.push([raw.page as unknown as Emitter, 'framenavigated', navigated as (...args: unknown[]) => void]);
  const keyboard = watchedKeyboard(raw.page.keyboard, watch);
  const mouse = watchedMouse(raw.page.mouse, watch);
  const context: BrowserContext = standIn(raw.context, CONTEXT_CALLS, watch, (name, value) => {
    if (name === 'pages') return () => (value as () => Page[]).call(raw.context).map((open) => (open === raw.page ? page : open));
    // The fake clock is removed by the reset; a request shares the context's cookies (emptied).
    if (name === 'clock' || name === 'request') return value;
    if (name === 'tracing') {
      watch.spentBy ??= name;
      return value;
    }
    return undefined;
  });
  const page: Page = standIn(raw.page, PAGE_CALLS, watch, (name, value) => {
    if (name === 'context') return () => context;
    if (name === 'keyboard') return keyboard;
    if (name === 'mouse') return mouse;
    if (name === 'clock' || name === 'request' || name === 'touchscreen') return value;
    if (name === 'coverage') {
      watch.spentBy ??= name;
      return value;
    }
    return undefined;
  });
  RECORDS.set(context, { raw, watch, reusable });
  return { ...raw, page, context };
}

/**
 * The browser's reusable context, reset, with `options`, for a visit as `prepareVisit` in
 * tests/support/browser.ts describes; undefined while a running test holds it (the caller then opens
 * a new context).
 */
export async function reuseContext(
  browser: Browser,
  options: BrowserContextOptions,
  ready: {
    /** A context's first visit made ready (tests/support/browser.ts, `prepareVisit`). */
    prepare(context: BrowserContext): Promise<VisitedPage>;
    /** What a reset context needs again for this visit (the consent cookie). */
    refresh(context: BrowserContext): Promise<void>;
  },
): Promise<VisitedPage | undefined> {
  const reusable = REUSABLE.get(browser) ?? { held: false };
  REUSABLE.set(browser, reusable);
  if (reusable.held || outside > 0) return undefined;
  reusable.held = true;
  // Cleared while Playwright resets or replaces the context: closing the last one must not free the new one.
  const previous = reusable.visit;
  reusable.visit = undefined;
  let context: BrowserContext | undefined;
  try {
    context = await (browser as ReusingBrowser)._newContextForReuse(options);
    let raw = previous?.context === context ? previous : undefined;
    if (raw) {
      for (const list of [raw.errors, raw.warnings, raw.violations]) list.length = 0;
      // The context's 15 s (tests/support/browser.ts) again, whatever the last test set on the page.
      raw.page.setDefaultTimeout(15_000);
      raw.page.setDefaultNavigationTimeout(15_000);
      const cdp = await context.newCDPSession(raw.page);
      await cdp.send('Page.resetNavigationHistory').finally(() => cdp.detach().catch(() => undefined));
      await ready.refresh(context);
    } else {
      raw = await ready.prepare(context);
      // Free again once it has closed, whenever that is (a test's own close, a kept visit's at the end of its file).
      context.once('close', () => {
        if (reusable.visit?.context !== context) return;
        reusable.visit = undefined;
        reusable.held = false;
      });
    }
    reusable.visit = raw;
    USES.set(context, (USES.get(context) ?? 0) + 1);
    return watchVisit(raw, reusable, options.baseURL);
  } catch (problem) {
    // Half made ready (its binding registered, say), it could not be prepared again: the next visit gets a new one.
    await context?.close().catch(() => undefined);
    reusable.held = false;
    throw problem;
  }
}

let outside = 0;

/** `open` with every visit it makes in a new context: for a visit that outlives its test (tests/support/kept-visit.ts). */
export async function outsideReuse<T>(open: () => Promise<T>): Promise<T> {
  outside++;
  try {
    return await open();
  } finally {
    outside--;
  }
}

/** Playwright's own reuse of a context (its test runner's), which the published types leave out. */
type ReusingBrowser = Browser & { _newContextForReuse(options: BrowserContextOptions): Promise<BrowserContext> };

/** The page behind a visit's stand-in, for the support code's own protocol calls (a swipe's touches). */
export function rawPage(page: Page): Page {
  return RECORDS.get(page.context())?.raw.page ?? page;
}

/**
 * Once the test that used it has ended: a reused context given back for the next visit (its document
 * left for about:blank, so nothing of it runs on), or closed if the test spent it; any other context
 * closed. Returns why it was closed, or undefined if it was given back.
 */
export async function releaseVisit(context: BrowserContext): Promise<string | undefined> {
  const record = RECORDS.get(context);
  if (!record) {
    await context.close();
    return 'a new context';
  }
  RECORDS.delete(context);
  const { raw, watch, reusable } = record;
  for (const [emitter, event, listener] of watch.listeners) emitter.off(event, listener);
  const why =
    watch.spentBy ??
    (watch.keysHeld.size > 0 ? `keys held: ${[...watch.keysHeld].join(', ')}` : undefined) ??
    (watch.buttonsHeld !== 0 ? 'a mouse button held' : undefined) ??
    (raw.page.isClosed() ? 'its page closed' : undefined) ??
    (raw.context.pages().length !== 1 ? 'more than one page' : undefined);
  if (why !== undefined) {
    // Its 'close' listener (reuseContext) frees the browser's reusable slot.
    await raw.context.close();
    return why;
  }
  try {
    await raw.page.goto('about:blank');
  } finally {
    reusable.held = false;
  }
  return why;
}
