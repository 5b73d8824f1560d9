import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { ROOT } from './site-server';

/**
 * Deterministic screenshots of the demo's pages (issue 19): the same pixels on every run and every
 * machine with the same Chromium and fonts. Fixed viewport and device scale factor, a fixed scheme,
 * reduced motion, a fixed locale and time zone; the page's clock (Playwright's) installed at a
 * fixed date and paused before the page loads, so no timer, animation frame or countdown moves;
 * CSS animations and transitions stopped by the screenshot itself; the caret hidden; media
 * elements (whose native controls show a load-dependent time) masked. The fonts are the system's
 * (docs/design-system.md: no web fonts); with the same Debian font packages they render alike.
 */
export const SCREENSHOT_WIDTHS = [390, 1280] as const;
export const SCREENSHOT_HEIGHT = 800;
/** A fixed moment for every clock the pages read (a Monday morning, opening hours). */
export const SCREENSHOT_TIME = Date.parse('2026-03-02T09:00:00Z');
/** Where each run writes its screenshots (gitignored). */
export const SCREENSHOT_DIR = join(ROOT, 'test-output', 'screenshots');

/** Issue 31: the visual baselines also cover 1440 px and dark mode (`<page>-<width>-dark.png`). */
export const SCREENSHOT_VARIANTS = [
  { width: 390, scheme: 'light' },
  { width: 1280, scheme: 'light' },
  { width: 1440, scheme: 'light' },
  { width: 390, scheme: 'dark' },
  { width: 1280, scheme: 'dark' },
] as const;

export function screenshotContext(width: number, scheme: 'light' | 'dark' = 'light'): BrowserContextOptions {
  return {
    viewport: { width, height: SCREENSHOT_HEIGHT },
    deviceScaleFactor: 1,
    colorScheme: scheme,
    reducedMotion: 'reduce',
    locale: 'en-US',
    timezoneId: 'UTC',
  };
}

/**
 * Freezes the page's time at SCREENSHOT_TIME + 1 s; call before the page loads. One call, which
 * installs the fake clock and pauses it: `install` then `pauseAt` failed ("Cannot fast-forward to the
 * past") whenever more than the 1 s between them passed on a loaded machine, since an installed clock
 * flows with real time until it is paused.
 */
export async function freezeClock(page: Page): Promise<void> {
  await page.clock.pauseAt(SCREENSHOT_TIME + 1_000);
}

/** Loads `path` and waits until it is still: loaded, islands settled, fonts ready, every image loaded. */
export async function loadStill(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'load' });
  await page.waitForFunction(() => window.sitecharts !== undefined);
  await page.evaluate(async () => {
    await window.sitecharts?.islands.settled();
    await document.fonts.ready;
  });
  // A full-page capture never scrolls, and how far ahead lazy images load depends on the connection:
  // every image is loaded first, so the picture is the same on every machine.
  await page.evaluate(() => {
    for (const image of document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]')) image.loading = 'eager';
  });
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
}

/** The full page, deterministic as described above: a PNG, or a JPEG for a review file (`*.jpg`, quicker to write). */
export async function stillScreenshot(page: Page, file?: string): Promise<Buffer> {
  if (file) mkdirSync(dirname(file), { recursive: true });
  return page.screenshot({
    // A full page of a long page takes over the context's 15 s when other e2e files share the cores
    // (design e2e at load average 15-23): a limit for a hang, not a speed target.
    timeout: 60_000,
    path: file,
    type: file?.endsWith('.jpg') ? 'jpeg' : 'png',
    ...(file?.endsWith('.jpg') ? { quality: 80 } : {}),
    fullPage: true,
    animations: 'disabled',
    caret: 'hide',
    scale: 'css',
    mask: [page.locator('video'), page.locator('audio')],
    maskColor: '#8a8f99',
  });
}

/** A file name for a page path: '/' -> 'home', '/developers/sdk/' -> 'developers-sdk'. */
export function pageSlug(path: string): string {
  return path.replace(/^\/|\/$/g, '').replace(/\//g, '-') || 'home';
}
