import type { AnyActorRef } from 'xstate';
import type { TraceEntry } from '../inspect';
import { typedRule } from '../widget';
import { pageActors, pageScenarioFromTrace } from '../replay/record';
import { DEVICES } from '../vitals/vitals.rules';
import { boundScenario, gzipSize } from './bound';
import { maskTrace } from './mask';
import { DEV_BUILD, MAX_SCENARIO_GZIP_BYTES, type ProblemReport } from './report.rules';

/** What a report is made from: the page's handle (runtime/boot.ts) and the visitor's words. */
export interface ReportSource {
  trace: readonly TraceEntry[];
  actors(): readonly AnyActorRef[];
  seed: number;
}

/**
 * Issue 51: the report a visitor sends: the whole page as a scenario (every actor the page started,
 * its inputs, the clock, as "Save page as scenario" saves it) with what they typed masked
 * (mask.ts), bounded in size (bound.ts); the page's path, its build id, the viewport and the device
 * class; and their words. Nothing else: no address, no cookie, no user agent.
 */
export async function pageReport(source: ReportSource, win: Window, words: string): Promise<ProblemReport> {
  const html = win.document.documentElement;
  const page = win.location.pathname;
  const entries = maskTrace(source.trace, typedRule);
  const recorded = pageScenarioFromTrace(entries, pageActors(source.actors()), { path: page, seed: source.seed });
  const { scenario } = await boundScenario(recorded, MAX_SCENARIO_GZIP_BYTES, gzipSize);
  return {
    page,
    words,
    build: html.dataset.build ?? DEV_BUILD,
    viewport: { width: Math.round(win.innerWidth), height: Math.round(win.innerHeight) },
    device: html.classList.contains('sc-mobile') ? DEVICES[0] : DEVICES[1],
    scenario,
  };
}
