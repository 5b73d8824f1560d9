import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { parsePageScenario, parseScenario, type PageScenario, type Scenario } from '../../runtime/replay/scenario';
import { useBrowser } from '../support/browser';
import { replayCli } from '../support/replay-cli';

/**
 * Issue 28, as a tester does it (docs/testing.md "Recording a scenario"): open a page with
 * `?inspect&clock=paused`, move time with the inspector's buttons, "Save as scenario", then
 * `npm run replay` on the unedited file. The two cases of the issue: the home page's hero slideshow
 * (its images were ready at once on the page) and the team page's typewriter (random letter delays).
 */
const { visit } = useBrowser();
const scratch = mkdtempSync(join(tmpdir(), 'replay-e2e-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));


/** Opens `path` in inspection mode on a paused clock; returns the page and the inspector window. */
async function inspectPaused(path: string, actor: RegExp) {
  const { page, context } = await visit('/language/');
  // The machine under test is shared: the inspector window's opening and loading get longer bounds.
  const opened = context.waitForEvent('page', { timeout: 30_000 });
  await page.goto(path);
  const inspector = await opened;
  await inspector.waitForLoadState('load', { timeout: 30_000 });
  await page.evaluate(() => window.sitecharts?.islands.hydrateAll());
  const button = inspector.getByRole('navigation', { name: 'Live actors' }).getByRole('button', { name: actor });
  await expect.poll(() => button.count(), { timeout: 30_000 }).toBe(1);
  await expect.poll(() => inspector.getByRole('button', { name: 'Next timer' }).count()).toBe(1);
  await button.click();
  return { page, inspector };
}

/** Presses an inspector clock button and waits until the page's clock has moved (or stayed, for none due). */
async function press(page: Page, inspector: Page, name: string) {
  const before = await page.evaluate(() => window.sitecharts?.clock.now() ?? 0);
  const pending = await page.evaluate(() => window.sitecharts?.clock.pending() ?? 0);
  await inspector.getByRole('button', { name, exact: true }).click();
  if (name !== 'Next timer' || pending > 0) await expect.poll(() => page.evaluate(() => window.sitecharts?.clock.now() ?? 0)).not.toBe(before);
}

/** "Save as scenario" for the selected actor: the downloaded file, unedited, in the scratch folder. */
async function save(inspector: Page, file: string): Promise<{ path: string; scenario: Scenario }> {
  const download = inspector.waitForEvent('download');
  await inspector.getByRole('button', { name: 'Save as scenario' }).click();
  const chunks: Buffer[] = [];
  for await (const chunk of await (await download).createReadStream()) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  const path = join(scratch, file);
  writeFileSync(path, text);
  return { path, scenario: parseScenario(JSON.parse(text), file) };
}

/** "Save page as scenario": every actor of the page in one downloaded file, unedited. */
async function savePage(inspector: Page, file: string): Promise<{ path: string; scenario: PageScenario }> {
  const download = inspector.waitForEvent('download');
  await inspector.getByRole('button', { name: 'Save page as scenario' }).click();
  const saved = await download;
  const chunks: Buffer[] = [];
  for await (const chunk of await saved.createReadStream()) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  const path = join(scratch, file);
  writeFileSync(path, text);
  expect(saved.suggestedFilename()).toBe('scenario-page-home.json');
  return { path, scenario: parsePageScenario(JSON.parse(text), file) };
}

describe('a scenario saved from a page replays unedited (issue 28)', () => {
  it('the whole home page at once: scrolled, time moved, "Save page as scenario": every actor in one file, each replays (exit 0)', async () => {
    const { page, inspector } = await inspectPaused('/?inspect&clock=paused', /^slideshow-1/);
    await press(page, inspector, '+1 s');
    // A visitor scrolls: the page services (sticky header, scroll-to-top, …) see it through the runtime.
    await page.mouse.move(600, 400);
    await page.mouse.wheel(0, 1400);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(600);
    await press(page, inspector, '+1 s');
    await press(page, inspector, 'Next timer');
    const { path, scenario } = await savePage(inspector, 'page-home.json');
    const machines = scenario.actors.map((actor) => actor.machine);
    // The hero, the page services and the consent banner (created without an id: its machine's id).
    expect(machines).toEqual(expect.arrayContaining(['slideshow', 'sticky-header', 'scroll-top', 'cookieConsent']));
    expect(machines.filter((machine) => /^x:\d+$/.test(machine))).toEqual([]);
    expect(scenario.page).toBe('/');
    expect(scenario.incomplete).toBeUndefined();
    // The scroll reached the scroll-to-top service as an event it replays.
    expect(scenario.actors.find((actor) => actor.machine === 'scroll-top')?.steps.some((step) => 'send' in step && step.send.type === 'page.scroll')).toBe(true);
    const { code, stdout, stderr } = await replayCli(path, '--lines', '5');
    expect(stderr).toBe('');
    expect(stdout).toContain(`replay: ${scenario.actors.length} passed, 0 failed`);
    expect(code).toBe(0);
  }, 180_000);


  it('the home hero slideshow: +1 s until the slide moved, next timer, save, replay: exit 0', async () => {
    const { page, inspector } = await inspectPaused('/?inspect&clock=paused', /^slideshow-1/);
    // The slide the visitor sees: its position among the hero's slides.
    const shown = () => page.locator('#hero-slideshow .slideshow__slide').evaluateAll((slides) => slides.findIndex((slide) => slide.classList.contains('is-current')));
    const first = await shown();
    expect(first).toBe(0);
    for (let i = 0; i < 12 && (await shown()) === first; i++) await press(page, inspector, '+1 s');
    expect(await shown()).not.toBe(first);
    await press(page, inspector, 'Next timer');
    const { path, scenario } = await save(inspector, 'slideshow.json');
    expect(scenario.machine).toBe('slideshow');
    // The page's own image probe is in the file: the replay does not wait for its own.
    expect(scenario.facts?.imagesReady?.length).toBeGreaterThan(0);
    expect(scenario.steps.some((step) => 'expect' in step && typeof step.expect === 'object' && 'running' in step.expect)).toBe(true);
    const { code, stdout, stderr } = await replayCli(path);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('replay: 1 passed, 0 failed');
  }, 120_000);

  it('the team page’s typewriter: time moved mid-typing, save, replay: every letter at its time, exit 0', async () => {
    const { page, inspector } = await inspectPaused('/team/?inspect&clock=paused', /^text-rotator-1/);
    for (let i = 0; i < 6; i++) await press(page, inspector, '+1 s');
    for (let i = 0; i < 8; i++) await press(page, inspector, 'Next timer');
    await press(page, inspector, '+100 ms');
    const { path, scenario } = await save(inspector, 'text-rotator.json');
    expect(scenario.machine).toBe('text-rotator');
    expect(typeof scenario.seed).toBe('number');
    expect(scenario.steps).toContainEqual({ expect: { rotating: 'typing' } });
    const { code, stdout, stderr } = await replayCli(path);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('replay: 1 passed, 0 failed');
  }, 120_000);
});
