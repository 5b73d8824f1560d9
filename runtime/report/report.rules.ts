import { DEVICES, isSitePath, normalisePage, type Device } from '../vitals/vitals.rules';
import { parsePageScenario, type PageScenario } from '../replay/scenario';

/**
 * Issue 51, a visitor's problem report: the rules the page and the server share. A report is what
 * the visitor wrote, the page they were on, the build that ran, their viewport and device class,
 * and the whole page as a replay scenario (every actor, its inputs, the clock) with what they typed
 * masked (report-mask.ts). The server re-checks every field here (design.md invariant 6).
 */
export const REPORT_PATH = '/reports';

/** The visitor's words: at least one character that is not a space, at most this many. */
export const MAX_WORDS = 2000;
/** The scenario, gzipped, is at most this many bytes; the page folds older steps to fit (report-bound.ts). */
export const MAX_SCENARIO_GZIP_BYTES = 64 * 1024;
/** The largest request body the server reads (JSON; a scenario gzips about tenfold). */
export const MAX_REPORT_BODY_BYTES = 1024 * 1024;
/** A viewport side, in CSS pixels. */
export const MAX_VIEWPORT = 20_000;
/** A build id: the hash the build writes on every page's <html data-build> (tooling/build/build-id.ts). */
export const BUILD_ID = /^[0-9a-f]{16}$/;
/** What `npm run dev` pages carry: no build, so no build id to check. */
export const DEV_BUILD = 'dev';

export const REPORT_FIELDS = ['page', 'words', 'build', 'viewport', 'device', 'scenario'] as const;

export interface ProblemReport {
  page: string;
  words: string;
  build: string;
  viewport: { width: number; height: number };
  device: Device;
  scenario: PageScenario;
}

export type ReportParse = { ok: true; report: ProblemReport } | { ok: false; error: string };

/**
 * Checks a posted report. Every problem is refused with a sentence naming it: not a JSON object, an
 * unknown field (nothing the page does not send is kept), a path that is no site path, words empty
 * or too long, a build id that is not one, a viewport out of range, a device class not in DEVICES,
 * a scenario that does not parse or is of another page.
 */
export function parseReport(body: unknown): ReportParse {
  const fail = (error: string) => ({ ok: false, error }) as const;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return fail(`A report is a JSON object with ${REPORT_FIELDS.join(', ')}.`);
  const value = body as Record<string, unknown>;
  const unknown = Object.keys(value).filter((name) => !(REPORT_FIELDS as readonly string[]).includes(name));
  if (unknown.length > 0) return fail(`Unknown field(s) ${unknown.slice(0, 5).map((name) => `'${name.slice(0, 40)}'`).join(', ')}: a report has only ${REPORT_FIELDS.join(', ')}.`);
  const { page, words, build, viewport, device, scenario } = value;
  if (typeof page !== 'string' || !isSitePath(page)) return fail(`'page' must be a path of this site such as /news/, got '${String(page).slice(0, 80)}'.`);
  if (typeof words !== 'string' || words.trim() === '' || words.length > MAX_WORDS) return fail(`'words' must say what went wrong in 1 to ${MAX_WORDS} characters.`);
  if (typeof build !== 'string' || !(BUILD_ID.test(build) || build === DEV_BUILD)) return fail(`'build' must be the build id the page carries, got '${String(build).slice(0, 40)}'.`);
  const side = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= MAX_VIEWPORT;
  const box = viewport as { width?: unknown; height?: unknown } | null;
  if (typeof box !== 'object' || box === null || !side(box.width) || !side(box.height) || Object.keys(box).length !== 2)
    return fail(`'viewport' must be { "width", "height" } in whole CSS pixels from 1 to ${MAX_VIEWPORT}.`);
  if (typeof device !== 'string' || !(DEVICES as readonly string[]).includes(device)) return fail(`'device' must be one of ${DEVICES.join(', ')}, got '${String(device).slice(0, 40)}'.`);
  let parsed: PageScenario;
  try {
    parsed = parsePageScenario(scenario, 'scenario');
  } catch (error) {
    return fail(`'scenario' is not a page scenario: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (typeof scenario !== 'object' || scenario === null || parsed.page !== page) return fail(`'scenario' must be the one recorded on ${page.slice(0, 80)}.`);
  return {
    ok: true,
    report: { page: normalisePage(page), words, build, viewport: { width: box.width as number, height: box.height as number }, device: device as Device, scenario: parsed },
  };
}
