import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, OPENER_POLICY_FEATURE, TEST_CHROMIUM_ARGS, UNUSED_WORK_FEATURES, findChromium, findTestChromium } from './support/chrome.mjs';

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

  it('the e2e browsers keep those flags and leave the opener policy unenforced: a visit from about:blank to a page with one keeps its renderer, where the benchmarks\' browser starts another', async () => {
    const last = TEST_CHROMIUM_ARGS.filter((arg) => arg.startsWith('--disable-features=')).at(-1)?.slice('--disable-features='.length).split(',') ?? [];
    expect(last).toEqual(expect.arrayContaining([...UNUSED_WORK_FEATURES, OPENER_POLICY_FEATURE]));
    expect(TEST_CHROMIUM_ARGS.filter((arg) => !arg.startsWith('--disable-features='))).toEqual(CHROMIUM_ARGS.filter((arg) => !arg.startsWith('--disable-features=')));
    // The site's header (server/security/headers.ts), on a page of its own.
    const site = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html', 'cross-origin-opener-policy': 'same-origin-allow-popups' });
      response.end('<title>t</title><p>a page with an opener policy</p>');
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const executablePath = await findTestChromium();
    if (!executablePath) throw new Error('no Chromium: apt-get install -y chromium');
    /** The renderer processes before and after a fresh page at about:blank visits the site. */
    const renderersOfAVisit = async (args: string[]) => {
      const browser = await chromium.launch({ executablePath, args });
      try {
        const cdp = await browser.newBrowserCDPSession();
        const renderers = async () => ((await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: Array<{ type: string; id: number }> }).processInfo.filter((p) => p.type === 'renderer').map((p) => p.id);
        const page = await (await browser.newContext()).newPage();
        const before = await renderers();
        await page.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/`);
        return { before, after: await renderers() };
      } finally {
        await browser.close();
      }
    };
    try {
      const tests = await renderersOfAVisit(TEST_CHROMIUM_ARGS);
      expect(tests.after).toEqual(tests.before);
      const visitors = await renderersOfAVisit(CHROMIUM_ARGS);
      expect(visitors.before).toHaveLength(1);
      expect(visitors.after.filter((id) => !visitors.before.includes(id)), 'a renderer started for the visit').toHaveLength(1);
    } finally {
      site.close();
    }
  }, 60_000);
});
