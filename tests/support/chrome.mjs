import { existsSync } from 'node:fs';

/**
 * Where Chromium is: CHROME_PATH if set, else Debian's /usr/bin/chromium, then a browser Playwright has
 * already installed. Never downloads one.
 */
export const HOW_TO_GET_CHROMIUM =
  'No Chromium found: install it with `apt-get install -y chromium` (or set CHROME_PATH to a Chromium or Chrome binary).';

/** CHROME_PATH, when set, is the only candidate: a wrong one is reported, never replaced by another browser. */
export async function findChromium(env = process.env) {
  if (env.CHROME_PATH) return existsSync(env.CHROME_PATH) ? env.CHROME_PATH : undefined;
  const candidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
  try {
    const { chromium } = await import('playwright-core');
    candidates.push(chromium.executablePath());
  } catch {
    // playwright-core not installed: only the explicit paths count.
  }
  return candidates.find((path) => typeof path === 'string' && path !== '' && existsSync(path));
}

/** Flags for a headless Chromium on a closed network, as root. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
