import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { mainMenu as menuItems } from '../../demo/site-pages';
import { expectNoAxeViolations, hydrated, pauseClock, untilDispatched, useBrowser } from '../support/browser';
import { lightPixels } from '../support/pixels';

const { visit } = useBrowser();

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, userAgent: IPHONE_UA };
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
const NARROW_DESKTOP: BrowserContextOptions = { viewport: { width: 800, height: 900 } };

const CLOCK_START = Date.UTC(2026, 0, 5, 9, 0, 0);

/** §4 Burger menu: the second marker after 100 ms, then every first-level item (Language too) 125 ms apart. */
const BURGER_OPEN_MS = 100 + (menuItems.length + 1) * 125 + 50;

/** Opens `path` with Playwright's fake clock installed before any page script runs. */
async function open(path: string, options: BrowserContextOptions = DESKTOP) {
  const visited = await visit('about:blank', options);
  // An installed clock also flows with real time unless paused: paused, only the test moves it.
  await pauseClock(visited.page, CLOCK_START);
  await visited.page.goto(path);
  await visited.page.waitForFunction(() => window.sitecharts !== undefined);
  return visited;
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/**
 * Scrolls and waits for the browser's scroll event (dispatched on its own rendering step, not on the
 * fake clock), then runs the fake clock past the scroll source's animation frame.
 */
async function scrollTo(page: Page, y: number) {
  await page.evaluate(
    (top) =>
      new Promise<void>((resolve) => {
        const reachable = Math.min(top, document.documentElement.scrollHeight - window.innerHeight);
        if (Math.round(window.scrollY) === Math.max(0, reachable)) return resolve();
        window.addEventListener('scroll', () => resolve(), { once: true });
        window.scrollTo({ top, behavior: 'instant' });
      }),
    y,
  );
  await page.clock.runFor(40);
}

/**
 * Resizes the viewport and waits for the browser's resize event (dispatched on its own rendering
 * step, not on the fake clock), then runs the fake clock past the scroll source's animation frame.
 */
async function resizeTo(page: Page, viewport: { width: number; height: number }) {
  await untilDispatched(page, 'resize', () => page.setViewportSize(viewport));
  await page.clock.runFor(40);
}

/** Advances the fake clock in small steps until `done` holds (a lazily loaded chunk may arrive in between). */
async function runUntil(page: Page, done: () => Promise<boolean>, limit = 60) {
  for (let i = 0; i < limit; i++) {
    if (await done()) return;
    await page.clock.runFor(100);
  }
  expect(await done()).toBe(true);
}

/** What the smooth-scroll machine asked the scroll effect to do, read from the runtime's trace. */
const scrollRequests = (page: Page) =>
  page.evaluate(() =>
    (window.sitecharts?.trace ?? []).flatMap((entry) =>
      entry.kind === 'event' && entry.actor.endsWith('smoothScroll.scrolling') && entry.event.type === 'xstate.init' ? [(entry.event as { input?: unknown }).input] : [],
    ),
  );

/** Where a smooth scroll to `#id` should land: the element's top minus the header's height (0 on mobile). */
const expectedTarget = (page: Page, id: string, headerOffset: boolean) =>
  page.evaluate(
    ([targetId, withHeader]) => {
      const target = document.getElementById(targetId);
      const header = document.querySelector<HTMLElement>('[data-sticky-header]');
      if (!target) throw new Error(`no #${targetId}`);
      const max = document.documentElement.scrollHeight - window.innerHeight;
      if (target.closest('[data-curtain="active"]')) return max;
      return Math.min(max, Math.max(0, Math.round(target.getBoundingClientRect().top + window.scrollY - (withHeader ? (header?.offsetHeight ?? 0) : 0))));
    },
    [id, headerOffset] as const,
  );

describe('sticky header and scroll-to-top (§2, §9)', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])('the header shrinks on scroll and turns solid after 50 px; the link shows from 500 px (%s)', async (_size, options) => {
    const { page, errors } = await open('/about/', options);
    const header = page.locator('[data-sticky-header]');
    const backToTop = page.getByRole('link', { name: 'Back to top' });
    expect(await header.getAttribute('data-header')).toBe('top');
    await expect.poll(() => backToTop.isVisible()).toBe(false);
    const pageTop = () => page.locator('main').evaluate((main) => Math.round(main.getBoundingClientRect().top + window.scrollY));
    const mainBefore = await pageTop();
    await scrollTo(page, 30);
    expect(await header.getAttribute('data-header')).toBe('shrunk');
    // Shrinking the header does not move the page under it.
    expect(await pageTop()).toBe(mainBefore);
    await scrollTo(page, 50);
    expect(await header.getAttribute('data-header')).toBe('shrunk');
    await scrollTo(page, 51);
    expect(await header.getAttribute('data-header')).toBe('solid');
    await scrollTo(page, 499);
    expect(await backToTop.isVisible()).toBe(false);
    await scrollTo(page, 500);
    expect(await backToTop.getAttribute('data-state')).toBe('shown');
    await expect.poll(() => backToTop.isVisible()).toBe(true);
    await scrollTo(page, 0);
    expect(await header.getAttribute('data-header')).toBe('top');
    // The fade-out is a CSS transition, on the browser's own time.
    await expect.poll(() => backToTop.isVisible()).toBe(false);
    expect(errors).toEqual([]);
  });

  it('the header stays in the flow on phones (no sticky offset) and Back to top scrolls home', async () => {
    const { page } = await open('/about/', PHONE);
    expect(await page.locator('[data-sticky-header]').evaluate((h) => getComputedStyle(h).position)).toBe('static');
    await scrollTo(page, 1500);
    await page.getByRole('link', { name: 'Back to top' }).click();
    await runUntil(page, async () => new URL(page.url()).hash === '#header');
    expect(await scrollY(page)).toBe(0);
  });
});

describe('without JavaScript', () => {
  it('the full menu shows, no burger, and Back to top is a plain link at the end', async () => {
    const { page } = await visit('/about/', { ...PHONE, javaScriptEnabled: false });
    expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dosing guide' }).isVisible()).toBe(true);
    const backToTop = page.getByRole('link', { name: 'Back to top' });
    expect(await backToTop.isVisible()).toBe(true);
    expect(await backToTop.evaluate((link) => getComputedStyle(link).position)).toBe('static');
    expect(await page.locator('[data-waypoint]').first().evaluate((card) => getComputedStyle(card).opacity)).toBe('1');
  });
});

describe('smooth scroll (§2, §9)', () => {
  it('a hash link scrolls over 1200 ms (a tween on the page clock) below the header, then replaces the hash', async () => {
    const { page } = await open('/about/');
    const historyLength = await page.evaluate(() => history.length);
    await page.getByRole('link', { name: 'write to us' }).click();
    const target = await expectedTarget(page, 'contact', true);
    // Issue 22: every frame of the scroll is on the injected clock, so the fake clock alone moves it.
    await page.clock.runFor(600);
    const midway = await scrollY(page);
    expect(midway).toBeGreaterThan(0);
    expect(midway).toBeLessThan(target);
    expect(new URL(page.url()).hash).toBe('');
    await page.clock.runFor(600 + 16);
    await expect.poll(() => new URL(page.url()).hash).toBe('#contact');
    expect(Math.abs((await scrollY(page)) - (await expectedTarget(page, 'contact', true)))).toBeLessThanOrEqual(2);
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
    expect(await scrollRequests(page)).toEqual([{ hash: '#contact', duration: 1200, easing: 'easeInOutQuint' }]);
  });

  it("'#next-section' scrolls to the next visible section after the link's own", async () => {
    const { page } = await open('/about/');
    await page.getByRole('link', { name: 'Read on' }).click();
    await runUntil(page, async () => new URL(page.url()).hash === '#who-we-are');
    expect(Math.abs((await scrollY(page)) - (await expectedTarget(page, 'who-we-are', true)))).toBeLessThanOrEqual(2);
  });

  it('under prefers-reduced-motion it jumps', async () => {
    const { page } = await open('/about/', { ...DESKTOP, reducedMotion: 'reduce' });
    await page.getByRole('link', { name: 'write to us' }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#contact');
    expect(Math.abs((await scrollY(page)) - (await expectedTarget(page, 'contact', true)))).toBeLessThanOrEqual(2);
    expect(await scrollRequests(page)).toEqual([{ hash: '#contact', duration: 0, easing: 'easeInOutQuint' }]);
  });

  it('a page loaded with a hash scrolls to its target after the first scroll (phone: no header offset)', async () => {
    const { page } = await open('/about/#volunteering', PHONE);
    await page.mouse.wheel(0, 10);
    await page.evaluate(() => window.scrollBy(0, 1));
    await page.clock.runFor(40);
    await runUntil(page, async () => Math.abs((await scrollY(page)) - (await expectedTarget(page, 'volunteering', false))) <= 2);
    expect(new URL(page.url()).hash).toBe('#volunteering');
  });

  /** Whether any of the curtain footer is what shows at the viewport's bottom edge (the page covers it until its end). */
  const footerAtBottom = (page: Page) =>
    page.evaluate(() => {
      const hit = document.elementFromPoint(window.innerWidth / 2, window.innerHeight - 10);
      return hit?.closest('[data-curtain-footer]') !== null && hit !== null;
    });

  it('on a desktop, the visitor’s own wheel during a link’s smooth scroll ends it where the visitor took the page; no hash is written (issue 49.3)', async () => {
    const { page } = await open('/about/');
    await page.getByRole('link', { name: 'write to us' }).click();
    await page.clock.runFor(300);
    const midway = await scrollY(page);
    expect(midway).toBeGreaterThan(0);
    await untilDispatched(page, 'wheel', () => page.mouse.wheel(0, -120));
    await page.clock.runFor(1200 + 100);
    // The browser's own animation of the wheel's 120 px runs on real time, not the page's fake clock:
    // where the visitor took the page is where it rests once that is done (a clean-clone run at load
    // 4.5 read it 120 px early). Two readings 100 ms apart that agree.
    let previous = Number.NaN;
    await expect.poll(async () => previous === (previous = await scrollY(page))).toBe(true);
    const left = previous;
    await page.clock.runFor(1000);
    // The page stays where the visitor took it (up from where the scroll was), short of #contact (the footer at the page's end), which does not show.
    expect(Math.abs((await scrollY(page)) - left)).toBeLessThanOrEqual(2);
    expect(left).toBeLessThan(midway);
    // The machine was told, through the runtime (what a recording replays).
    const told = await page.evaluate(() => (window.sitecharts?.trace ?? []).flatMap((entry) => (entry.kind === 'event' && entry.actor.startsWith('smooth-scroll') ? [entry.event.type] : [])));
    expect(told).toContain('visitor.scroll');
    expect(await footerAtBottom(page)).toBe(false);
    expect(new URL(page.url()).hash).toBe('');
    // The next link scrolls again, to its end.
    await page.getByRole('link', { name: 'write to us' }).click();
    await runUntil(page, async () => new URL(page.url()).hash === '#contact');
  });

  it('on a 390 px phone, a touch on the page during a link’s smooth scroll ends it (issue 49.3)', async () => {
    const { page } = await open('/about/', PHONE);
    await page.getByRole('link', { name: 'write to us' }).tap();
    await page.clock.runFor(300);
    const midway = await scrollY(page);
    expect(midway).toBeGreaterThan(0);
    await untilDispatched(page, 'touchend', async () => {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 200, y: 400 }] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await cdp.detach();
    });
    await page.clock.runFor(1200 + 100);
    const left = await scrollY(page);
    await page.clock.runFor(1000);
    expect(Math.abs((await scrollY(page)) - left)).toBeLessThanOrEqual(2);
    expect(left).toBeLessThanOrEqual(midway + 2);
    expect(left).toBeLessThan(await expectedTarget(page, 'contact', false));
    expect(await footerAtBottom(page)).toBe(false);
    expect(new URL(page.url()).hash).toBe('');
  });

  it('on a phone a hash link lands the target at the very top', async () => {
    const { page } = await open('/about/', PHONE);
    await page.getByRole('link', { name: 'Read on' }).click();
    await runUntil(page, async () => new URL(page.url()).hash === '#who-we-are');
    expect(Math.abs((await scrollY(page)) - (await expectedTarget(page, 'who-we-are', false)))).toBeLessThanOrEqual(2);
  });
});

describe('burger menu (§4 Burger menu, §9)', () => {
  const burger = (page: Page) => page.getByRole('button', { name: 'Menu' });
  const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main' });
  const menuState = (page: Page) => page.locator('[data-sticky-header]').getAttribute('data-menu');

  it('is hidden on wide screens, where the menu shows in full', async () => {
    const { page } = await open('/', DESKTOP);
    expect(await burger(page).isVisible()).toBe(false);
    expect(await mainMenu(page).getByRole('link', { name: 'Dosing guide' }).isVisible()).toBe(true);
  });

  it('opens (fade, items staggered 125 ms), ignores clicks while animating, locks the page, and Escape returns focus', async () => {
    const { page } = await open('/', NARROW_DESKTOP);
    expect(await burger(page).isVisible()).toBe(true);
    expect(await mainMenu(page).isVisible()).toBe(false);
    await burger(page).click();
    expect(await burger(page).getAttribute('aria-expanded')).toBe('true');
    expect(await burger(page).getAttribute('aria-controls')).toBe('main-menu');
    expect(await menuState(page)).toBe('opening');
    expect(await page.locator('html').getAttribute('class')).toContain('sc-scroll-locked');
    await burger(page).click();
    expect(await burger(page).getAttribute('aria-expanded')).toBe('true');
    await page.clock.runFor(100);
    expect(await page.locator('[data-sticky-header]').getAttribute('data-menu-items')).toBe('shown');
    // Every first-level item (the Language link included), 125 ms apart.
    const items = await mainMenu(page).locator('[data-main-menu] > li').count();
    expect(items).toBe(menuItems.length + 1);
    await page.clock.runFor(items * 125 - 1);
    expect(await menuState(page)).toBe('opening');
    await page.clock.runFor(1);
    expect(await menuState(page)).toBe('open');
    expect(await mainMenu(page).getByRole('link', { name: 'Dosing guide' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    expect(await menuState(page)).toBe('closing');
    expect(await burger(page).evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await page.locator('html').getAttribute('class')).not.toContain('sc-scroll-locked');
    await page.clock.runFor(300);
    expect(await menuState(page)).toBe('closed');
    expect(await burger(page).getAttribute('aria-expanded')).toBe('false');
    expect(await mainMenu(page).isVisible()).toBe(false);
  });

  it('closes when Tab moves focus past its last item', async () => {
    const { page } = await open('/', NARROW_DESKTOP);
    await burger(page).click();
    await page.clock.runFor(BURGER_OPEN_MS);
    // Donate, the header's call to action, is the last item (issue 19).
    await mainMenu(page).getByRole('link', { name: 'Donate' }).focus();
    expect(await menuState(page)).toBe('open');
    await page.keyboard.press('Tab');
    expect(await menuState(page)).toBe('closing');
  });

  it('closes when a resize hides the burger (1024 px, issue 19), not when it stays', async () => {
    const { page } = await open('/', NARROW_DESKTOP);
    await burger(page).click();
    await page.clock.runFor(BURGER_OPEN_MS);
    await resizeTo(page, { width: 1023, height: 900 });
    expect(await menuState(page)).toBe('open');
    await resizeTo(page, { width: 1024, height: 900 });
    expect(await menuState(page)).toBe('closing');
  });

  it('on a phone it switches at 768 px, and a menu link that scrolls the page closes it', async () => {
    const { page } = await open('/about/', PHONE);
    await burger(page).click();
    await page.clock.runFor(BURGER_OPEN_MS);
    await resizeTo(page, { width: 700, height: 844 });
    expect(await menuState(page)).toBe('open');
    await mainMenu(page).getByRole('link', { name: 'Contact' }).click();
    expect(await menuState(page)).toBe('closing');
    await runUntil(page, async () => new URL(page.url()).hash === '#contact');
    expect(await menuState(page)).toBe('closed');
    await burger(page).click();
    await page.clock.runFor(BURGER_OPEN_MS);
    await resizeTo(page, { width: 800, height: 844 });
    expect(await menuState(page)).toBe('closing');
  });

  /** Every link of the open menu as the visitor sees it: opacity down its ancestors, on screen, on top at its centre. */
  const seenLinks = (page: Page) =>
    mainMenu(page)
      .getByRole('link')
      .evaluateAll((links) =>
        links.map((link) => {
          let opacity = 1;
          for (let element: Element | null = link; element; element = element.parentElement) opacity *= Number(getComputedStyle(element).opacity);
          const box = link.getBoundingClientRect();
          const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return {
            name: link.textContent,
            opaque: opacity > 0.99,
            onScreen: box.width > 0 && box.height > 0 && box.left >= 0 && box.top >= 0 && box.right <= window.innerWidth && box.bottom <= window.innerHeight,
            onTop: hit !== null && link.contains(hit),
            box: { x: box.left, y: box.top, width: box.width, height: box.height },
          };
        }),
      );

  it.each([
    ['a phone, 390 px', PHONE],
    ['a desktop window, 900 px', { viewport: { width: 900, height: 800 } }],
  ])('opened by click, Enter or Space, every link shows: opaque, on screen, on top, painted (issue 23.1, %s)', async (_size, options) => {
    const { page } = await open('/', options);
    // Issue 19: Donate, the call to action, comes after Language.
    const names = [...menuItems.filter((item) => item.href !== '/donate/').map((item) => item.label), 'Language', 'Donate'];
    for (const how of ['click', 'Enter', 'Space'] as const) {
      if (how === 'click') await burger(page).click();
      else {
        await burger(page).focus();
        await page.keyboard.press(how);
      }
      await page.clock.runFor(BURGER_OPEN_MS);
      expect(await menuState(page)).toBe('open');
      expect(await burger(page).getAttribute('aria-expanded')).toBe('true');
      // The staggered fade-in is a CSS transition, on the browser's own time.
      await expect.poll(async () => (await seenLinks(page)).filter((link) => link.opaque).map((link) => link.name)).toEqual(names);
      const links = await seenLinks(page);
      expect(links.filter((link) => !link.onScreen || !link.onTop).map((link) => link.name)).toEqual([]);
      // White text on the dark overlay: each link's own box holds light pixels in a screenshot.
      const light = await lightPixels(page, links.map((link) => link.box));
      expect(links.filter((_, i) => (light[i] ?? 0) < 20).map((link) => link.name)).toEqual([]);
      await page.keyboard.press('Escape');
      await page.clock.runFor(300);
      expect(await menuState(page)).toBe('closed');
    }
  });

  it('passes axe with the overlay open', async () => {
    const { page } = await open('/', PHONE);
    await burger(page).click();
    await page.clock.runFor(BURGER_OPEN_MS);
    expect(await menuState(page)).toBe('open');
    // axe schedules its own work on timers: let the clock flow again.
    await page.clock.resume();
    await expectNoAxeViolations(page);
  });
});

describe('scroll-spy and table of contents (§1, §2)', () => {
  it('lists the chosen heading levels with slug ids, skips excluded ones, and marks the section in view', async () => {
    const { page } = await open('/about/');
    await hydrated(page);
    const toc = page.getByRole('navigation', { name: 'On this page' });
    await expect.poll(() => toc.getByRole('link').allTextContents()).toContain('How a visit works');
    const names = await toc.getByRole('link').allTextContents();
    expect(names).toContain('Where we work');
    expect(names).not.toContain('A note for professionals');
    expect(names).not.toContain('About Harbourlight');
    expect(await page.getByRole('heading', { name: 'How a visit works' }).getAttribute('id')).toBe('how-a-visit-works');
    expect(await toc.getByRole('link', { name: 'How a visit works' }).getAttribute('href')).toBe('#how-a-visit-works');
    await scrollTo(page, await expectedTarget(page, 'volunteering', true));
    await expect.poll(() => toc.getByRole('link', { name: 'Volunteering' }).getAttribute('aria-current')).toBe('location');
    expect(await toc.locator('[aria-current="location"]').count()).toBe(1);
  });

  it('the main menu item whose section is in view is highlighted', async () => {
    const { page } = await open('/', DESKTOP);
    const ourCare = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Our care' });
    expect(await ourCare.getAttribute('aria-current')).toBeNull();
    await scrollTo(page, await expectedTarget(page, 'services', true));
    await expect.poll(() => ourCare.getAttribute('aria-current')).toBe('location');
    await scrollTo(page, 0);
    await expect.poll(() => ourCare.getAttribute('aria-current')).toBeNull();
  });
});

/** The parallax module loads where a section is; its 50 ms count from its actor's start, not from navigation. */
const parallaxStarted = (page: Page) =>
  page.waitForFunction(() => (window.sitecharts?.trace ?? []).some((entry) => entry.kind === 'actor' && entry.actor.startsWith('parallax-')));

describe('parallax, curtain footer, waypoints, equal heights, tooltips (§4, §9)', () => {
  it('parallax sections are positioned 50 ms after load on desktop and move with the scroll', async () => {
    const { page } = await open('/', DESKTOP);
    const section = page.locator('[data-parallax]').first();
    await parallaxStarted(page);
    await page.clock.runFor(49);
    expect(await section.getAttribute('class')).not.toContain('parallax-enabled');
    await page.clock.runFor(11);
    expect(await section.getAttribute('class')).toContain('parallax-enabled');
    const offset = () => section.evaluate((s) => (s as HTMLElement).style.getPropertyValue('--parallax-y'));
    const before = await offset();
    await scrollTo(page, 400);
    expect(await offset()).not.toBe(before);
  });

  it('parallax stays off on phones and under reduced motion', async () => {
    for (const options of [PHONE, { ...DESKTOP, reducedMotion: 'reduce' as const }]) {
      const { page } = await open('/', options);
      await parallaxStarted(page);
      await page.clock.runFor(200);
      expect(await page.locator('.parallax-enabled').count()).toBe(0);
    }
  });

  it('the footer is a curtain while it fits in 70 % of the viewport', async () => {
    const { page } = await open('/about/', DESKTOP);
    await expect.poll(() => page.locator('[data-curtain-footer]').getAttribute('data-curtain')).toBe('active');
    const footerHeight = await page.locator('[data-curtain-footer]').evaluate((f) => (f as HTMLElement).offsetHeight);
    await resizeTo(page, { width: 1280, height: footerHeight + 20 });
    await page.clock.runFor(150);
    await expect.poll(() => page.locator('[data-curtain-footer]').getAttribute('data-curtain')).toBe('inactive');
  });

  it('on a desktop, a mouse click in the curtain footer (its newsletter field) does not lift it over the page: scrolled back up, the page shows, not the footer (issue 49.1)', async () => {
    const { page } = await visit('/about/', DESKTOP);
    const footer = page.locator('[data-curtain-footer]');
    await expect.poll(() => footer.getAttribute('data-curtain')).toBe('active');
    await page.mouse.move(640, 400);
    await page.mouse.wheel(0, 100_000);
    const field = footer.getByRole('textbox', { name: 'Your e-mail' });
    await expect.poll(() => field.evaluate((input) => document.elementFromPoint(input.getBoundingClientRect().left + 5, input.getBoundingClientRect().top + 5) === input)).toBe(true);
    await field.click();
    expect(await field.evaluate((input) => input === document.activeElement)).toBe(true);
    await page.mouse.wheel(0, -100_000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    // Focus still in the footer, and what shows at the window's bottom and middle is the page.
    expect(await field.evaluate((input) => input === document.activeElement)).toBe(true);
    const shown = () =>
      page.evaluate(() => [window.innerHeight - 10, window.innerHeight / 2].map((y) => document.elementFromPoint(window.innerWidth / 2, y)?.closest('main, footer')?.tagName));
    expect(await shown()).toEqual(['MAIN', 'MAIN']);
  });

  it('on a desktop, Tab into the covered curtain footer shows what has focus (issue 49.1, WCAG 2.4.11)', async () => {
    const { page } = await visit('/about/', DESKTOP);
    const footer = page.locator('[data-curtain-footer]');
    await expect.poll(() => footer.getAttribute('data-curtain')).toBe('active');
    const inFooter = () => page.evaluate(() => document.activeElement?.closest('[data-curtain-footer]') !== null && document.activeElement !== null);
    for (let tab = 0; tab < 200 && !(await inFooter()); tab++) await page.keyboard.press('Tab');
    expect(await inFooter()).toBe(true);
    // What has focus is what shows at its middle: not under the page.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const focused = document.activeElement;
          if (!focused) return false;
          const box = focused.getBoundingClientRect();
          const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return hit !== null && (hit === focused || focused.contains(hit)) && box.bottom <= window.innerHeight;
        }),
      )
      .toBe(true);
  });

  it('cards are revealed at their waypoint and a row shares its tallest height', async () => {
    const { page } = await open('/about/', DESKTOP);
    const cards = page.locator('#our-values .card');
    expect(await cards.first().getAttribute('class')).not.toContain('is-reached');
    await scrollTo(page, await expectedTarget(page, 'our-values', true));
    await expect.poll(async () => (await cards.evaluateAll((all) => all.filter((c) => c.classList.contains('is-reached')).length))).toBe(3);
    // Cards in one row (same layout top) share one height; at this width the row holds two.
    const rows = await cards.evaluateAll((all) => {
      const byTop = new Map<number, number[]>();
      for (const card of all as HTMLElement[]) byTop.set(card.offsetTop, [...(byTop.get(card.offsetTop) ?? []), card.offsetHeight]);
      return [...byTop.values()];
    });
    expect(rows.some((row) => row.length > 1)).toBe(true);
    for (const row of rows) expect(new Set(row).size).toBe(1);
  });

  it('a tooltip opens 1500 ms after hover and hides on Escape', async () => {
    const { page } = await open('/about/', DESKTOP);
    const trigger = page.getByRole('button', { name: 'PICU' });
    const tip = page.getByRole('tooltip', { name: /Paediatric intensive care unit/ });
    const state = () => page.locator('[data-tooltip]').first().getAttribute('data-state');
    // The contents list renders when it hydrates; let it, so the layout stays put under the pointer.
    await hydrated(page);
    await trigger.scrollIntoViewIfNeeded();
    await page.clock.runFor(100);
    // The tooltips' module loads where one is; the wrapper says 'closed' once it has started.
    await expect.poll(state).toBe('closed');
    await trigger.hover();
    expect(await state()).toBe('waiting');
    await page.clock.runFor(1499);
    expect(await state()).toBe('waiting');
    expect(await tip.isVisible()).toBe(false);
    await page.clock.runFor(1);
    expect(await state()).toBe('open');
    await expect.poll(() => tip.isVisible()).toBe(true);
    expect(await trigger.getAttribute('aria-describedby')).toBe('tip-picu');
    await page.keyboard.press('Escape');
    expect(await page.locator('[data-tooltip]').first().getAttribute('data-state')).toBe('hiding');
    await page.clock.runFor(200);
    expect(await page.locator('[data-tooltip]').first().getAttribute('data-state')).toBe('closed');
    await expect.poll(() => tip.isVisible()).toBe(false);
  });

  it('nothing heavier than the page services loads before interaction', async () => {
    const { page, errors } = await open('/about/', PHONE);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.clock.runFor(500);
    expect(scripts).toEqual([]);
    expect(errors).toEqual([]);
  });
});

/**
 * What is stuck at the top of the viewport now: the bottom edge of the sticky header (when it
 * sticks) and of every sticky bar that sticks, as the visitor sees them.
 */
const stuckBottom = (page: Page) =>
  page.evaluate(() => {
    let bottom = 0;
    for (const element of document.querySelectorAll<HTMLElement>('[data-sticky-header], [data-widget="sticky-submenu"]')) {
      const style = getComputedStyle(element);
      if (style.position !== 'sticky' && style.position !== 'fixed') continue;
      const box = element.getBoundingClientRect();
      // Stuck: at its sticking offset (the bar at rest further down covers nothing).
      if (Math.abs(box.top - (Number.parseFloat(style.top) || 0)) <= 1 && box.height > 0) bottom = Math.max(bottom, box.bottom);
    }
    return bottom;
  });

/** Where an element is on screen, and whether it is what the visitor sees at its own centre. */
const seen = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + Math.min(box.width / 2, 40), box.top + box.height / 2);
    return { top: box.top, bottom: box.bottom, onTop: hit !== null && element.contains(hit) };
  });

describe('what is stuck at the top never hides what the visitor went to (issue 20)', () => {
  it('the sticky sub-menu sticks below the sticky header, every link on top, also after a resize (20.2, desktop)', async () => {
    const { page } = await open('/services/', DESKTOP);
    await hydrated(page);
    const nav = page.getByRole('navigation', { name: 'On this page' });
    for (const width of [1280, 1000]) {
      if (width !== 1280) await resizeTo(page, { width, height: 800 });
      await scrollTo(page, width === 1280 ? 1500 : 1600);
      await expect.poll(() => nav.getAttribute('data-stuck')).toBe('true');
      const header = await page.locator('[data-sticky-header]').evaluate((h) => h.getBoundingClientRect().bottom);
      const links = await nav.getByRole('link').evaluateAll((all) =>
        all.map((link) => {
          const box = link.getBoundingClientRect();
          const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return { name: link.textContent, top: box.top, onTop: hit !== null && link.contains(hit) };
        }),
      );
      expect(links.map((link) => link.name)).toEqual(['At a glance', 'Programmes', 'Referral', 'News', 'Questions']);
      expect(links.filter((link) => !link.onTop || link.top < header).map((link) => link.name)).toEqual([]);
      // Stuck right below the header, not lower down.
      expect(Math.abs((await nav.evaluate((n) => n.getBoundingClientRect().top)) - header)).toBeLessThanOrEqual(2);
    }
  });

  it.each([
    ['desktop', DESKTOP, false],
    ['phone', PHONE, true],
  ])('a sub-menu link lands its section fully visible just below what is stuck, its scroll-margin kept (20.3, %s)', async (_size, options, folded) => {
    const { page } = await open('/services/', options);
    await hydrated(page);
    // A page's own scroll-margin on a target is kept on top of what is stuck. Set through the CSSOM:
    // the strict CSP (issue 17) refuses an injected <style> element.
    await page.locator('#news').evaluate((news: HTMLElement) => {
      news.style.scrollMarginTop = '24px';
    });
    const nav = page.getByRole('navigation', { name: 'On this page' });
    for (const [name, id, margin] of [['Referral', 'referral', 0], ['News', 'news', 24], ['Programmes', 'programmes', 0]] as const) {
      if (folded) {
        await nav.getByRole('button', { name: 'On this page' }).click();
        await expect.poll(() => nav.getByRole('link', { name }).isVisible()).toBe(true);
      }
      await nav.getByRole('link', { name }).click();
      await runUntil(page, async () => new URL(page.url()).hash === `#${id}`);
      const target = await seen(page, `#${id} h2`);
      const stuck = await stuckBottom(page);
      expect(stuck).toBeGreaterThan(0);
      // Fully visible below the stuck bars, and just below them (not half a screen further down).
      expect(target.top).toBeGreaterThanOrEqual(stuck + margin - 1);
      expect(target.onTop).toBe(true);
      const section = await page.locator(`#${id}`).evaluate((s) => s.getBoundingClientRect().top);
      expect(Math.abs(section - (stuck + margin))).toBeLessThanOrEqual(2);
    }
  });

  it('the shrunk header is about half the full header at 1280 x 800 (20.6, reference notes)', async () => {
    const { page } = await open('/services/', DESKTOP);
    const header = page.locator('[data-sticky-header]');
    const full = await header.evaluate((h) => h.getBoundingClientRect().height);
    await scrollTo(page, 400);
    expect(await header.getAttribute('data-header')).toBe('solid');
    const shrunk = await header.evaluate((h) => h.getBoundingClientRect().height);
    expect(shrunk / full).toBeGreaterThanOrEqual(0.4);
    expect(shrunk / full).toBeLessThanOrEqual(0.6);
    // Everything in it is still there and on top: the menu, the search button, the home link.
    for (const selector of ['[data-sticky-header] .brand', '[data-main-menu] a[href="/donate/"]', '[data-sticky-header] .search-toggle']) {
      const box = await seen(page, selector);
      expect(box.onTop).toBe(true);
      expect(box.bottom).toBeLessThanOrEqual(shrunk + 1);
    }
  });
});

describe('scroll-spy and the contents list follow what the visitor sees (issue 20)', () => {
  const contact = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' });
  /** Whether the visitor sees the footer: what is painted in the middle of its top line. */
  const footerSeen = (page: Page) =>
    page.locator('[data-curtain-footer]').evaluate((footer) => {
      const box = footer.getBoundingClientRect();
      const y = Math.min(box.top + 10, window.innerHeight * 0.6 - 1);
      const hit = document.elementFromPoint(box.left + box.width / 2, y);
      return hit !== null && footer.contains(hit);
    });

  it('Contact is not current at the top of pages where the page covers the footer; it is once the footer shows (20.4)', { timeout: 120_000 }, async () => {
    // One page of each kind (the rule is the shell's): home, a long article, widgets, a listing, the donate page.
    for (const path of ['/', '/about/', '/services/', '/news/', '/donate/']) {
      const { page } = await open(path, DESKTOP);
      await hydrated(page);
      await expect.poll(() => page.locator('[data-curtain-footer]').getAttribute('data-curtain')).toBe('active');
      await page.clock.runFor(100);
      expect([path, await footerSeen(page)]).toEqual([path, false]);
      expect([path, await contact(page).getAttribute('aria-current')]).toEqual([path, null]);
      // To the end, again while the page still grows (images loading on the way).
      await expect.poll(async () => (await scrollTo(page, 100_000), [path, await footerSeen(page)])).toEqual([path, true]);
      await expect.poll(() => contact(page).getAttribute('aria-current')).toBe('location');
    }
  });

  it('after following a contents link, that heading’s entry is current, its heading in view (20.5)', async () => {
    const { page } = await visit('/about/', { ...DESKTOP, reducedMotion: 'reduce' });
    await hydrated(page);
    const toc = page.getByRole('navigation', { name: 'On this page' });
    await expect.poll(() => toc.getByRole('link').count()).toBeGreaterThan(5);
    const entries = await toc.getByRole('link').evaluateAll((links) => links.map((link) => ({ name: link.textContent ?? '', href: link.getAttribute('href') ?? '' })));
    for (const entry of entries) {
      await toc.getByRole('link', { name: entry.name, exact: true }).click();
      await expect.poll(() => new URL(page.url()).hash).toBe(entry.href);
      // The header shrinks on the frame after the jump: judged once the page has settled.
      await expect
        .poll(async () => {
          const heading = await seen(page, entry.href);
          return [entry.name, heading.onTop, heading.top >= (await stuckBottom(page)) - 1, heading.bottom <= 800];
        })
        .toEqual([entry.name, true, true, true]);
      await expect.poll(() => toc.locator('[aria-current="location"]').allTextContents()).toEqual([entry.name]);
    }
  });
});
