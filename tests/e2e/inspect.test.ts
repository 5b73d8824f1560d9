import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const { visit } = useBrowser();

/** A page opened at `address` (with `?inspect`) from another page, and the inspector window it opens. */
async function openInspected(address: string) {
  const { page, context } = await visit('/language/');
  const opened = context.waitForEvent('page');
  await page.goto(address);
  const inspector = await opened;
  await inspector.waitForLoadState();
  return { page, inspector };
}

describe('inspection', () => {
  it('records a trace of events and snapshots stamped with the clock', async () => {
    const { page } = await visit('/dosing/');
    await page.getByRole('combobox', { name: 'Child’s weight in pounds' }).fill('28');
    await expect.poll(() => page.evaluate(() => window.sitecharts?.trace.filter((e) => e.kind === 'event').map((e) => (e.kind === 'event' ? e.event.type : '')))).toContain('filter.change');
    const entry = await page.evaluate(() => window.sitecharts?.trace.find((e) => e.kind === 'snapshot' && e.state === 'showingMatches'));
    expect(entry?.at).toBeGreaterThan(1_600_000_000_000);
  });

  it('?inspect=<url> opens the inspector window and streams XState inspection events to it', async () => {
    const { page, inspector } = await openInspected('/dosing/?inspect=/language/');
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

  it('a command the page posts to itself is carried out, and its reply does not come back as a command, again and again', async () => {
    const { page, inspector } = await openInspected('/?inspect&clock=paused');
    // The page clock as the inspector window reads it (its own command, answered to it).
    const clockNow = () =>
      inspector.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const answer = (event: MessageEvent) => {
              if (event.data?.type !== 'sitecharts.status') return;
              window.removeEventListener('message', answer);
              resolve(event.data.now as number);
            };
            window.addEventListener('message', answer);
            window.opener.postMessage({ type: 'sitecharts.status' }, window.location.origin);
          }),
      );
    await page.waitForFunction(() => window.sitecharts !== undefined);
    const before = await clockNow();
    // A test's script (the fuzzer's time steps) or the console: the page posts to itself.
    const received = await page.evaluate(async () => {
      let count = 0;
      window.addEventListener('message', (event) => {
        if (event.source === window) count++;
      });
      window.postMessage({ type: 'sitecharts.advance', ms: 1000 }, window.location.origin);
      window.postMessage({ type: 'sitecharts.status' }, window.location.origin);
      await new Promise((resolve) => setTimeout(resolve, 500));
      return count;
    });
    // Its two commands, and no reply to itself (the inspector window's commands come from that window):
    // before the fix, a status reply came back as a status command, answered again for as long as the
    // page was open (thousands in half a second).
    expect(received).toBe(2);
    expect((await clockNow()) - before).toBe(1000);
  });
});
