import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, findChromium } from './support/chrome.mjs';
import { processTree } from './support/process-tree';
import { copyRepo, type RepoCopy } from './support/repo-copy';
import { startSiteServer, type RunningServer } from './support/site-server';

/**
 * Issue 31.24: a clean console in dev is part of done. React's development build warns about
 * duplicate keys and about prerendered markup that the first client render does not match; the
 * production build says nothing, so this runs `npm run dev` (as tests/dev-server.test.ts does).
 */
let copy: RepoCopy;
let dev: RunningServer;
let browser: Browser | undefined;

beforeAll(async () => {
  copy = copyRepo('sitecharts-dev-console-');
  dev = await startSiteServer({ cwd: copy.dir, command: ['npm', 'run', '--silent', 'dev'] });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (dev) for (const pid of processTree(dev.process.pid ?? -1).reverse()) process.kill(pid, 'SIGTERM');
  await dev?.stop();
  copy?.remove();
});

const pages = [
  { path: '/gallery/', widget: 'image-gallery', reveals: true },
  { path: '/news/', widget: 'masonry', reveals: true },
  { path: '/services/', widget: 'magazine-tabs', reveals: false },
];

describe('the dev console', () => {
  it.each(pages)('$path: the $widget view hydrates with no React key or mismatch warning', { timeout: 120_000 }, async ({ path, widget, reveals }) => {
    const executablePath = await findChromium();
    expect(executablePath).toBeDefined();
    browser ??= await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const messages: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text());
    });
    page.on('pageerror', (error) => messages.push(error.message));
    await page.goto(`${dev.url}${path}`);
    const island = page.locator(`[data-widget="${widget}"]`).first();
    await island.scrollIntoViewIfNeeded();
    // The behaviour reveals the items first (its waypoint), before React; an input inside then brings the view.
    if (reveals) await expect.poll(() => island.locator('.is-revealed').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await island.locator('a, button').first().hover();
    await island.locator('a, button').first().focus();
    await expect.poll(() => island.getAttribute('data-island'), { timeout: 30_000 }).toBe('hydrated');
    await page.waitForTimeout(500);
    const react = messages.filter((text) => /same key|did not match|hydrat|didn't match/i.test(text));
    expect(react).toEqual([]);
    await page.close();
  });
});
