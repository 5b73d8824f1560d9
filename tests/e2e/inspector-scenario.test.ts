import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processTree } from '../support/process-tree';
import { ROOT, startSiteServer, type RunningServer } from '../support/site-server';
import { expectNoAxeViolations, testBrowser } from '../support/browser';

/**
 * Issue 29: a scenario file loaded into the inspector is replayed by `npm run dev` (the replay
 * library, in Node, on this machine) and stepped through; a failing one opens at its first
 * divergence, expected and actual side by side. The built server does not replay: this file starts
 * the dev server, as a developer does.
 */
const WAIT_MS = 25_000;
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: WAIT_MS });
let dev: RunningServer;
let browser: Browser | undefined;
const scratch = mkdtempSync(join(tmpdir(), 'sitecharts-scenario-'));

beforeAll(async () => {
  // Problem reports on, so a page of this dev server can send one (issue 51).
  dev = await startSiteServer({ cwd: ROOT, command: ['npm', 'run', '--silent', 'dev'], startTimeoutMs: 170_000, env: { REPORTS: 'on' } });
  // The worker's Chromium (testBrowser in tests/support/browser.ts), not a browser launched for this file (issue 48).
  browser = await testBrowser();
}, 240_000);

afterAll(async () => {
  if (dev) for (const pid of processTree(dev.process.pid ?? -1).reverse()) process.kill(pid, 'SIGTERM');
  await dev?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

async function openInspector(): Promise<{ inspector: Page; requests: string[] }> {
  if (!browser) throw new Error('no browser');
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(WAIT_MS);
  const requests: string[] = [];
  context.on('request', (request) => requests.push(request.url()));
  const inspector = await context.newPage();
  // Vite serves the inspector's modules one by one, compiled on first request: slow on a loaded machine.
  await inspector.goto(`${dev.url}/__inspect/`, { waitUntil: 'commit', timeout: 90_000 });
  await inspector.getByRole('heading', { name: 'sitecharts inspector' }).waitFor({ timeout: 90_000 });
  return { inspector, requests };
}

const step = (inspector: Page) => inspector.getByTestId('step').textContent();

describe('a scenario file in the inspector (npm run dev)', () => {
  it("a visitor's problem report by its number: sent from a page's footer, stepped through in the inspector (issue 51)", async () => {
    if (!browser) throw new Error('no browser');
    const visitor = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    visitor.setDefaultTimeout(WAIT_MS);
    const page = await visitor.newPage();
    await page.goto(`${dev.url}/services/?seed=4`, { timeout: 90_000 });
    await page.waitForFunction(() => window.sitecharts !== undefined, undefined, { timeout: 90_000 });
    // The footer shows at the end of the page.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.locator('[data-problem-report-open] button').click();
    const dialog = page.locator('[data-problem-report-dialog]');
    await poll(() => dialog.isVisible()).toBe(true);
    await page.locator('#problem-report-words').fill('The tabs did not change');
    await dialog.locator('[data-problem-report-send]').click();
    const status = dialog.getByRole('status');
    await poll(() => status.textContent()).toMatch(/\d/);
    const id = /\d+/.exec((await status.textContent()) ?? '')?.[0] ?? '';
    await visitor.close();

    const { inspector } = await openInspector();
    await inspector.getByLabel('Problem report number').fill(id);
    await inspector.getByRole('button', { name: 'Load report' }).click();
    await poll(() => inspector.getByRole('banner').getByRole('status').textContent()).toMatch(/^Scenario: page \/services\/: recorded in the page/);
    expect(await inspector.getByRole('heading', { name: /^First divergence/ }).count()).toBe(0);
    // A number the store does not have is said, and nothing is loaded.
    await inspector.getByRole('button', { name: 'Back to the page' }).click();
    await inspector.getByLabel('Problem report number').fill('999999');
    await inspector.getByRole('button', { name: 'Load report' }).click();
    await poll(() => inspector.getByRole('alert').textContent()).toBe('Report 999999: No problem report 999999.');
    await expectNoAxeViolations(inspector);
  }, 240_000);

  it('loads a shipped scenario and steps through it: chart, state and context at each step', async () => {
    const { inspector, requests } = await openInspector();
    await inspector.getByLabel('Load a scenario file').setInputFiles(join(ROOT, 'tests/scenarios/tab-section.json'));
    await poll(() => inspector.getByRole('banner').getByRole('status').textContent()).toMatch(/^Scenario: tab-section/);
    // It opens at its start; the chart of the machine is drawn.
    await poll(() => step(inspector)).toMatch(/^Step 0 of \d+/);
    await poll(() => inspector.getByRole('img', { name: /^Statechart of tab-section/ }).count()).toBe(1);
    await inspector.getByRole('slider', { name: 'Timeline' }).focus();
    await inspector.keyboard.press('ArrowRight');
    await poll(() => step(inspector)).toMatch(/^Step 1 of \d+: page\.load to tab-section/);
    expect(await inspector.getByTestId('current-state').textContent()).toBe('{"tabs":"switching","height":"steady"}');
    expect(await inspector.locator('[data-state$=".tabs.switching"]').first().getAttribute('data-active')).toBe('true');
    // The step that clicks the third tab: active becomes 2, marked in the context tree.
    for (let i = 0; i < 20 && !/tab\.click/.test((await step(inspector)) ?? ''); i++) await inspector.keyboard.press('ArrowRight');
    expect(await step(inspector)).toMatch(/tab\.click to tab-section/);
    const active = inspector.getByRole('list', { name: /^Context of tab-section/ }).locator('li[data-path="active"]');
    expect(await active.textContent()).toMatch(/^active: 2/);
    expect(await active.getAttribute('data-changed')).toBe('true');
    await inspector.getByRole('button', { name: 'Step back' }).click();
    await poll(() => active.textContent()).toMatch(/^active: 1/);
    // No divergence in a passing replay; nothing left the machine.
    expect(await inspector.getByRole('heading', { name: /^First divergence/ }).count()).toBe(0);
    expect(requests.every((url) => new URL(url).hostname === '127.0.0.1')).toBe(true);
    await expectNoAxeViolations(inspector);
  }, 240_000);

  it('a failing replay shows the first divergence: the step, expected and actual side by side', async () => {
    const failing = JSON.parse(readFileSync(join(ROOT, 'tests/scenarios/tab-section.json'), 'utf8')) as { steps: unknown[] };
    // Step 9 expects the first tab while the scenario has just clicked the third.
    failing.steps[8] = { expect: { tabs: 'shown' }, context: { active: 0 } };
    const file = join(scratch, 'tab-section-failing.json');
    writeFileSync(file, JSON.stringify(failing));
    const { inspector } = await openInspector();
    await inspector.getByLabel('Load a scenario file').setInputFiles(file);
    const divergence = inspector.getByRole('region', { name: 'First divergence: step 9' });
    await poll(() => divergence.count()).toBe(1);
    expect(await divergence.textContent()).toContain('context.active is 2, not 0');
    expect(await inspector.getByTestId('expected-state').textContent()).toBe('{"tabs":"shown"}');
    expect(await inspector.getByTestId('actual-state').textContent()).toBe('{"tabs":"switching","height":"steady"}');
    expect(await inspector.getByRole('list', { name: 'Expected context' }).textContent()).toContain('active: 0');
    expect(await inspector.getByRole('list', { name: 'Actual context' }).locator('li[data-path="active"]').textContent()).toMatch(/^active: 2/);
    // The timeline stands at that moment.
    expect(await step(inspector)).toMatch(/tab\.click to tab-section/);
    await expectNoAxeViolations(inspector);
  }, 240_000);

  it('a file that is not a scenario is refused with the reason', async () => {
    const file = join(scratch, 'not-a-scenario.json');
    writeFileSync(file, JSON.stringify({ steps: [] }));
    const { inspector } = await openInspector();
    await inspector.getByLabel('Load a scenario file').setInputFiles(file);
    await poll(() => inspector.getByRole('alert').textContent()).toContain('"machine" must name a machine');
  }, 180_000);
});
