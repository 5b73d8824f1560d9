import { chromium } from 'playwright-core';
import { freezeClock, loadStill, screenshotContext } from '../tests/support/screenshots';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await browser.newContext({ baseURL: 'http://127.0.0.1:4391', ...screenshotContext(390) });
const page = await ctx.newPage(); page.on('close', () => console.log('CLOSE')); page.on('pageerror', (e) => console.log('err', e));
ctx.on('page', (p) => console.log('new page', p.url()));
page.on('framenavigated', (f) => console.log('nav', f.url()));
if (process.argv[2] !== 'nofreeze') await freezeClock(page);
for (const p of (process.argv[3] ?? '/donate/,/news/').split(',')) { try { await loadStill(page, p); console.log('ok', p); } catch (e) { console.log(String(e).slice(0, 400)); } }
await browser.close();
