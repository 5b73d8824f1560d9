import { chromium } from 'playwright-core';
const base = process.argv[2];
const pages = (process.argv[3] ?? '/').split(',');
const widths = (process.argv[4] ?? '390,1280').split(',').map(Number);
const full = process.argv[5] !== 'top';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const w of widths) {
  const ctx = await browser.newContext({ viewport: { width: w, height: 800 }, deviceScaleFactor: 1, reducedMotion: 'reduce', colorScheme: process.env.DARK ? 'dark' : 'light' });
  const page = await ctx.newPage();
  for (const p of pages) {
    await page.goto(base + p);
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `/tmp/i19/${p.replace(/\//g, '_') || 'home'}-${w}${process.env.DARK ? '-dark' : ''}.png`, fullPage: full, ...(process.env.CLIP ? { clip: { x: 0, y: 0, width: w, height: Number(process.env.CLIP) } } : {}) });
  }
  await ctx.close();
}
await browser.close();
