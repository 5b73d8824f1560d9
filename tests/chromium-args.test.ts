import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, UNUSED_WORK_FEATURES, findChromium } from './support/chrome.mjs';

/**
 * The flags every test browser starts with (tests/support/chrome.mjs). Chromium reads only the last
 * `--disable-features`, so ours must hold Playwright's as well as its own; and the address bar's popup,
 * which Chromium would otherwise preload in a renderer for every context, is really gone.
 */
describe('the test browser’s flags', () => {
  it('keep every feature Playwright switches off, switch off the work no test uses, and no window has a renderer for the popup', async () => {
    const executablePath = await findChromium();
    if (!executablePath) throw new Error('no Chromium: apt-get install -y chromium');
    const server = await chromium.launchServer({ executablePath, headless: true, args: CHROMIUM_ARGS });
    try {
      const pid = server.process().pid;
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      const lists = argv.filter((arg) => arg.startsWith('--disable-features=')).map((arg) => arg.slice('--disable-features='.length).split(','));
      expect(lists.length).toBeGreaterThan(1);
      const last = lists.at(-1) ?? [];
      for (const feature of lists.flat()) expect(last, `${feature} is switched off by an earlier --disable-features only`).toContain(feature);
      for (const feature of UNUSED_WORK_FEATURES) expect(last).toContain(feature);

      const browser = await chromium.connect(server.wsEndpoint());
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto('data:text/html,<title>t</title><p>one visit</p>');
      const cdp = await browser.newBrowserCDPSession();
      // The preloaded popup shows up as a browser_ui target within a moment of the window opening.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: Array<{ type: string; url: string }> };
      expect(targetInfos.filter((target) => target.url.startsWith('chrome://')).map((target) => target.url)).toEqual([]);
      expect(targetInfos.filter((target) => target.type === 'page')).toHaveLength(1);
      await browser.close();
    } finally {
      await server.close();
    }
  }, 60_000);
});
