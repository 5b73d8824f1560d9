import { existsSync } from 'node:fs';

/**
 * Where Chromium is: CHROME_PATH, then Debian's /usr/bin/chromium, then a browser Playwright has
 * already installed. Never downloads one.
 */
export const HOW_TO_GET_CHROMIUM =
  'No Chromium found: install it with `apt-get install -y chromium` (or set CHROME_PATH to a Chromium or Chrome binary).';

export async function findChromium(env = process.env) {
  const candidates = [env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
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
