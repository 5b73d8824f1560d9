/**
 * A machine's allowed coverage exceptions (issue 50), in `machines/<folder>/<name>.coverage.ts` as
 * `export const coverageExceptions: CoverageExceptions = { ... }`: each state no test can enter and
 * each transition no test can take, with the reason. `npm run coverage:machines` leaves them out of
 * the figures, shows the reason in its report, and fails on an exception that names nothing or that
 * a test now covers. docs/testing.md#machine-coverage says when one is allowed.
 */
export interface CoverageExceptions {
  /** A state's path id (`slider.playing.idle`) -> why no test enters it. */
  states?: Readonly<Record<string, string>>;
  /** A transition's key (`slider.playing|next|0`, as the report lists it) -> why no test takes it. */
  transitions?: Readonly<Record<string, string>>;
  /**
   * A lower bar than 100 % states / 98 % transitions, held where it stands until tests are added:
   * the per cents the suite reaches today and why the rest is not yet tested. The report prints the
   * reason beside the figures; the run still fails if coverage falls below it.
   */
  threshold?: { states?: number; transitions?: number; reason: string };
}
