import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../runtime/random';
import { maskText } from '../../runtime/report/mask';
import { stayingPage, visitorContext, visitorSteps, type Size } from '../../tooling/replay/fuzz/session';
import { testBrowser } from '../support/browser';
import { PHONE, sitemapPaths } from '../support/phone-visitor';
import { runInProject } from '../support/replay-cli';
import { startSiteServer, type RunningServer } from '../support/site-server';
import { storedRows } from '../support/store-rows';

/**
 * Issue 51, "Done when": on every sitemap page, at phone size (390 px, touch) and at desktop size, a
 * visitor's page (no inspector, the real clock, `?seed=`) takes a few seeded random steps of real
 * input, the visitor types an address into a field (the page's own, else the footer's newsletter)
 * and sends a report through the footer's dialog, by keyboard on the desktop and by taps on the
 * phone. Then, once for all of them, `npm run reports` lists them and ONE `npm run replay` replays
 * every report from the store with no divergence; what was typed is in no stored report, its masked
 * shape is. One server (REPORTS=on) for each try of the test, two sessions at a time.
 */
const ACTIONS = 4;
const TYPED = 'zephyrine.quillon7731@example.org';
const MASKED = maskText(TYPED);

interface Sent {
  path: string;
  size: Size;
  id: number;
  words: string;
  /** The field typed into (its name), and whether a machine heard it (an island's field). */
  field: string;
  heard: boolean;
  log: string[];
}

let server: RunningServer | undefined;
/**
 * A server with an empty store for each try of the test: a second try (the e2e project retries once)
 * counts and replays its own reports, not the first try's as well. Every report comes from
 * 127.0.0.1: the forms' rate limit (which reports share) is raised.
 */
async function freshServer(): Promise<RunningServer> {
  await server?.stop();
  server = await startSiteServer({ env: { REPORTS: 'on', FORM_RATE_LIMIT: '1000' } });
  return server;
}
afterAll(async () => {
  await server?.stop();
});

/** An npm script in the project, with the store of the file's server; its exit code and output. */
function npmRun(server: RunningServer, script: string, args: string[]) {
  const env = { ...process.env, DATA_DIR: server.dataDir, ...(server.databaseUrl ? { DATABASE_URL: server.databaseUrl } : {}) };
  return runInProject('npm', ['run', '--silent', script, '--', ...args], env);
}

const activeId = (page: Page) => page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName || '');

/** What is drawn at the element's centre is the element (or inside it). */
const onTop = (element: Element) => {
  const box = element.getBoundingClientRect();
  return element.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
};

/** The visitor scrolls to the end of the page, where the footer is revealed, and the page takes the scroll. */
async function toTheEnd(page: Page) {
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
}

/** Whether the target comes on top within `ms` (a scroll the page animates, a menu closing). */
async function shownWithin(target: Locator, ms: number): Promise<boolean> {
  try {
    await expect.poll(() => target.evaluate(onTop), { timeout: ms }).toBe(true);
    return true;
  } catch {
    return false;
  }
}

/**
 * A menu or dialog the random steps left open over the target is closed as a visitor would: the
 * menu by its button again (a tap on the phone), a dialog with Escape; then nothing is over it.
 */
async function clearTheWay(page: Page, target: Locator, size: Size) {
  // The footer is revealed at the end of the page (a fixed footer under the page's end on some).
  const reveal = async () => ((await target.evaluate((element) => element.closest('footer'))) ? toTheEnd(page) : target.scrollIntoViewIfNeeded());
  for (let i = 0; i < 3; i++) {
    await reveal();
    if (await shownWithin(target, 3_000)) return;
    const menu = page.locator('header button[aria-expanded="true"]').first();
    if ((await menu.count()) > 0 && (await menu.evaluate(onTop))) await (size === 'phone' ? menu.tap() : menu.click());
    else await page.keyboard.press('Escape');
    await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
  }
  await reveal();
  const over = await target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return `${element.outerHTML.slice(0, 60)} at y ${Math.round(box.top)} under ${document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)?.outerHTML.slice(0, 80) ?? 'nothing (off screen)'}`;
  });
  expect(await target.evaluate(onTop), over).toBe(true);
}

/**
 * Types TYPED into the page's own text field (the dosing weight, kept by its page, is left alone),
 * else the footer's newsletter address, and presses Enter; says which field and whether an island's
 * machine hears it.
 */
async function typeInAField(page: Page, size: Size): Promise<{ field: string; heard: boolean }> {
  const fields = 'input[type=text], input[type=search], input[type=email], input:not([type]), textarea';
  const index = await page.locator(fields).evaluateAll((elements) => {
    const usable = elements.map((element, i) => ({ element: element as HTMLInputElement, i })).filter(({ element }) => !element.closest('[data-problem-report], [data-widget="dosing-filter"]') && !element.disabled && !element.readOnly && element.getClientRects().length > 0);
    return (usable.find(({ element }) => element.closest('main')) ?? usable.find(({ element }) => element.type === 'email'))?.i ?? -1;
  });
  if (index < 0) throw new Error('the page has no field to type into');
  const field = page.locator(fields).nth(index);
  await clearTheWay(page, field, size);
  await (size === 'phone' ? field.tap() : field.click());
  await page.keyboard.type(TYPED);
  await page.keyboard.press('Enter');
  const [name, heard] = await field.evaluate((element) => [(element as HTMLInputElement).name || element.id, element.closest('[data-widget]') !== null] as const);
  return { field: name, heard };
}

/** Sends a report from the footer as a visitor (keys on the desktop, taps on the phone); its number. */
async function sendReport(page: Page, size: Size, words: string): Promise<number> {
  const opener = page.locator('[data-problem-report-open] button');
  // The footer shows at the end of the page; there the visitor sees the button, nothing over it.
  await clearTheWay(page, opener, size);
  const openName = (await opener.textContent())?.trim() ?? '';
  expect(openName, 'the footer\'s button has a name').not.toBe('');
  const dialog = page.locator('[data-problem-report-dialog]');
  const title = (await dialog.locator('h2').textContent())?.trim() ?? '';
  if (size === 'phone') await page.getByRole('button', { name: openName, exact: true }).tap();
  else {
    await opener.focus();
    await page.keyboard.press('Enter');
  }
  // The dialog shows, named by its title, on top of the page, with focus in its field.
  await expect.poll(() => page.getByRole('dialog', { name: title }).isVisible(), { message: 'the dialog shows' }).toBe(true);
  // On top once it has come in (a loaded machine can take a frame or two after it shows).
  await expect.poll(() => dialog.evaluate(onTop), { message: 'the dialog is on top' }).toBe(true);
  expect(await activeId(page), 'focus in the dialog\'s field').toBe('problem-report-words');
  await page.keyboard.type(words);
  const send = dialog.locator('[data-problem-report-send]');
  if (size === 'phone') await send.tap();
  else {
    await page.keyboard.press('Tab');
    expect(await activeId(page)).toBe(await send.evaluate((element) => element.id || element.tagName));
    await page.keyboard.press('Enter');
  }
  const status = dialog.getByRole('status');
  await expect.poll(() => status.textContent(), { timeout: 20_000 }).toMatch(/\d/);
  const id = Number(/\d+/.exec((await status.textContent()) ?? '')?.[0]);
  // Sent: focus moved to Close; leaving the dialog puts focus back on the footer's button.
  if (size === 'phone') await dialog.locator('[data-problem-report-close]').tap();
  else await page.keyboard.press('Escape');
  await expect.poll(() => dialog.isVisible(), { message: 'the dialog is gone' }).toBe(false);
  await expect.poll(() => opener.evaluate((element) => element === document.activeElement), { message: 'focus back on the footer\'s button' }).toBe(true);
  return id;
}

async function reportSession(server: RunningServer, path: string, size: Size, seed: number): Promise<Sent> {
  // The phone is a phone's browser (touch and a mobile user agent): the page's device class is mobile.
  const context = await visitorContext(await testBrowser({ hasTouch: size === 'phone' }), server.url, size, size === 'phone' ? { userAgent: PHONE.userAgent } : {});
  const log: string[] = [];
  try {
    const { page, stayOnPage } = await stayingPage(context, log);
    await page.goto(`${path}${path.includes('?') ? '&' : '?'}seed=${seed}`);
    stayOnPage();
    await page.waitForFunction(() => window.sitecharts !== undefined);
    await page.evaluate(() => window.sitecharts?.islands.hydrateAll());
    await visitorSteps(page, { random: seededRandom(seed), size, actions: ACTIONS, log, pausedClock: false });
    const { field, heard } = await typeInAField(page, size);
    log.push(`typed into ${field}`);
    const words = `Nothing happened on ${path} (${size}, seed ${seed})`;
    const id = await sendReport(page, size, words);
    return { path, size, id, words, field, heard, log };
  } catch (problem) {
    throw new Error(`${path} ${size} seed ${seed}: ${problem instanceof Error ? (problem.message.split('\n')[0] ?? '') : String(problem)}; the visitor: ${log.slice(-6).join('; ')}`);
  } finally {
    await context.close();
  }
}

describe('problem reports on every page (issue 51)', () => {
  it('a seeded session on each page at both sizes sends a report from the footer; npm run reports lists them, npm run replay replays them all, nothing typed is stored', async () => {
    const server = await freshServer();
    const paths = await sitemapPaths(server.url);
    expect(paths.length).toBeGreaterThan(10);
    const sessions = paths.flatMap((path, index) => [
      { path, size: 'desktop' as Size, seed: 3 + index },
      { path, size: 'phone' as Size, seed: 20 - index },
    ]);
    const sent: Sent[] = [];
    const queue = [...sessions];
    const worker = async () => {
      for (let session = queue.shift(); session; session = queue.shift()) sent.push(await reportSession(server, session.path, session.size, session.seed));
    };
    await Promise.all([worker(), worker()]);
    expect(new Set(sent.map(({ id }) => id)).size).toBe(sessions.length);

    // npm run reports: one line each, with its page, device and viewport and the visitor's words.
    const listed = await npmRun(server, 'reports', []);
    expect(listed.stderr).toBe('');
    expect(listed.code).toBe(0);
    const lines = new Map(listed.stdout.trim().split('\n').slice(1).map((line) => [Number(line.split('\t')[0]), line.split('\t')]));
    for (const report of sent) {
      const device = report.size === 'phone' ? 'mobile 390x844' : 'desktop 1280x800';
      expect(lines.get(report.id), `report ${report.id}`).toEqual([String(report.id), report.path, expect.any(String), device, report.words]);
    }

    // Privacy: what was typed is in no stored report; where an island's machine heard it, its masked shape is.
    const rows = await storedRows<{ id: number; scenario: string }>(server, 'SELECT id, scenario FROM problem_report ORDER BY id');
    expect(rows).toHaveLength(sent.length);
    for (const row of rows) {
      const report = sent.find(({ id }) => id === Number(row.id));
      for (const part of [TYPED, 'zephyrine', 'quillon']) expect(row.scenario, `report ${row.id} (${report?.path} ${report?.size})`).not.toContain(part);
      if (report?.heard) expect(row.scenario, `report ${row.id} (${report.path} ${report.size}, ${report.field})`).toContain(MASKED);
    }

    // One replay of every report, from the store: no divergence, and no other build.
    const replayed = await npmRun(server, 'replay', ['--lines', '0', ...sent.map(({ id }) => `report:${id}`)]);
    expect(replayed.stderr, sent.map(({ path, size, log }) => `${path} ${size}: ${log.join('; ')}`).join('\n')).toBe('');
    expect(replayed.stdout).toMatch(/replay: \d+ passed, 0 failed\n*$/);
    expect(replayed.code).toBe(0);
  }, 600_000);
});
