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

/**
 * Playwright's own `--disable-features` list (playwright-core's chromiumSwitches, for the pinned
 * version). Chromium reads the last `--disable-features` it is given, so the one below, which adds
 * ours, repeats these or they would be switched back on (PaintHolding, HttpsUpgrades and the rest).
 * `tests/chromium-args.test.ts` checks the list against the switch Playwright really passes.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Chromium 14x and later preload the address bar's popup as a WebUI page, in a renderer of its own, for
 * every window, and Playwright opens a window for each browser context: every test visit paid for a
 * second renderer (up to a second of CPU on a loaded machine) that no headless test ever shows. Without
 * it one e2e file used a quarter less CPU (tabs.test.ts: 44 s to 33 s).
 */
export const UNSHOWN_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

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
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNSHOWN_FEATURES].join(',')}`,
];
