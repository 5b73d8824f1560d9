import { chromium } from 'playwright-core';
const [base, path, w, y, h, out] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await browser.newContext({ viewport: { width: Number(w), height: 800 }, reducedMotion: 'reduce', colorScheme: process.env.DARK ? 'dark' : 'light' });
const page = await ctx.newPage();
await page.goto(base + path); await page.waitForLoadState('networkidle');
if (process.env.SEL) await page.locator(process.env.SEL).first().scrollIntoViewIfNeeded();
if (process.env.CLICK) { await page.locator(process.env.CLICK).first().click(); await page.waitForTimeout(500); }
await page.screenshot({ path: out, fullPage: !process.env.SEL, clip: process.env.SEL ? undefined : { x: 0, y: Number(y), width: Number(w), height: Number(h) } });
await browser.close();
