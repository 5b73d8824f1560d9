import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const { visit } = useBrowser();

/** Issue 31, items 19-24: widgets as a visitor meets them, before and after they load. */
describe('widgets a visitor meets (issue 31, items 19-24)', () => {
  it('item 20: hovering a gallery thumbnail updates the big preview, with no click or focus first', async () => {
    const { page, errors } = await visit('/gallery/');
    const thumbs = page.getByRole('list', { name: 'Photos from Harbourlight' }).getByRole('link');
    const preview = page.locator('.image-gallery__preview img');
    const first = await preview.getAttribute('src');
    await thumbs.nth(2).hover();
    const third = await thumbs.nth(2).getAttribute('href');
    expect(third).not.toBe(first);
    await expect.poll(() => preview.getAttribute('src'), { timeout: 4_000 }).toBe(third);
    await thumbs.nth(4).hover();
    await expect.poll(() => preview.getAttribute('src'), { timeout: 4_000 }).toBe(await thumbs.nth(4).getAttribute('href'));
    // The caption (a polite live region) says which photo is previewed.
    expect(await page.locator('.image-gallery__preview figcaption').textContent()).toBe(await thumbs.nth(4).locator('img').getAttribute('alt'));
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('item 23: each progress bar is named by its own label, through an id made from that label', async () => {
    const { page } = await visit('/');
    const bars = page.getByRole('progressbar');
    const count = await bars.count();
    expect(count).toBeGreaterThan(1);
    const ids = new Set<string>();
    for (let index = 0; index < count; index++) {
      const id = (await bars.nth(index).getAttribute('aria-labelledby')) ?? '';
      const label = (await page.locator(`[id="${id}"]`).textContent()) ?? '';
      const slug = label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
      expect(id).toBe(`bars-${slug}-${index}`);
      expect(await page.getByRole('progressbar', { name: label, exact: true }).count()).toBe(1);
      ids.add(id);
    }
    expect(ids.size).toBe(count);
  });
});


