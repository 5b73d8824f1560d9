import { actorSeed, seededRandom } from '../random';
import type { PageService } from '../services';
import { sampleFraction } from '../vitals/vitals.rules';

/**
 * Issue 35, field data: decides at boot whether this visit reports its Core Web Vitals, and only
 * then, once the page has loaded and the browser is idle, loads the reporter (runtime/vitals/
 * report.ts, its own chunk): nothing of it is on the page's critical path, and a visit that is not
 * sampled never fetches it. Not reported: a visitor whose browser sends Do Not Track or Global
 * Privacy Control, and a browser driven by automation (navigator.webdriver: Lighthouse, the test
 * suite), which is lab data, not a visitor. `?vitals` in the address reports this visit whatever
 * the sample (a site owner checking the pipeline, the e2e test). The draw uses the page's seed
 * (runtime/random.ts), so `?seed=<n>` decides it the same way every time.
 */
export interface VitalsOptions {
  /** Percent of visits that report (VITE_VITALS_SAMPLE_RATE at build); 10 when unset, 0: none. */
  samplePercent?: string;
}

/** The browser loads the reporter when idle, or after this long in any case. */
const IDLE_TIMEOUT_MS = 10_000;

type PrivacyNavigator = Navigator & { globalPrivacyControl?: boolean };

/** Whether this visit reports (pure: the facts are passed in). */
export function shouldReport(facts: { navigator: PrivacyNavigator; search: string; draw: number; fraction: number }): boolean {
  const { navigator } = facts;
  if (typeof navigator.sendBeacon !== 'function') return false;
  if (navigator.doNotTrack === '1' || navigator.globalPrivacyControl === true) return false;
  if (new URLSearchParams(facts.search).has('vitals')) return true;
  return !navigator.webdriver && facts.draw < facts.fraction;
}

export function vitals(options: VitalsOptions = {}): PageService {
  const fraction = sampleFraction(options.samplePercent);
  return {
    name: 'vitals',
    starts: 'after-boot',
    start({ document, window, seed = 0 }) {
      const draw = seededRandom(actorSeed(seed, 'vitals'))();
      if (fraction === 0 || typeof window.PerformanceObserver !== 'function') return () => undefined;
      if (!shouldReport({ navigator: window.navigator, search: window.location.search, draw, fraction })) return () => undefined;
      let stopped = false;
      let stop: (() => void) | undefined;
      const load = () => {
        if (stopped) return;
        import('../vitals/report')
          .then((reporter) => {
            if (!stopped) stop = reporter.startVitalsReport(window, document);
          })
          .catch(() => undefined); // no field data for this visit; the page itself is unaffected
      };
      const whenIdle = () => (window.requestIdleCallback ? window.requestIdleCallback(load, { timeout: IDLE_TIMEOUT_MS }) : load());
      if (document.readyState === 'complete') whenIdle();
      else window.addEventListener('load', whenIdle, { once: true });
      return () => {
        stopped = true;
        window.removeEventListener('load', whenIdle);
        stop?.();
      };
    },
  };
}
