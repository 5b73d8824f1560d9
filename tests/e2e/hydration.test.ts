import { describe, expect, it } from 'vitest';
import { IMAGE_CHECK_INTERVAL_MS } from '../../machines/slider/slider.rules';
import { pauseClock, useBrowser } from '../support/browser';
import { chunkOf } from '../support/chunks';
import { PHONE } from '../support/phone-visitor';

/**
 * What a visitor meets before and while an island hydrates (issue 20, items 1 and 7): a first tap
 * that would leave the page is held until the widget can handle it, and hydration never re-renders
 * the prerendered markup.
 */
const { visit } = useBrowser();
describe('hydration as the visitor sees it', () => {
  it('20.1: the first tap on a gallery story link before the widget has loaded opens the lightbox, not the story page', async () => {
    const { page, context, errors } = await visit('about:blank', { ...PHONE });
    // The lightbox's chunk (its behaviour, which answers the tap itself: issue 35, goal 2) is held,
    // as on a slow phone, until the test lets it through.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let requested = false;
    await context.route(`**${chunkOf('widgets/Lightbox/behaviour.ts')}`, async (route) => {
      requested = true;
      await held;
      await route.continue();
    });
    await page.goto('/gallery/');
    const story = page.getByRole('link', { name: 'Ella’s first sail' });
    await story.scrollIntoViewIfNeeded();
    await story.tap();
    // The tap started loading the widget, and the page stayed where it was.
    await expect.poll(() => requested).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/gallery/');
    release();
    await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('dialog').getAttribute('aria-busy')).toBe('false');
    expect(await page.getByRole('dialog').textContent()).toContain('Ella’s first sail');
    expect(new URL(page.url()).pathname).toBe('/gallery/');
    expect(await page.locator('[data-widget="lightbox"]').getAttribute('data-island')).toBe('answering');
    expect(errors).toEqual([]);
  });

  it('issue 14 and 35: the hero starts its autoplay and shows the second slide without React (its behaviour draws it)', async () => {
    const { page, errors } = await visit('about:blank', { ...PHONE });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await pauseClock(page, Date.UTC(2026, 0, 5, 9));
    await page.goto('/');
    const island = page.locator('#hero-slideshow');
    // The behaviour runs (its actor checks the images and starts the autoplay) while React has not loaded.
    await expect.poll(() => island.getAttribute('data-island')).toBe('answering');
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('#hero-slideshow .slideshow__slide.is-current img')].every((image) => image.complete));
    await page.clock.runFor(IMAGE_CHECK_INTERVAL_MS);
    const current = page.locator('#hero-slideshow .slideshow__slide.is-current');
    const first = await current.getAttribute('aria-label');
    // §4: home hero autoplays every 6 s; the behaviour shows the next slide itself, and the view never loads.
    await page.clock.runFor(6000);
    await expect.poll(() => current.getAttribute('aria-label')).not.toBe(first);
    expect(await island.getAttribute('data-island')).toBe('answering');
    expect(scripts).not.toContainEqual(expect.stringContaining(chunkOf('runtime/mount.tsx')));
    expect(scripts).not.toContainEqual(expect.stringContaining(chunkOf('widgets/Slideshow/widget.ts')));
    expect(errors).toEqual([]);
  });

  it('20.7: /about/ hydrates its table of contents without a mismatch, then lists the headings', async () => {
    const { page, errors, warnings } = await visit('/about/', { waitForHydration: true });
    const toc = page.getByRole('navigation', { name: 'On this page' });
    await expect.poll(() => toc.isVisible()).toBe(true);
    expect(await toc.getByRole('link').count()).toBeGreaterThan(2);
    expect(warnings.filter((w) => /did not match|hydrat/i.test(w))).toEqual([]);
    expect(errors).toEqual([]);
  });
});
