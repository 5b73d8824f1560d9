import { describe, expect, it } from 'vitest';
import { pages } from '../../demo/site-pages';
import { expectNoAxeViolations, useBrowser } from '../support/browser';
import { chunkOf } from '../support/chunks';
import { PHONE } from '../support/phone-visitor';
import { useSharedPages } from '../support/shared-pages';

const { visit, baseURL } = useBrowser();
/** Issue 48: a page for the tests that change only their document; the first load of a page and its requests, in a context of their own. */
const shared = useSharedPages();

/** Every page the sitemap lists, read from the real server. */
async function sitemapPaths(): Promise<string[]> {
  const xml = await (await fetch(new URL('/sitemap.xml', baseURL()))).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname);
}

describe('the demo site', () => {
  it('the sitemap lists every page, and robots.txt points to it', async () => {
    const paths = await sitemapPaths();
    expect(paths).toEqual(expect.arrayContaining(['/', '/dosing/', '/language/']));
    const robots = await (await fetch(new URL('/robots.txt', baseURL()))).text();
    expect(robots).toContain('Sitemap: ');
  });

  it('the sitemap lists exactly the site’s pages', async () => {
    expect((await sitemapPaths()).sort()).toEqual(pages.map((p) => p.path).sort());
  });

  it.each(pages.map((p) => p.path))('%s runs under the CSP with no violation, passes axe and logs no console error', async (path) => {
    const { page, errors, violations } = await shared.visit(path, { waitForHydration: true });
    await page.evaluate(() => window.sitecharts?.islands.settled());
    await expectNoAxeViolations(page);
    expect(violations, path).toEqual([]);
    expect(errors, path).toEqual([]);
  });

  it('the Language link is appended to the main header and leads to /language/', async () => {
    const { page } = await shared.visit('/');
    const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Language' });
    expect(await link.getAttribute('title')).toBe('Select a language');
    await link.click();
    await page.waitForURL('**/language/');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Select a language');
  });

  it('the footer container is #contact, and the header has the search field behind its search button (issue 19)', async () => {
    const { page } = await shared.visit('/');
    expect(await page.locator('footer #contact').count()).toBe(1);
    await page.getByRole('banner').locator('.search-toggle').click();
    expect(await page.getByRole('search').getByRole('combobox', { name: 'Search the site' }).count()).toBe(1);
  });

  it('marks <html> with the device flags at boot', async () => {
    const { page } = await shared.visit('/');
    await page.waitForFunction(() => document.documentElement.classList.contains('sc-js'));
    const classes = await page.evaluate(() => [...document.documentElement.classList]);
    expect(classes).toContain('sc-desktop');
    expect(classes).not.toContain('sc-no-js');
  });

  it('a phone with touch is flagged mobile', async () => {
    const { page } = await visit('/', {
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      hasTouch: true,
      viewport: { width: 390, height: 844 },
    });
    await page.waitForFunction(() => document.documentElement.classList.contains('sc-js'));
    const classes = await page.evaluate(() => [...document.documentElement.classList]);
    expect(classes).toEqual(expect.arrayContaining(['sc-mobile', 'sc-touch']));
  });

  /**
   * Issue 49, goal 2: Chromium draws an SVG file shown as an image (an <img>, the page's icon) as a
   * document of its own, in one main-thread task: 36-57 ms at 4x CPU, the only task over 50 ms on
   * some loads of /about/ and /language/, 33-47 ms for /donate/'s donate-with-card picture. The
   * header's logo is drawn in the page, the icon and that picture are PNGs, so these pages make no
   * such document. A phone's browser (the full one: it fetches the page's icon, as a visitor's does),
   * traced from before the address is asked for until a second after load; what shows is checked
   * too: the logo, its size, on top, and the icon.
   */
  it.each(['/about/', '/language/', '/donate/'])('%s makes no SVG image document while it loads: the logo is drawn in the page, the icon is a PNG', async (path) => {
    const { page } = await visit('about:blank', { ...PHONE });
    const cdp = await page.context().newCDPSession(page);
    const events: Array<{ name: string }> = [];
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as Array<{ name: string }>)));
    const complete = new Promise((done) => cdp.once('Tracing.tracingComplete', done));
    await cdp.send('Tracing.start', { categories: 'blink,devtools.timeline', transferMode: 'ReportEvents' });
    await page.goto(path, { waitUntil: 'load' });
    // The browser asks for the page's icon once the page has loaded.
    await page.evaluate(() => new Promise((done) => setTimeout(done, 1_000)));
    await cdp.send('Tracing.end');
    await complete;
    expect(events.filter((event) => event.name === 'SVGImage::DataChanged')).toEqual([]);
    expect(events.some((event) => event.name === 'ParseHTML'), 'the trace has the page').toBe(true);

    const logo = page.locator('.site-header .brand svg');
    expect(await logo.isVisible()).toBe(true);
    expect(await logo.boundingBox()).toMatchObject({ width: 44, height: 44 });
    expect(await logo.evaluate((element) => element.closest('a')?.contains(document.elementFromPoint(element.getBoundingClientRect().x + 22, element.getBoundingClientRect().y + 22)))).toBe(true);
    expect(await logo.getAttribute('aria-hidden'), 'the link is named by its label, the picture says nothing').toBe('true');
    expect(await page.getByRole('link', { name: 'Harbourlight Children’s Care, home' }).count()).toBe(1);
    const icon = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(icon).toBe('/favicon.png');
    const answer = await fetch(new URL(icon ?? '', baseURL()));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/png');
  });

  it('loads no React on a page whose only islands wait for an interaction, and stops island actors when they are removed', async () => {
    const { page } = await visit('/language/');
    await page.waitForFunction(() => window.sitecharts !== undefined);
    const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.endsWith('.js')));
    expect(scripts.some((name) => name.endsWith(chunkOf('runtime/mount.tsx')))).toBe(false);

    const dosing = await visit('/dosing/', { waitForHydration: true });
    const before = await dosing.page.evaluate(() => window.sitecharts?.report());
    expect(before?.actors.map((a) => a.widget)).toContain('dosing-filter');
    await dosing.page.evaluate(() => document.querySelector('[data-widget="dosing-filter"]')?.remove());
    const left = () => dosing.page.evaluate(() => window.sitecharts?.report());
    await expect.poll(async () => (await left())?.actors.length).toBe((before?.actors.length ?? 0) - 1);
    expect((await left())?.actors.map((a) => a.widget)).not.toContain('dosing-filter');
    expect((await left())?.timers).toBe(0);
  });

  it('a data-hydrate="visible" island below the fold stays waiting (data-island="waiting") until it is scrolled into view, then runs', async () => {
    const { page, errors } = await shared.visit('/', { viewport: { width: 1280, height: 800 } });
    await page.waitForFunction(() => window.sitecharts !== undefined);
    const countdown = page.locator('[data-widget="countdown"][data-hydrate="visible"]');
    // Further below the viewport than the scanner's 200 px look-ahead.
    expect(await countdown.evaluate((element) => element.getBoundingClientRect().top - window.innerHeight)).toBeGreaterThan(200);
    // The hero slideshow, on screen, starts (its behaviour answers, issue 35); once every island that started loading has settled, the countdown still waits.
    await expect.poll(() => page.locator('[data-widget="slideshow"]').getAttribute('data-island')).toBe('answering');
    await page.evaluate(() => window.sitecharts?.islands.settled());
    expect(await countdown.getAttribute('data-island')).toBe('waiting');
    expect((await page.evaluate(() => window.sitecharts?.report()))?.actors.map((actor) => actor.widget)).not.toContain('countdown');

    await countdown.scrollIntoViewIfNeeded();
    // Issue 35: the countdown ticks as its behaviour, which answers input itself: no view, no React.
    await expect.poll(() => countdown.getAttribute('data-island')).toBe('answering');
    await expect.poll(async () => (await page.evaluate(() => window.sitecharts?.report()))?.actors.map((actor) => actor.widget)).toContain('countdown');
    expect(errors).toEqual([]);
  });

  it('answers an unknown page with the 404 page and an unknown ajax action with a 400', async () => {
    const { page } = await shared.visit('/no-such-page/');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('We could not find that page');
    const response = await fetch(new URL('/ajax', baseURL()), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=nope',
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Unknown action 'nope'");
  });
});
