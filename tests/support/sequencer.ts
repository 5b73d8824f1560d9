import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take minutes, longest first (issue 48, docs/testing.md; the slowest of the runs timed
 * on 2026-12-05, and the files that build the site or the starter, start PostgreSQL, several real
 * servers or a dev server, or fuzz or trace browser sessions). On a run with no timing cache (a clean clone, `npm ci` empties node_modules)
 * vitest starts the larger files first, and several of these are short files: one started last
 * keeps one core busy for minutes while the other has nothing left to do.
 */
export const LONG_FILES: readonly string[] = [
  // e2e (longest first, as a clean-clone run of 2026-12-05 timed them: budget 318 s, a short file
  // that vitest alone would start half-way through the phase)
  'tests/e2e/budget.test.ts',
  'tests/e2e/fuzz-replay.test.ts',
  'tests/e2e/problem-report.test.ts',
  'tests/e2e/page-behaviours.test.ts',
  'tests/e2e/videos.test.ts',
  'tests/e2e/team.test.ts',
  'tests/e2e/publish.test.ts',
  'tests/e2e/tabs.test.ts',
  'tests/e2e/design.test.ts',
  'tests/e2e/starter.test.ts',
  'tests/e2e/inspector-scenario.test.ts',
  'tests/e2e/replay-in-browser.test.ts',
  'tests/e2e/content-page.test.ts',
  // unit and postgres (a clean-clone run of 2026-12-05: 203 s down to 30 s)
  'tests/replay-cli.test.ts',
  'tests/content-build.test.ts',
  'server/privacy.test.ts',
  'tests/content-mistakes.test.ts',
  'tests/package.test.ts',
  'tests/prerequisites.test.ts',
  'tests/dev-server.test.ts',
  'tooling/build/pages/prerender-pages.test.ts',
  'server/store/backup.test.ts',
  'server/server.test.ts',
  'tests/site-links.test.ts',
  'server/site-pages.test.ts',
  'server/store/postgres.test.ts',
  'server/forms/forms.test.ts',
  'server/forms/durability.test.ts',
  'server/newsletter/newsletter.test.ts',
];

/** A file expected to take less than this is short: where it runs within its phase matters less than with whom. */
export const SHORT_MS = 5_000;

/**
 * Vitest's order (by `sequence.groupOrder`, then each file's duration in the last run, else its size),
 * with three changes within a group: the files of every project in it are ordered together by their
 * last duration, a file with none that is in LONG_FILES comes first, so two workers stay busy to the
 * end of each phase, and the short files of projects that share workers (`isolate: false`, the unit
 * project) come last, one after another: vitest hands a shared worker its next file only when the
 * next file in the queue is one it can take, and starts a new worker otherwise.
 */
export default class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const groups = new Map<number, TestSpecification[]>();
    for (const file of sorted) {
      const order = file.project.config.sequence.groupOrder;
      groups.set(order, [...(groups.get(order) ?? []), file]);
    }
    return [...groups.keys()].sort((a, b) => a - b).flatMap((order) => this.longestFirst(groups.get(order) ?? []));
  }

  /**
   * Files with a known or listed duration first, longest first; the others after them in vitest's
   * order; then the short files of shared workers, in the same order.
   */
  private longestFirst(files: TestSpecification[]): TestSpecification[] {
    const known = files.map((file, index) => ({ file, index, ms: this.expectedMs(file) }));
    const byDuration = (a: (typeof known)[number], b: (typeof known)[number]) => {
      if (a.ms !== undefined && b.ms !== undefined) return b.ms - a.ms || a.index - b.index;
      if (a.ms !== undefined) return -1;
      if (b.ms !== undefined) return 1;
      return a.index - b.index;
    };
    const sharedAndShort = (entry: (typeof known)[number]) => entry.file.project.config.isolate === false && (entry.ms === undefined || entry.ms < SHORT_MS);
    return [...known.filter((entry) => !sharedAndShort(entry)).sort(byDuration), ...known.filter(sharedAndShort).sort(byDuration)].map(({ file }) => file);
  }

  /** The last run's duration, else a place in LONG_FILES (above any measured file), else undefined. */
  private expectedMs(file: TestSpecification): number | undefined {
    const path = relative(this.ctx.config.root, file.moduleId);
    const last = this.ctx.cache.getFileTestResults(`${file.project.name}:${path}`);
    if (last) return last.duration;
    const listed = LONG_FILES.indexOf(path);
    return listed === -1 ? undefined : Number.MAX_SAFE_INTEGER - listed;
  }
}
