import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { sitemapPaths } from '../support/phone-visitor';

const { visit } = useBrowser();

const SIZES = [
  { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { viewport: { width: 1280, height: 900 } },
] as const;
/** The site's accent (demo/styles/site.css --accent), in both schemes. */
const ACCENT = 'rgb(180, 71, 12)';

const look = (page: Page, name: string) =>
  page.getByRole('link', { name, exact: true }).evaluate((link) => {
    const style = getComputedStyle(link);
    const box = link.getBoundingClientRect();
    return { text: link.textContent?.trim(), images: link.querySelectorAll('img').length, background: style.backgroundColor, color: style.color, width: box.width, height: box.height, fontSize: parseFloat(style.fontSize) };
  });

describe('the donate page as a visitor meets it (issue 31, items 25-26)', () => {
  for (const size of SIZES) {
    it(`item 25 at ${size.viewport.width} px: the two main donate actions are the site's own accent buttons, big enough to read as the page's purpose; the provider's button stays in Quick donate`, async () => {
      const { page } = await visit('/donate/', size);
      for (const name of ['Donate to Harbourlight by card', 'Donate by card on this page']) {
        const shown = await look(page, name);
        // Its text is its name (what a screen reader says is what the eye reads), not a picture of card logos.
        expect(shown).toMatchObject({ text: name, images: 0, background: ACCENT, color: 'rgb(255, 255, 255)' });
        expect(shown.height).toBeGreaterThanOrEqual(52);
        expect(shown.width).toBeGreaterThanOrEqual(220);
        expect(shown.fontSize).toBeGreaterThanOrEqual(19);
        expect(shown.width).toBeLessThanOrEqual(size.viewport.width - 32);
      }
      // Quick donate is the provider's own button (§3 remote button), kept as the provider requires.
      const quick = page.locator('#donate-quick');
      expect(await quick.getByRole('link', { name: 'Quick donate by card' }).locator('img').getAttribute('src')).toBe('/images/donate-with-card.png');
    });
  }

  it('item 26: a custom image given to sitechartsDonate.render() shows at once, with no input and before the button has loaded', async () => {
    const { page, errors } = await visit('/donate/', { viewport: { width: 1280, height: 900 } });
    await page.waitForFunction(() => window.sitechartsDonate !== undefined);
    const image = { src: '/images/harbour.svg', alt: 'Give to the harbour room', title: 'Our harbour room', width: 180, height: 90 };
    await page.evaluate((options) => window.sitechartsDonate?.render('#donate-button', { image: options }), image);
    const shown = page.getByRole('link', { name: 'Give to the harbour room' }).locator('img');
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && new URL(img.src).pathname), { timeout: 3_000 }).toBe('/images/harbour.svg');
    expect(await shown.getAttribute('title')).toBe('Our harbour room');
    expect(await shown.boundingBox()).toMatchObject({ width: 180, height: 90 });
    expect(await page.getByRole('link', { name: 'Donate to Harbourlight by card' }).count()).toBe(0);
    // No input yet: the button has not loaded, and the picture is already the caller's.
    expect(await page.locator('#donate-button').getAttribute('data-island')).toBe('waiting');
    // It stays the caller's once the button loads (its behaviour draws the same, issue 35), and the link still opens the checkout.
    await page.mouse.move(5, 5);
    await page.keyboard.press('Shift');
    await expect.poll(() => page.locator('#donate-button').getAttribute('data-island')).toBe('answering');
    expect(await shown.evaluate((img: HTMLImageElement) => new URL(img.src).pathname)).toBe('/images/harbour.svg');
    expect(await page.getByRole('link', { name: 'Give to the harbour room' }).getAttribute('aria-haspopup')).toBe('dialog');
    expect(errors).toEqual([]);
  });
});

/** A site owner's script that waits for the document, as the docs show it: what it found at DOMContentLoaded, and what render() gave. */
declare global {
  interface Window {
    atDomContentLoaded?: { api: string; rendered: string | null; error: string | null };
  }
}

describe('window.sitechartsDonate at DOMContentLoaded (issue 49.b)', () => {
  it('is there on every page of the sitemap when the document has loaded', { timeout: 120_000 }, async () => {
    const paths = await sitemapPaths(inject('baseURL'));
    expect(paths.length).toBeGreaterThan(10);
    const { page, context, errors } = await visit('about:blank', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await context.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        window.atDomContentLoaded = { api: typeof window.sitechartsDonate?.render, rendered: null, error: null };
      });
    });
    for (const path of paths) {
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      expect([path, await page.evaluate(() => window.atDomContentLoaded?.api)]).toEqual([path, 'function']);
    }
    expect(errors).toEqual([]);
  });

  it('on a 390 px phone, a script that configures the button at DOMContentLoaded (a custom image) shows it before the button loads, and the tap opens the checkout with it', async () => {
    const { page, context, errors } = await visit('about:blank', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await context.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        try {
          const image = { src: '/images/harbour.svg', alt: 'Give to the harbour room', width: 180, height: 90 };
          // As the owner writes it (docs/donate.md), with no check: a TypeError if the API is not there yet.
          const donate = window.sitechartsDonate;
          if (!donate) throw new TypeError('window.sitechartsDonate is undefined');
          const element = donate.render('#donate-button', { image });
          window.atDomContentLoaded = { api: 'function', rendered: element?.id ?? null, error: null };
        } catch (error) {
          window.atDomContentLoaded = { api: typeof window.sitechartsDonate, rendered: null, error: String(error) };
        }
      });
    });
    await page.goto('/donate/');
    expect(await page.evaluate(() => window.atDomContentLoaded)).toEqual({ api: 'function', rendered: 'donate-button', error: null });
    const link = page.getByRole('link', { name: 'Give to the harbour room' });
    await expect.poll(() => link.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && new URL(img.src).pathname)).toBe('/images/harbour.svg');
    expect(await link.locator('img').boundingBox()).toMatchObject({ width: 180, height: 90 });
    expect(await page.locator('#donate-button').getAttribute('data-island')).toBe('waiting');
    await link.tap();
    await expect.poll(() => page.getByRole('dialog').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });
});
