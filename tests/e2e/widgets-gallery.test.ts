import { describe, expect, it } from 'vitest';
import { widgets } from '../../widgets/registry';
import { expectNoAxeViolations, useBrowser } from '../support/browser';

const { visit } = useBrowser();
const names = Object.keys(widgets);

describe('widgets gallery (/widgets/)', () => {
  it('lists every registered widget under its own heading and passes axe', async () => {
    const { page, errors } = await visit('/widgets/', { waitForHydration: true });
    const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
    expect(headings).toEqual(expect.arrayContaining(names));
    for (const name of names) {
      expect(await page.getByRole('link', { name: `Live statechart of ${name} on`, exact: false }).count(), name).toBe(1);
    }
    expect(await page.getByRole('table', { name: 'Settings of countdown, read from the island’s data attributes' }).count()).toBe(1);
    // The CSS-only icon grid comes last: its markup and a live example, and no statechart to open.
    const gallery = await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();
    expect(gallery.at(-1)).toBe('icon-grid');
    expect(await page.getByRole('table', { name: 'Classes of icon-grid and what each is for' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Live statechart of icon-grid', exact: false }).count()).toBe(0);
    expect(await page.getByRole('list', { name: 'Example icon grid' }).getByRole('heading', { name: 'Therapies' }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });

  it("folds each widget's statechart under a disclosure that opens on a click (issue 14: not laid out before the first paint)", async () => {
    const { page } = await visit('/widgets/');
    const outline = page.getByRole('list', { name: 'States and transitions of countdown' });
    const disclosure = page.getByText('States and transitions of countdown', { exact: true });
    expect(await outline.isVisible()).toBe(false);
    await disclosure.click();
    await expect.poll(() => outline.isVisible()).toBe(true);
    expect(await outline.getByText('running', { exact: true }).count()).toBeGreaterThan(0);
  });

  it('is linked from the footer of every page', async () => {
    const { page } = await visit('/dosing/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Widgets gallery' }).click();
    await page.waitForURL('**/widgets/');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Widgets gallery');
  });

  it('a live statechart link opens the demo page with ?inspect, and the inspector shows its actor', async () => {
    const { page, context } = await visit('/widgets/');
    const opened = context.waitForEvent('page');
    await page.getByRole('link', { name: 'Live statechart of dosing-filter on /dosing/' }).click();
    const inspector = await opened;
    await inspector.waitForLoadState();
    expect(new URL(page.url()).pathname).toBe('/dosing/');
    expect(new URL(page.url()).searchParams.has('inspect')).toBe(true);
    expect(new URL(inspector.url()).pathname).toBe('/__inspect/');
    await page.evaluate(() => window.sitecharts?.islands.hydrateAll());
    const actor = inspector.getByRole('navigation', { name: 'Live actors' }).getByRole('button', { name: /dosing-filter-1/ });
    await expect.poll(() => actor.count()).toBe(1);
  });
});
