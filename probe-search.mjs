import { chromium } from 'playwright-core';
const url = process.argv[2];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const context = await browser.newContext();
await context.addCookies([{ name: process.argv[3], value: 'refused', url, sameSite: 'Strict' }]);
const page = await context.newPage();
page.on('console', (m) => console.log('console', m.type(), m.text().slice(0, 200)));
page.on('pageerror', (e) => console.log('pageerror', String(e).slice(0, 300)));
await page.goto(url);
await page.clock.install();
const t = Date.now();
try { await page.reload({ timeout: 15000 }); console.log('reloaded in', Date.now() - t); }
catch (e) { console.log('reload failed', String(e).slice(0, 100)); 
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Debugger.enable'); await cdp.send('Debugger.pause');
  const ev = await new Promise((r) => cdp.once('Debugger.paused', r));
  console.log(ev.callFrames.slice(0, 12).map((f) => `${f.functionName} ${f.url.split('/').pop()}:${f.location.lineNumber}:${f.location.columnNumber}`).join('\n'));
}
await browser.close();
