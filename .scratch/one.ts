import { chromium } from 'playwright-core';
import { freezeClock, loadStill, screenshotContext } from '../tests/support/screenshots';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await browser.newContext({ baseURL: 'http://127.0.0.1:4391', ...screenshotContext(390) });
const page = await ctx.newPage(); page.on('close', () => console.log('CLOSE')); page.on('console', (m) => console.log('console', m.text())); page.on('pageerror', (e) => console.log('err', e));
if (process.argv[3] !== 'nofreeze') await freezeClock(page);
try { await page.goto(process.argv[2]); console.log('goto'); await page.waitForLoadState('networkidle'); console.log('idle');
await page.waitForFunction(() => window.sitecharts !== undefined); console.log('sc');
await page.evaluate(() => window.sitecharts?.islands.settled()); console.log('settled'); } catch (e) { console.log(String(e).slice(0, 300)); }
await browser.close();
