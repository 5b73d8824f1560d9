import { chromium } from 'playwright-core';
import { TEST_CHROMIUM_ARGS, findTestChromium } from './tests/support/chrome.mjs';
import { treeCpu } from './tests/support/process-tree';
const base = 'http://127.0.0.1:4391';
const paths = ['/', '/widgets/', '/team/', '/contact/', '/news/'];
const mode = process.argv[2];
const n = 20;
const browser = await chromium.launch({ executablePath: await findTestChromium(), args: TEST_CHROMIUM_ARGS });
{ const c = await browser.newContext(); const p = await c.newPage(); await p.goto(base + '/'); await c.close(); }
const t0 = treeCpu(); const w0 = Date.now();
let ctx, page, cdp; let reqs = 0;
for (let i = 0; i < n; i++) {
  const path = paths[i % paths.length];
  if (mode === 'fresh') {
    ctx = await browser.newContext({ baseURL: base }); page = await ctx.newPage();
    page.on('request', () => reqs++);
    await page.goto(path, { waitUntil: 'load' }); await page.waitForTimeout(300);
    await ctx.close();
  } else {
    if (!ctx) { ctx = await browser.newContext({ baseURL: base }); page = await ctx.newPage(); cdp = await ctx.newCDPSession(page); page.on('request', () => reqs++); }
    await page.goto(path, { waitUntil: 'load' }); await page.waitForTimeout(300);
    await page.goto('about:blank');
    await ctx.clearCookies();
    await cdp.send('Storage.clearDataForOrigin', { origin: base, storageTypes: 'all' });
    await cdp.send('DOMStorage.clear', { storageId: { securityOrigin: base, isLocalStorage: false } }).catch((e) => console.log('domstorage', e.message));
    if (mode === 'cold') await cdp.send('Network.clearBrowserCache');
    await cdp.send('Page.resetNavigationHistory');
  }
}
console.log(mode, 'cpu', (treeCpu() - t0).toFixed(2), 'wall', Date.now() - w0, 'requests', reqs);
await browser.close();
