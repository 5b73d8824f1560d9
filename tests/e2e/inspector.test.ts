import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { catalog } from '../../tooling/replay/demo-catalog/index';
import { runScenario } from '../../runtime/replay/run';
import { parseScenario } from '../../runtime/replay/scenario';
import { expectNoAxeViolations, useBrowser } from '../support/browser';

const { visit } = useBrowser();

/** Opens a site page in inspection mode and returns it with the inspector window it opened. */
async function inspect(path: string): Promise<{ page: Page; inspector: Page; context: BrowserContext; requests: string[]; violations: string[] }> {
  const { page, context, violations } = await visit('/language/');
  const requests: string[] = [];
  context.on('request', (request) => requests.push(request.url()));
  const opened = context.waitForEvent('page');
  await page.goto(path);
  const inspector = await opened;
  await inspector.waitForLoadState();
  await page.evaluate(() => window.sitecharts?.islands.hydrateAll());
  // Every page also has the header search and the newsletter form: pick the dosing filter.
  const dosing = inspector.getByRole('navigation', { name: 'Live actors' }).getByRole('button', { name: /dosing-filter-1/ });
  await expect.poll(() => dosing.count(), { timeout: 8000 }).toBe(1);
  // The list grows while the islands start: a click made as the buttons move can land on a neighbour
  // (CI, on a loaded machine: another actor's chart was drawn). Clicked until the chart's panel is the
  // dosing filter's.
  const panel = inspector.locator('#chart-title');
  await expect.poll(async () => {
    await dosing.click();
    return panel.textContent();
  }).toMatch(/^dosing-filter-1 /);
  return { page, inspector, context, requests, violations };
}

const weight = (page: Page) => page.getByRole('combobox', { name: 'Child’s weight in pounds' });

describe('offline inspector (/__inspect/)', () => {
  it('lists the live actors, draws the statechart and highlights the current state', async () => {
    const { page, inspector, requests, violations } = await inspect('/dosing/?inspect');
    expect(new URL(inspector.url()).pathname).toBe('/__inspect/');
    const actor = inspector.getByRole('navigation', { name: 'Live actors' }).getByRole('button', { name: /dosing-filter-1/ });
    await expect.poll(() => actor.count()).toBe(1);
    // The first chart loads ELK (1.3 MB) and lays the machine out: room for a loaded 2-core machine.
    // A CI run once waited the 40 s in vain (as one did before): what the panel showed then is the failure's message.
    const drawn = inspector.getByRole('img', { name: 'Statechart of dosing-filter-1' });
    await expect
      .poll(() => drawn.count(), { timeout: 40_000 })
      .toBe(1)
      .catch(async (error: Error) => {
        const panel = await inspector.locator('section:has(> #chart-title)').innerText();
        const img = await drawn.evaluateAll((found) => found.map((svg) => svg.outerHTML.slice(0, 200)));
        throw new Error(`${error.message}\nthe chart's panel: ${panel.slice(0, 600)}\nthe chart itself: ${JSON.stringify(img)}`);
      });
    expect(await inspector.locator('[data-state="dosingFilter.unfiltered"]').getAttribute('data-active')).toBe('true');

    await weight(page).fill('28');
    await expect.poll(() => inspector.getByTestId('current-state').textContent()).toBe('"showingMatches"');
    expect(await inspector.locator('[data-state="dosingFilter.showingMatches"]').getAttribute('data-active')).toBe('true');
    await expect.poll(() => inspector.getByRole('table').getByText('filter.change').count()).toBeGreaterThan(0);
    expect(requests.every((url) => new URL(url).hostname === '127.0.0.1')).toBe(true);
    await expectNoAxeViolations(inspector);
    // Issue 17: the inspected page and the inspector window both ran under the site's CSP.
    expect(violations).toEqual([]);
  });

  it('sends an event to the page’s actor', async () => {
    const { page, inspector } = await inspect('/dosing/?inspect');
    await expect.poll(() => inspector.getByTestId('current-state').textContent()).toBe('"unfiltered"');
    await inspector.getByLabel('Send an event (JSON)').fill('{ "type": "filter.change", "value": "all" }');
    await inspector.getByRole('button', { name: 'Send to dosing-filter-1' }).click();
    await expect.poll(() => page.locator('.dosing__table tbody tr:not([hidden])').count()).toBe(9);
    await expect.poll(() => inspector.getByTestId('current-state').textContent()).toBe('"showingAll"');
  });

  it('drives a paused page clock and saves an actor’s trace as a scenario', async () => {
    const { page, inspector } = await inspect('/dosing/?inspect&clock=paused');
    await expect.poll(() => inspector.getByRole('button', { name: '+1 s' }).count()).toBe(1);
    const before = await page.evaluate(() => window.sitecharts?.clock.now() ?? 0);
    await inspector.getByRole('button', { name: '+1 s' }).click();
    await expect.poll(() => page.evaluate(() => window.sitecharts?.clock.now() ?? 0)).toBe(before + 1000);

    await weight(page).fill('abc');
    await expect.poll(() => inspector.getByTestId('current-state').textContent()).toBe('"askingForWeight"');
    const download = inspector.waitForEvent('download');
    await inspector.getByRole('button', { name: 'Save as scenario' }).click();
    const file = await (await download).createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of file) chunks.push(chunk as Buffer);
    const scenario = parseScenario(JSON.parse(Buffer.concat(chunks).toString('utf8')), 'saved.json');
    expect(scenario.machine).toBe('dosing-filter');
    expect(scenario.steps).toContainEqual({ send: { type: 'filter.change', value: 'abc' } });
    expect(scenario.steps.at(-1)).toEqual({ expect: 'askingForWeight' });
    // What the page recorded replays the same way off the page (what `npm run replay` does).
    const replayed = runScenario(scenario, catalog);
    expect(replayed.failures).toEqual([]);
    expect(replayed.lines.some((line) => line.includes('askingForWeight'))).toBe(true);
  });

  it('when a pop-up blocker stops the window at load, a button on the page opens it', async () => {
    const { page, context } = await visit('/language/');
    // The browser's pop-up blocker, faked (Playwright's Chromium runs without one): the window the
    // page opens as it loads is blocked (null); the one a click opens is not.
    await page.addInitScript(() => {
      const open = window.open.bind(window);
      let blocked = false;
      window.open = (...args: Parameters<typeof window.open>) => {
        if (blocked) return open(...args);
        blocked = true;
        return null;
      };
    });
    await page.goto('/dosing/?inspect');
    const offer = page.getByRole('complementary', { name: 'Inspector' }).getByRole('button', { name: 'Open the inspector' });
    await expect.poll(() => offer.isVisible()).toBe(true);
    expect(context.pages()).toHaveLength(1);
    await page.evaluate(() => window.sitecharts?.islands.hydrateAll());
    const opened = context.waitForEvent('page');
    await offer.click();
    const inspector = await opened;
    expect(new URL(inspector.url()).pathname).toBe('/__inspect/');
    // The events held since load reach it: the dosing filter is listed and drawn.
    const dosing = inspector.getByRole('navigation', { name: 'Live actors' }).getByRole('button', { name: /dosing-filter-1/ });
    await expect.poll(() => dosing.count()).toBe(1);
    await dosing.click();
    await expect.poll(() => inspector.getByTestId('current-state').textContent()).toBe('"unfiltered"');
    expect(await offer.count()).toBe(0);
  });
});
