import { appendFileSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeEach, expect, inject } from 'vitest';
import { CONSENT_COOKIE } from '../../runtime/consent';
import { CHROMIUM_ARGS, HOW_TO_GET_CHROMIUM, TEST_CHROMIUM_ARGS, findChromium, findTestChromium } from './chrome.mjs';
import { createPageCoverage } from './page-coverage';
import { rawPage, releaseVisit, reuseContext, type VisitedPage } from './visit-pool';

export type { VisitedPage } from './visit-pool';

/** Playwright's viewport for a context that names none. */
export const DEFAULT_VIEWPORT = { width: 1280, height: 720 };

const LAUNCHED = Symbol.for('sitecharts.testBrowsers');
type WithBrowsers = typeof globalThis & { [LAUNCHED]?: Map<string, Promise<Browser>> };

/** Which test browser: a phone's (touch) or not, and whether it enforces the site's opener policy. */
export interface TestBrowserOptions {
  hasTouch?: boolean;
  /**
   * Enforce `Cross-Origin-Opener-Policy` as a visitor's browser does. Test browsers leave it
   * unenforced, which saves each visit a renderer (TEST_CHROMIUM_ARGS in chrome.mjs); a file whose
   * tests depend on it (a popup keeping its opener) asks for it.
   */
  openerPolicy?: boolean;
}

/**
 * The Chromium of this test worker, launched by the first e2e file that asks and used by every later
 * one, since the e2e project's workers run one file after another (`isolate: false`). The tests talk
 * to it directly: a browser server in vitest's main process forwarded every protocol message (12 s
 * of that process's CPU on a 35-test file, 6 s without). Playwright closes it when the worker exits.
 * Kept on `globalThis`, so a file that imports this module afresh finds it too.
 *
 * Without touch, the headless shell where it is installed (`findTestChromium`). With touch (a phone),
 * the browser itself: after a tap the shell moves its emulated mouse back to where it was before,
 * a `mouseleave` no phone sends, which closed the image hotspots' tooltip the tap had just opened.
 */
export function testBrowser(options: TestBrowserOptions = {}): Promise<Browser> {
  const launched = ((globalThis as WithBrowsers)[LAUNCHED] ??= new Map());
  const kind = options.hasTouch ? 'browser' : 'shell';
  const key = `${kind}${options.openerPolicy ? ' with the opener policy' : ''}`;
  let browser = launched.get(key);
  if (!browser) {
    browser = (kind === 'shell' ? findTestChromium() : findChromium()).then((executablePath) => {
      if (!executablePath) throw new Error(HOW_TO_GET_CHROMIUM);
      return chromium.launch({ executablePath, args: options.openerPolicy ? CHROMIUM_ARGS : TEST_CHROMIUM_ARGS });
    });
    launched.set(key, browser);
  }
  return browser;
}

/**
 * A fresh context and its page as every e2e visit has them, at about:blank: in the worker's browser
 * for these options (`testBrowser`), a visitor who has already answered the cookie banner (essential
 * cookies only) unless `consent: 'unanswered'`, and every console error, warning, uncaught exception
 * and Content-Security-Policy violation collected. Closing it is the caller's.
 */
export async function openVisitPage(options: BrowserContextOptions & { consent?: 'refused' | 'unanswered'; openerPolicy?: boolean } = {}): Promise<VisitedPage> {
  const { consent = 'refused', openerPolicy, ...contextOptions } = options;
  const browser = await testBrowser({ hasTouch: contextOptions.hasTouch, openerPolicy });
  return prepareVisit(await browser.newContext({ baseURL: inject('baseURL'), ...contextOptions }), consent);
}

/** A new context made ready for a visit as `openVisitPage` describes; closed again if that fails. */
export async function prepareVisit(context: BrowserContext, consent: 'refused' | 'unanswered'): Promise<VisitedPage> {
  // Two e2e files share the two cores (vite.config.ts): a page load or a click waits up to 15 s.
  context.setDefaultTimeout(15_000);
  const violations: string[] = [];
  let page: Page;
  try {
    if (consent === 'refused') await context.addCookies([consentRefused()]);
    await reportViolations(context, violations);
    page = context.pages()[0] ?? (await context.newPage());
  } catch (error) {
    // Nobody holds the context yet: it would outlive the test.
    await context.close().catch(() => undefined);
    throw error;
  }
  const errors: string[] = [];
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
    if (message.type() === 'warning') warnings.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return { page, context, errors, warnings, violations };
}

/**
 * `openerPolicy`: every visit of the file in a browser that enforces the site's opener policy (TestBrowserOptions).
 *
 * Each visit is a context of its own for the test: the browser's reusable one, reset, where no running
 * test holds it (tests/support/visit-pool.ts), else a new one. When the test ends, a reused context is
 * given back for the next visit, unless the test did something a reset cannot undo; any other is
 * closed. `VISIT_REUSE=0` opens a new context for every visit (to compare the two).
 */
export function useBrowser({ openerPolicy = false }: { openerPolicy?: boolean } = {}) {
  /** The contexts of this file's visits not given back for reuse (closing one twice is harmless). */
  const contexts = new Set<BrowserContext>();
  /** Issue 17: every page of every e2e test runs under the site's CSP; a test ends with no violation. */
  let visited: string[][] = [];
  /** Issue 50: what each page's machines did, credited to the test before its contexts close. */
  const coverage = createPageCoverage(expect.getState().testPath ?? 'unknown');
  /**
   * The contexts the running tests opened: closed once none is running (tests of a describe.concurrent
   * run side by side), so no page of an earlier test runs on (its timers, its video) under later ones.
   */
  const opened: BrowserContext[] = [];
  let running = 0;
  const release = async (context: BrowserContext) => {
    const why = await releaseVisit(context);
    // A context given back is the next visit's; a closed one stays listed (a kept visit's, whose close
    // tests/support/kept-visit.ts holds back, closes at the end of the file).
    if (why === undefined) contexts.delete(context);
    // Which tests give their context back, and why the others do not (docs/testing.md).
    if (process.env.VISIT_REUSE_LOG) appendFileSync(process.env.VISIT_REUSE_LOG, `${expect.getState().testPath}\t${why ?? 'given back'}\n`);
  };
  beforeEach(() => {
    running++;
  });
  afterEach(async () => {
    running--;
    const seen = visited.flat();
    visited = [];
    const closing = running === 0 ? opened.splice(0) : [];
    try {
      expect(seen, 'Content-Security-Policy violations').toEqual([]);
    } finally {
      await within(20_000, 'reading the pages\' traces for machine coverage', coverage.collect(closing, expect.getState().currentTestName ?? '(file)')).catch(() => undefined);
      await Promise.all(closing.map(release));
    }
  });
  afterAll(async () => {
    await within(20_000, 'reading the pages\' traces for machine coverage', coverage.collect([...contexts], '(after all)')).catch(() => undefined);
    coverage.write();
    await Promise.all([...contexts].map(release));
  });

  return {
    baseURL: () => inject('baseURL'),
    /**
     * A visitor who has already answered the cookie banner (essential cookies only), so it does not
     * cover the page; `consent: 'unanswered'` is a first visit.
     */
    async visit(
      path: string,
      options: BrowserContextOptions & { waitForHydration?: boolean; consent?: 'refused' | 'unanswered' } = {},
    ): Promise<VisitedPage> {
      const { waitForHydration = false, ...visitOptions } = options;
      const { consent = 'refused', ...contextOptions } = visitOptions;
      const browser = await testBrowser({ hasTouch: contextOptions.hasTouch, openerPolicy });
      // Playwright's reset puts back the viewport it is given, so the default one is given too.
      const reuseOptions = { baseURL: inject('baseURL'), viewport: DEFAULT_VIEWPORT, ...contextOptions };
      const reused = process.env.VISIT_REUSE === '0' ? undefined : await reuseContext(browser, reuseOptions, {
        prepare: (context) => prepareVisit(context, consent),
        refresh: async (context) => {
          if (consent === 'refused') await context.addCookies([consentRefused()]);
        },
      });
      const opening = reused ?? (await openVisitPage({ ...visitOptions, openerPolicy }));
      contexts.add(opening.context);
      opened.push(opening.context);
      visited.push(opening.violations);
      await opening.page.goto(path);
      if (waitForHydration) await hydrated(opening.page);
      return opening;
    },
  };
}

/** The cookie of a visitor who refused optional cookies (the banner answered). */
function consentRefused() {
  return { name: CONSENT_COOKIE, value: 'refused', url: inject('baseURL'), sameSite: 'Strict' as const };
}

/**
 * Every `securitypolicyviolation` event of every document in the context, pushed into `into`.
 * The listener is an init script and the report a binding: neither is itself subject to the CSP.
 */
export async function reportViolations(context: BrowserContext, into: string[]) {
  await context.exposeBinding('__scReportViolation', (source, text: string) => void into.push(`${source.frame.url()}: ${text}`));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __scReportViolation?: (text: string) => void }).__scReportViolation;
      report?.(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
}

/**
 * `step`, or an error naming it once `ms` have passed: a wait with no timeout of its own (an
 * evaluate that awaits the page, a visit's hydration) fails where it hangs, not at the test's timeout.
 */
export async function within<T>(ms: number, name: string, step: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${name}: not done within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([step, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Hydrates every island on the page now and waits for them. */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => window.sitecharts !== undefined);
  await page.evaluate(() => window.sitecharts?.islands.hydrateAll());
}

/**
 * Runs `action`, then waits until the page has dispatched `type` on window. For effects the browser
 * delivers on its own schedule (a resize on its next rendering step, touch input that may reach the
 * page after the CDP call returns, a message posted to the window), which no Playwright call waits
 * for. The listener sits on window in the bubble phase, so the page's own handlers have run by then.
 */
export async function untilDispatched(page: Page, type: string, action: () => Promise<unknown>) {
  const seen = await page.evaluateHandle(
    (name) => ({ done: new Promise<void>((resolve) => window.addEventListener(name, () => resolve(), { once: true })) }),
    type,
  );
  try {
    await action();
    await seen.evaluate((handle) => handle.done);
  } finally {
    await seen.dispose();
  }
}

const FINGER_AT_REST_MS = 150;

/**
 * A horizontal swipe through Chromium's touch input from `start`, `dx` px in `steps` moves, the finger
 * at rest for a moment before it lifts; resolves once the page has seen the touchend. A finger lifted
 * while moving is a flick: Chromium then runs a fling (in the browser process, on the wall clock,
 * also where `touch-action: pan-y` lets nothing scroll), and a tap while it runs only stops the fling,
 * with no click. The carousel's tap on Next 0.2 s after a flick was lost so (carousel.test.ts, under
 * load), where a visitor's finger takes longer to get there.
 */
export async function swipe(page: Page, start: { x: number; y: number }, dx: number, steps: number) {
  await untilDispatched(page, 'touchend', async () => {
    // The page itself, not a pooled visit's stand-in: these touches leave nothing behind.
    const touched = rawPage(page);
    const cdp = await touched.context().newCDPSession(touched);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [start] });
    for (let step = 1; step <= steps; step++) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: start.x + (dx * step) / steps, y: start.y }] });
    }
    // At rest: the same point once more 150 ms later, so the finger's speed as it lifts is nil.
    await new Promise((resolve) => setTimeout(resolve, FINGER_AT_REST_MS));
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: start.x + dx, y: start.y }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  });
}

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Resolves once no finite opacity or colour animation has been running for two looks 150 ms apart (at most 8 s). */
async function settleFades(page: Page) {
  const deadline = Date.now() + 8_000;
  for (let quietLooks = 0; quietLooks < 2 && Date.now() < deadline; ) {
    const fadingNow = await page.evaluate(async () => {
      // Two frames first: a change the page batches per frame (a scroll's, which shows the
      // scroll-to-top link) has then started its transition, so this look sees it.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const paints = (keyframe: ComputedKeyframe) => Object.keys(keyframe).some((property) => property === 'opacity' || /color/i.test(property));
      const fading = document
        .getAnimations()
        .filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity)
        .filter((animation) => (animation.effect as KeyframeEffect | null)?.getKeyframes().some(paints));
      await Promise.all(fading.map((animation) => animation.finished.catch(() => undefined)));
      return fading.length;
    });
    quietLooks = fadingNow === 0 ? quietLooks + 1 : 0;
    if (quietLooks < 2) await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** Runs axe-core (WCAG 2.x A and AA, best practices) and fails with a readable list of violations. */
export async function expectNoAxeViolations(page: Page) {
  // Colour contrast is judged on what is painted: let the finite animations and transitions of
  // opacity or colour end first, or a text half faded in reads as too light. Only finite ones: a
  // slideshow starts new ones on its own. Staggered reveals (a masonry's bricks, §9: 100 ms apart,
  // 500 ms with the curtain) start theirs one after another, so the page counts as still only when
  // two looks 150 ms apart find nothing fading; a gap between two staggered fades is shorter.
  await settleFades(page);
  // Evaluated through the DevTools protocol, not as an inline <script>, which the site's CSP refuses.
  await page.evaluate(axeSource);
  const run = () =>
    page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Array<{ id: string; help: string; nodes: Array<{ target: unknown }> }> }> } }).axe;
      const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
      return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')})`);
    });
  let violations = await run();
  // A widget on its own timer (the text rotator's next line, 400 ms of fade) may start a fade after the
  // settling above and before axe reads the colours. Such a reading does not last, so a run that finds
  // something is repeated once the fades have settled again, and that run's findings are the answer.
  if (violations.length > 0) {
    await settleFades(page);
    violations = await run();
  }
  expect(violations).toEqual([]);
}

/**
 * The page's fake clock installed at `start` and paused a second later, where only the test moves
 * it (`runFor`, `fastForward`); call before the page loads. An installed clock flows with real time
 * until it is paused, so `pauseAt` fails ("Cannot fast-forward to the past") when more than that
 * second passes between the two calls on a loaded machine: the pair is then made again. The clock
 * of every page the context opens later replays the last pair, so it starts paused at `start` + 1 s.
 */
export async function pauseClock(page: Page, start: number): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await page.clock.install({ time: start });
    try {
      await page.clock.pauseAt(start + 1000);
      return;
    } catch (problem) {
      if (attempt >= 5 || !(problem instanceof Error) || !problem.message.includes('Cannot fast-forward to the past')) throw problem;
    }
  }
}
