import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processTree } from '../support/process-tree';
import { ROOT, startSiteServer, type RunningServer } from '../support/site-server';
import { expectNoAxeViolations, testBrowser } from '../support/browser';

/**
 * Issue 28.3: a page opened with `?replay=<scenario>` under `npm run dev` re-enacts it with its own
 * islands on its paused clock: the tester steps with the page's "Next step" and sees what the
 * recorded visitor saw; a wrong expectation shows its divergence, a bad file its reason, and the
 * page still works. This file starts the dev server, as a tester does.
 */
const WAIT_MS = 25_000;
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: WAIT_MS });
let dev: RunningServer;
let browser: Browser | undefined;
const shipped = readFileSync(join(ROOT, 'tests/scenarios/services-tabs.json'), 'utf8');

beforeAll(async () => {
  dev = await startSiteServer({ cwd: ROOT, command: ['npm', 'run', '--silent', 'dev'], startTimeoutMs: 170_000 });
  // The worker's Chromium (testBrowser in tests/support/browser.ts), not a browser launched for this file (issue 48).
  browser = await testBrowser();
}, 240_000);

afterAll(async () => {
  if (dev) for (const pid of processTree(dev.process.pid ?? -1).reverse()) process.kill(pid, 'SIGTERM');
  await dev?.stop();
});

async function openPage() {
  if (!browser) throw new Error('no browser');
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(WAIT_MS);
  const requests: string[] = [];
  context.on('request', (request) => requests.push(request.url()));
  const page = await context.newPage();
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  // Scenario files the test serves from the page's own origin (an address is read as it is).
  // A predicate, not a glob: a glob's ** would also match the page's own address, whose query names the file.
  await page.route((url) => url.pathname.startsWith('/test-files/'), (route) => {
    const name = new URL(route.request().url()).pathname.split('/').at(-1);
    const diverging = JSON.parse(shipped) as { steps: unknown[] };
    // Step 5 expects the first tab where the scenario has just opened the second.
    diverging.steps[4] = { expect: 'shown', context: { active: 0 } };
    const body = name === 'diverging.json' ? JSON.stringify(diverging) : JSON.stringify({ name: 'no machine', steps: [] });
    return route.fulfill({ status: 200, contentType: 'application/json', body });
  });
  return { page, requests, warnings };
}

/** Vite compiles the page's modules on first request: slow on a loaded machine. */
async function visit(page: Page, search: string) {
  await page.goto(`${dev.url}/services/${search}`, { waitUntil: 'commit', timeout: 90_000 });
  await page.getByRole('complementary', { name: 'Scenario replay' }).waitFor({ timeout: 90_000 });
}

const bar = (page: Page) => page.getByRole('complementary', { name: 'Scenario replay' });
const status = (page: Page) => bar(page).getByRole('status').textContent();
const problem = (page: Page) => bar(page).getByRole('alert').textContent();
const selectedTab = (page: Page) => page.getByRole('tablist', { name: 'Our care' }).getByRole('tab', { selected: true }).textContent();
async function nextStep(page: Page) {
  const before = await status(page);
  await bar(page).getByRole('button', { name: 'Next step' }).click();
  await poll(() => status(page)).not.toBe(before);
  return (await status(page)) ?? '';
}

describe('replaying a scenario in the browser (npm run dev, ?replay=)', () => {
  it('re-enacts a shipped scenario step by step: the page shows each tab as the visitor saw it', async () => {
    const { page, requests, warnings } = await openPage();
    await visit(page, '?replay=services-tabs');
    // `?replay=` alone opens the page inspected on a paused clock.
    const address = new URL(page.url()).searchParams;
    expect(address.has('inspect') && address.get('clock') === 'paused').toBe(true);
    await poll(() => status(page)).toBe('Step 0 of 12: at the start.');
    expect(await selectedTab(page)).toBe('Nursing at home');

    expect(await nextStep(page)).toBe('Step 1 of 12: tabs step 1: expect "shown" {"active":0}: ok.');
    expect(await nextStep(page)).toBe('Step 2 of 12: tabs step 2: send tab.select {"index":1}.');
    await poll(() => selectedTab(page)).toBe('The Harbour Room');
    expect(await page.getByRole('tab', { name: 'Nursing at home' }).getAttribute('aria-selected')).toBe('false');
    expect(await page.getByRole('tabpanel', { name: 'The Harbour Room' }).isVisible()).toBe(true);
    // The 200 ms entrance is the page's own timer, fired by the replay's advance on the paused clock.
    expect(await page.getByRole('tabpanel', { name: 'The Harbour Room' }).getAttribute('data-state')).toBe('opening');
    expect(await nextStep(page)).toMatch(/^Step 3 of 12: .*: ok\.$/);
    expect(await nextStep(page)).toBe('Step 4 of 12: tabs step 4: advance 200 ms (clock 200 ms).');
    await poll(() => page.getByRole('tabpanel', { name: 'The Harbour Room' }).getAttribute('data-state')).not.toBe('opening');

    for (let i = 5; i <= 8; i++) await nextStep(page);
    expect(await selectedTab(page)).toBe('The Harbour Room');
    expect(await nextStep(page)).toBe('Step 9 of 12: tabs step 9: send tab.select {"index":2}.');
    await poll(() => selectedTab(page)).toBe('Family support');
    for (let i = 10; i <= 11; i++) await nextStep(page);
    expect(await nextStep(page)).toMatch(/^Step 12 of 12: .*: ok\. Finished: every expectation held; the page runs live from here\.$/);
    expect(await problem(page)).toBe('');
    expect(await bar(page).getByRole('button', { name: 'Next step' }).isDisabled()).toBe(true);

    // After the last step the page is live: a visitor's click opens a tab.
    await page.getByRole('tab', { name: 'Nursing at home' }).click();
    await poll(() => selectedTab(page)).toBe('Nursing at home');
    expect(warnings.filter((text) => text.includes('scenario'))).toEqual([]);
    expect(requests.every((url) => new URL(url).hostname === '127.0.0.1')).toBe(true);
    await expectNoAxeViolations(page);
  }, 240_000);

  it('a wrong expectation shows its divergence; an unknown name or a file that is not a scenario says why, and the page still works', async () => {
    const { page, warnings } = await openPage();
    await visit(page, '?replay=/test-files/diverging.json');
    await poll(() => status(page)).toBe('Step 0 of 12: at the start.');
    for (let i = 1; i <= 5; i++) await nextStep(page);
    await poll(() => problem(page)).toBe('Diverged at step 5 (tabs step 5): expected "shown" {"active":0}; actual: context.active is 1, not 0');
    // The page shows what the actor really did: the second tab.
    expect(await selectedTab(page)).toBe('The Harbour Room');
    await poll(() => warnings.some((text) => text.includes('Diverged at step 5'))).toBe(true);

    await visit(page, '?replay=no-such-scenario');
    await poll(() => problem(page)).toBe('?replay=no-such-scenario: no such scenario in tests/scenarios/ (npm run replay -- --list names them)');
    expect(await bar(page).getByRole('button', { name: 'Next step' }).count()).toBe(0);
    await poll(() => warnings.some((text) => text.includes('no such scenario'))).toBe(true);
    await page.getByRole('tab', { name: 'Family support' }).click();
    await poll(() => selectedTab(page)).toBe('Family support');

    await visit(page, '?replay=/test-files/not-a-scenario.json');
    await poll(() => problem(page)).toBe('not a scenario: /test-files/not-a-scenario.json: "machine" must name a machine');
    await page.getByRole('tab', { name: 'The Harbour Room' }).click();
    await poll(() => selectedTab(page)).toBe('The Harbour Room');
  }, 240_000);
});
