import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { seededRandom } from '../../../runtime/random';
import { parsePageScenario, type PageScenario } from '../../../runtime/replay/scenario';
import { CONSENT_COOKIE } from '../../../runtime/consent';

/**
 * One seeded random visitor session on one page (issue 28, `npm run fuzz:replay`): the page opened
 * with `?inspect&clock=paused&seed=<seed>`, every island hydrated, then `actions` steps of real input
 * in Chromium (clicks or taps, keys, typing, wheel scrolls, hovers) with the paused clock moved by
 * random steps between them (timers fire mid-animation), and the whole page saved from the
 * inspector window's "Save page as scenario", as a tester would. The same seed picks the same
 * actions on the same page.
 */
export const SIZES = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
} satisfies Record<string, BrowserContextOptions>;
export type Size = keyof typeof SIZES;

export interface SessionOptions {
  path: string;
  size: Size;
  seed: number;
  /** How many visitor actions (time steps come between them); 12 unless given. */
  actions?: number;
}

export interface Session {
  /** The whole page as the inspector saved it, unedited. */
  text: string;
  scenario: PageScenario;
  /** What the visitor did, one line each (printed with a failure, to reproduce it by hand). */
  log: string[];
}

/** What a visitor can use without leaving the page; links to other pages are left alone. */
const TARGETS = [
  'button:not([type=submit])',
  '[role=tab]',
  '[role=button]',
  '[role=slider]',
  'a[href^="#"]',
  'summary',
  'input:not([type=hidden]):not([type=submit])',
  'select',
  '[data-widget] a',
  '[tabindex="0"]',
].join(',');
const KEYS = ['Tab', 'Shift+Tab', 'Enter', 'Space', 'Escape', 'ArrowRight', 'ArrowLeft', 'ArrowDown', 'Home', 'End'];
const WORDS = ['28', 'abc', 'care', 'ada@example.org', '', 'x'];

export async function runSession(browser: Browser, baseURL: string, { path, size, seed, actions = 12 }: SessionOptions): Promise<Session> {
  const random = seededRandom(seed);
  const context = await visitorContext(browser, baseURL, size);
  const log: string[] = [];
  try {
    const { page, stayOnPage } = await stayingPage(context, log);
    const inspectorOpened = context.waitForEvent('page', { timeout: 60_000 });
    const address = `${path}${path.includes('?') ? '&' : '?'}inspect&clock=paused&seed=${seed}`;
    await page.goto(address);
    stayOnPage();
    const inspector = await inspectorOpened;
    context.on('page', (other) => void (other === inspector || other === page ? undefined : other.close()));
    await inspector.waitForLoadState('load');
    // The inspector's window opened on top: Chromium runs a window behind another at one animation
    // frame a second, and every step below waits for two of the page's frames.
    await page.bringToFront();
    await page.evaluate(() => window.sitecharts?.islands.hydrateAll());
    await settle(page);

    await visitorSteps(page, { random, size, actions, log, pausedClock: true });

    // The tester turns to the inspector's window to save. Behind the page in Chromium (the phone's
    // sessions), the click waited 0.45-0.9 s for the button; in front, 0.13-0.16 s.
    await inspector.bringToFront();
    const download = inspector.waitForEvent('download');
    await inspector.getByRole('button', { name: 'Save page as scenario' }).click();
    const chunks: Buffer[] = [];
    for await (const chunk of await (await download).createReadStream()) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    return { text, scenario: parsePageScenario(JSON.parse(text), `${path} ${size} seed ${seed}`), log };
  } catch (problem) {
    // What the visitor did is the way to reproduce it.
    throw new Error(`${problem instanceof Error ? (problem.message.split('\n')[0] ?? '') : String(problem)}; the visitor: ${log.slice(-6).join('; ')}`);
  } finally {
    await context.close();
  }
}

/** A browser context at `size` for a visitor who answered the cookie banner (essential only): the banner does not cover the page. */
export async function visitorContext(browser: Browser, baseURL: string, size: Size, more: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, ...SIZES[size], acceptDownloads: true, ...more });
  await context.addCookies([{ name: CONSENT_COOKIE, value: 'refused', url: baseURL, sameSite: 'Strict' }]);
  context.setDefaultTimeout(30_000);
  return context;
}

/**
 * A page of `context` that, once `stayOnPage()` is called (after its first load), stays where it is: a
 * navigation (a link, a form's plain submit, a redirect to the payment provider) is refused and
 * noted in `log`. A refused navigation is answered 204 No Content, on which the browser stays on the
 * page as it is (an aborted one would replace it with an error page).
 */
export async function stayingPage(context: BrowserContext, log: string[]): Promise<{ page: Page; stayOnPage: () => void }> {
  const page = await context.newPage();
  let started = false;
  await page.route('**/*', (route) => {
    const request = route.request();
    if (!started || !request.isNavigationRequest() || request.frame() !== page.mainFrame()) return route.fallback();
    log.push(`refused a navigation to ${request.url()}`);
    return route.fulfill({ status: 204 });
  });
  const stayOnPage = () => {
    started = true;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) log.push(`the page navigated to ${frame.url()}`);
    });
  };
  return { page, stayOnPage };
}

/**
 * `actions` seeded random steps of real input on a page (clicks or taps, keys, typing, wheel
 * scrolls, hovers), each followed by the page settling. On a paused clock (`?inspect&clock=paused`)
 * time moves between them by a random step or to the next timer; on a visitor's page it runs as it does.
 */
export async function visitorSteps(page: Page, { random, size, actions, log, pausedClock }: { random: () => number; size: Size; actions: number; log: string[]; pausedClock: boolean }): Promise<void> {
  const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(random() * items.length)];
  for (let i = 0; i < actions; i++) {
    const what = random();
    if (what < 0.4) {
      const targets = await visibleTargets(page);
      const index = pick(targets);
      const hover = random() < 0.25;
      if (index !== undefined) {
        const done = await act(page, index, hover ? 'hover' : size === 'phone' ? 'tap' : 'click');
        log.push(`${hover ? 'hover' : size === 'phone' ? 'tap' : 'click'} ${done}`);
      }
    } else if (what < 0.55) {
      const key = pick(KEYS) ?? 'Tab';
      await page.keyboard.press(key).catch(() => undefined);
      log.push(`key ${key}`);
    } else if (what < 0.65) {
      const word = pick(WORDS) ?? '';
      const typed = await page.evaluate(() => document.activeElement instanceof HTMLInputElement || document.activeElement instanceof HTMLTextAreaElement);
      if (typed) {
        await page.keyboard.type(word);
        log.push(`type ${JSON.stringify(word)}`);
      }
    } else {
      const dy = Math.round((random() - 0.35) * 2400);
      if (size === 'phone') await page.evaluate((by) => window.scrollBy(0, by), dy);
      else {
        await page.mouse.move(640, 400);
        await page.mouse.wheel(0, dy);
      }
      log.push(`scroll ${dy}`);
    }
    await settle(page);
    if (!pausedClock) continue;
    // Time moves by a random step, or to the next timer (an animation's end, an autoplay).
    if (random() < 0.3) {
      await page.evaluate(() => window.postMessage({ type: 'sitecharts.next-timer' }, window.location.origin));
      log.push('next timer');
    } else {
      const ms = Math.round(random() * random() * 3000);
      await page.evaluate((by) => window.postMessage({ type: 'sitecharts.advance', ms: by }, window.location.origin), ms);
      log.push(`advance ${ms} ms`);
    }
    await settle(page);
  }
}

/** Lets the page handle what it was given: two animation frames (page-scroll reads in one) and a task. */
async function settle(page: Page) {
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0)))));
}

/**
 * The numbers (among every TARGETS match) of those a visitor sees in the viewport now and can reach:
 * what is on top at the target's centre is the target (a tap there lands on it, not on an open menu
 * over it), and no link to another page, which would end the session.
 */
async function visibleTargets(page: Page): Promise<number[]> {
  return page.locator(TARGETS).evaluateAll((elements) =>
    elements.flatMap((element, i) => {
      const box = element.getBoundingClientRect();
      const shown = box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < innerHeight && getComputedStyle(element).visibility !== 'hidden';
      // The footer's "Report a problem" is left alone: a random session sends no report.
      if (!shown || element.closest('[data-problem-report-open]')) return [];
      const top = document.elementFromPoint(box.left + box.width / 2, Math.min(box.top + box.height / 2, innerHeight - 1));
      const reached = top !== null && (element === top || element.contains(top));
      const link = top?.closest('a');
      const leaves = link instanceof HTMLAnchorElement && link.href !== '' && (link.origin !== location.origin || link.pathname !== location.pathname);
      return reached && !leaves ? [i] : [];
    }),
  );
}

/** Clicks, taps or hovers the target by its number; says what it was. */
async function act(page: Page, index: number, how: 'click' | 'tap' | 'hover'): Promise<string> {
  const target = page.locator(TARGETS).nth(index);
  const name = await target
    .evaluate((element) => `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 30)}"`, undefined, { timeout: 2_000 })
    .catch(() => '(gone)');
  const options = { timeout: 2_000, force: true } as const;
  await (how === 'hover' ? target.hover(options) : how === 'tap' ? target.tap(options) : target.click(options)).catch(() => undefined);
  return name;
}
