import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const { visit } = useBrowser();

describe('inspection', () => {
  it('records a trace of events and snapshots stamped with the clock', async () => {
    const { page } = await visit('/dosing/');
    await page.getByRole('combobox', { name: 'Child’s weight in pounds' }).fill('28');
    await expect.poll(() => page.evaluate(() => window.sitecharts?.trace.filter((e) => e.kind === 'event').map((e) => (e.kind === 'event' ? e.event.type : '')))).toContain('filter.change');
    const entry = await page.evaluate(() => window.sitecharts?.trace.find((e) => e.kind === 'snapshot' && e.state === 'showingMatches'));
    expect(entry?.at).toBeGreaterThan(1_600_000_000_000);
  });

  it('?inspect=<url> opens the inspector window and streams XState inspection events to it', async () => {
    const { page, context } = await visit('/language/');
    const popupOpened = context.waitForEvent('page');
    await page.goto('/dosing/?inspect=/language/');
    const inspector = await popupOpened;
    await inspector.waitForLoadState();
    expect(new URL(inspector.url()).pathname).toBe('/language/');
    await inspector.evaluate(() => {
      const seen: unknown[] = [];
      (window as unknown as { seen: unknown[] }).seen = seen;
      window.addEventListener('message', (event) => seen.push(event.data));
      window.opener.postMessage({ type: '@statelyai.connected' }, '*');
    });
    await page.evaluate(() => window.sitecharts?.islands.hydrateAll());
    await page.getByRole('combobox', { name: 'Child’s weight in pounds' }).fill('all');
    await expect
      .poll(() => inspector.evaluate(() => JSON.stringify((window as unknown as { seen: unknown[] }).seen)))
      .toContain('filter.change');
  });
});
