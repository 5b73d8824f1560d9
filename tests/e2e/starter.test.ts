import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, reportViolations, testBrowser } from '../support/browser';
import { ROOT, startSiteServer, type RunningServer } from '../support/site-server';

/**
 * Issue 32: the engine builds any site. The starter (examples/starter/) is built as a developer
 * builds their own folder, `SITE_DIR=examples/starter npm run build` (into a temporary OUT_DIR, so
 * the demo's dist/ stays), served by the real server, and visited in Chromium: its pages serve, its
 * own widget hydrates and works, axe finds nothing, and nothing of Harbourlight is in its pages,
 * its headers or its sitemap.
 */
const out = mkdtempSync(join(tmpdir(), 'sitecharts-starter-'));
let server: RunningServer | undefined;
let browser: Browser | undefined;
const url = (path: string) => new URL(path, server?.url).toString();
const DEMO_TEXT = /harbourlight/i;

/** The demo's published release, which building another site must leave alone. */
const demoRelease = () => (existsSync(join(ROOT, 'dist/current')) ? readlinkSync(join(ROOT, 'dist/current')) : undefined);

beforeAll(async () => {
  const demoBefore = demoRelease();
  const build = spawnSync('npm', ['run', '--silent', 'build'], {
    cwd: ROOT,
    env: { ...process.env, SITE_DIR: 'examples/starter', OUT_DIR: out },
    encoding: 'utf8',
    timeout: 300_000,
  });
  expect(build.status, `${build.stdout}\n${build.stderr}`).toBe(0);
  expect(build.stdout).toContain('prerendered 3 pages of Fernhill Community Garden');
  // OUT_DIR is where it is published: the demo's dist/ (which the other e2e files serve) is untouched.
  expect(demoRelease()).toBe(demoBefore);
  expect(existsSync(join(out, 'current'))).toBe(true);
  // A production build, though vitest runs it with NODE_ENV=test: no development build of React.
  expect(readdirSync(join(out, 'client/assets')).filter((name) => name.includes('development'))).toEqual([]);
  // The server from source, pointed at the starter's build (a compiled server under /tmp would not find the packages).
  server = await startSiteServer({ env: { STATIC_DIR: join(out, 'client') } });
  browser = await testBrowser();
}, 330_000);

afterAll(async () => {
  await server?.stop();
  rmSync(out, { recursive: true, force: true });
});

async function visit(path: string): Promise<{ page: Page; errors: string[]; violations: string[] }> {
  if (!browser) throw new Error('the browser is not connected');
  const context = await browser.newContext({ baseURL: server?.url });
  context.setDefaultTimeout(15_000);
  const violations: string[] = [];
  await reportViolations(context, violations);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(path);
  return { page, errors, violations };
}

describe('the starter site, built from its folder', () => {
  it('serves its two pages, its 404 page and a sitemap of exactly its pages', async () => {
    for (const [path, title] of [
      ['/', 'Fernhill Community Garden'],
      ['/about/', 'About the garden'],
    ] as const) {
      const response = await fetch(url(path));
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain(`<title>${title}</title>`);
    }
    const missing = await fetch(url('/no-such-page/'));
    expect(missing.status).toBe(404);
    // The starter's own 404 page is built beside its pages (what the server sends a browser).
    expect(await (await fetch(url('/404.html'))).text()).toContain('<h1>Page not found</h1>');
    const sitemap = await (await fetch(url('/sitemap.xml'))).text();
    expect([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname).sort()).toEqual(['/', '/about/']);
  });

  it('has no Harbourlight text in its pages, its headers, its sitemap or robots.txt', async () => {
    for (const path of ['/', '/about/', '/no-such-page/', '/sitemap.xml', '/robots.txt']) {
      const response = await fetch(url(path));
      expect(await response.text(), path).not.toMatch(DEMO_TEXT);
      expect(JSON.stringify([...response.headers]), `${path} headers`).not.toMatch(DEMO_TEXT);
    }
  });

  it('shows its name in the default shell, in its own colours', async () => {
    const { page } = await visit('/about/');
    await expect.poll(() => page.getByRole('banner').getByRole('link', { name: 'Fernhill Community Garden' }).isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).getAttribute('aria-current')).toBe('page');
    // styles.css sets the default shell's accent token to the garden's green.
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('.sc-shell-header') ?? document.body).borderBottomColor)).toBe('rgb(47, 107, 58)');
    // Its icon is its public/favicon.png (a PNG: an SVG icon costs a visitor's phone a long task, issue 49).
    const icon = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(icon).toBe('/favicon.png');
    const answer = await fetch(url(icon ?? ''));
    expect([answer.status, answer.headers.get('content-type')]).toEqual([200, 'image/png']);
  });

  it('its own widget hydrates and works: the next tip, then pause', async () => {
    const { page, errors, violations } = await visit('/');
    const island = page.locator('[data-widget="garden-tips"]');
    await expect.poll(() => island.getAttribute('data-island')).toBe('hydrated');
    const tips = page.getByRole('region', { name: 'Tips for the week' });
    expect(await tips.locator('.garden-tips__tip').textContent()).toBe('Water in the morning, before the sun is high.');
    await tips.getByRole('button', { name: 'Next tip' }).click();
    await expect.poll(() => tips.locator('.garden-tips__tip').textContent()).toBe('Mulch the beds after rain to keep the moisture in.');
    const pause = tips.getByRole('button', { name: 'Pause' });
    await pause.click();
    await expect.poll(() => pause.getAttribute('aria-pressed')).toBe('true');
    expect(await tips.locator('.garden-tips__tip').getAttribute('aria-live')).toBe('polite');
    expect(errors).toEqual([]);
    expect(violations).toEqual([]);
  });

  it.each(['/', '/about/'])('%s passes axe under the CSP with no console error', async (path) => {
    const { page, errors, violations } = await visit(path);
    await page.waitForFunction(() => window.sitecharts !== undefined);
    await page.evaluate(() => window.sitecharts?.islands.settled());
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    expect(violations).toEqual([]);
  });
});
