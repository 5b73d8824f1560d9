import { chromium } from 'playwright-core';
import { freezeClock, screenshotContext } from '../tests/support/screenshots';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await browser.newContext({ baseURL: 'http://127.0.0.1:4391', ...screenshotContext(390) });
const page = await ctx.newPage();
await freezeClock(page);
const t = Date.now();
const log = (m: string) => console.log(Date.now() - t, m);
for (const path of ['/', '/dosing/']) {
  await page.goto(path); log('goto ' + path);
  await page.waitForLoadState('networkidle'); log('idle');
  await page.waitForFunction(() => window.sitecharts !== undefined); log('sitecharts');
  await page.evaluate(() => window.sitecharts?.islands.settled()); log('settled');
  await page.evaluate(() => document.fonts.ready.then(() => 1)); log('fonts');
}
const b2 = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const c2 = await b2.newContext({ baseURL: 'http://127.0.0.1:4391', ...screenshotContext(390) });
const p2 = await c2.newPage();
await freezeClock(p2);
await p2.goto('/'); await p2.waitForLoadState('networkidle');
log('p2 loaded');
await p2.evaluate(() => Promise.all([...document.images].map((image) => (image.complete ? undefined : image.decode().catch(() => undefined))))); log('images');
await p2.screenshot({ path: '/tmp/i19/a.png', fullPage: true, caret: 'hide', scale: 'css' }); log('shot plain');
await p2.screenshot({ path: '/tmp/i19/b.png', fullPage: true, animations: 'disabled', caret: 'hide', scale: 'css' }); log('shot anim');
await browser.close(); await b2.close();
