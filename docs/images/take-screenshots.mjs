// Takes docs/images/site.png and docs/images/inspector.png from a running site (npm start), with
// playwright-core and a local Chromium (CHROME_PATH or /usr/bin/chromium; nothing is downloaded):
//   node docs/images/take-screenshots.mjs http://127.0.0.1:4173
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../../tests/support/chrome.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:4173';
const out = new URL('.', import.meta.url).pathname;
const browser = await chromium.launch({ executablePath: await findChromium(), args: CHROMIUM_ARGS });
const context = await browser.newContext({ viewport: { width: 1024, height: 640 }, reducedMotion: 'reduce' });

// The site: the home page a visitor lands on (the site asks no cookie question up front: videos ask for themselves).
const site = await context.newPage();
await site.goto(`${base}/`);
await site.getByRole('heading', { level: 1 }).first().waitFor();
await site.screenshot({ path: `${out}site.png` });

// The inspector: the dosing page opened with ?inspect opens /__inspect/ in a new window.
const page = await context.newPage();
const [inspector] = await Promise.all([context.waitForEvent('page'), page.goto(`${base}/dosing/?inspect`)]);
await inspector.setViewportSize({ width: 1024, height: 640 });
// Typing a weight loads the filter's island; then its actor is chosen in the list.
await page.locator('#filter').fill('28');
await inspector.getByRole('navigation', { name: 'Live actors' }).getByRole('button', { name: /^dosing-filter-1/ }).click();
await inspector.getByTestId('current-state').filter({ hasText: '"showingMatches"' }).waitFor();
await inspector.screenshot({ path: `${out}inspector.png` });
await browser.close();
