import { chromium } from 'playwright-core';
import { freezeClock, loadStill, screenshotContext, stillScreenshot } from '../tests/support/screenshots';
import { sitemapPaths } from '../tests/support/phone-visitor';
const base = 'http://127.0.0.1:4391';
const paths = await sitemapPaths(base);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await browser.newContext({ baseURL: base, ...screenshotContext(Number(process.argv[2] ?? 390)) });
const paths2 = paths; console.log(paths2.length);

const t = Date.now();
for (const path of (process.argv[3] ? process.argv[3].split(',') : paths)) {
  const page = await ctx.newPage(); page.on('crash', () => console.log('CRASH', path)); page.on('close', () => console.log('CLOSE', path)); await freezeClock(page); await loadStill(page, path); const a = Date.now() - t;
  await stillScreenshot(page, `/tmp/i19/still/${path.replace(/\//g, '_')}.png`);
  console.log(path, a, Date.now() - t); await page.close();
}
await browser.close();
