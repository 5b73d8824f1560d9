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
 * Chromium's headless shell, as Debian packages it (`apt-get install -y chromium-headless-shell`): the
 * same Blink and V8 as the browser without its window, address bar and profile services, which is what
 * Playwright itself runs for headless tests. The e2e suites use it where it is installed: on an e2e
 * file it spent 11 s of CPU in its browser process where the full browser spent 24 s (renderers 25.6 s
 * against 29.9 s; 2026-12-06, page-behaviours, quiet machine).
 */
export const HEADLESS_SHELL_PATHS = ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium-headless-shell'];

/**
 * The browser of the test suites: CHROME_PATH if set, else the headless shell where it is installed,
 * else the browser `findChromium` finds. The benchmarks measure what a visitor's browser does, so they
 * keep `findChromium`.
 */
export async function findTestChromium(env = process.env) {
  if (env.CHROME_PATH) return findChromium(env);
  return HEADLESS_SHELL_PATHS.find((path) => existsSync(path)) ?? findChromium(env);
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
 * Work Chromium does ahead for a visitor a test browser never has. Chromium 14x and later preload the
 * address bar's popup as a WebUI page, in a renderer of its own, for every window, and Playwright
 * opens a window for each browser context: every test visit paid for a renderer no headless test
 * shows (one e2e file's CPU: 44 s without it, 33 s with it). Chromium also keeps a spare renderer
 * started for the next navigation; each visit is a new context that never uses the last one's spare
 * (two e2e files: 157 s of CPU with it, 144 s without).
 */
export const UNUSED_WORK_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'SpareRendererForSitePerProcess'];

/**
 * The site answers every request with `Cross-Origin-Opener-Policy: same-origin-allow-popups`, and a
 * test's page starts at about:blank: its first visit to the site moves it into a new browsing context
 * group, so Chromium starts a second renderer for it and ends the first (0.12-0.16 s of CPU a visit,
 * one wasted renderer per context). The e2e files' browsers leave the policy unenforced: 180-196 s of
 * CPU against 200-218 s for four e2e files (2026-12-07). What the policy changes, a popup keeping or
 * losing its opener, runs where it is asked for (`useBrowser({ openerPolicy: true })`, the donate
 * round trip); the benchmarks and the traced visits keep it.
 */
export const OPENER_POLICY_FEATURE = 'CrossOriginOpenerPolicy';

const disabledFeatures = (features) => `--disable-features=${features.join(',')}`;

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
  disabledFeatures([...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_WORK_FEATURES]),
];

/** The e2e files' browsers (`testBrowser`): CHROMIUM_ARGS with the opener policy unenforced (above). */
export const TEST_CHROMIUM_ARGS = [
  ...CHROMIUM_ARGS.filter((arg) => !arg.startsWith('--disable-features=')),
  disabledFeatures([...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_WORK_FEATURES, OPENER_POLICY_FEATURE]),
];
