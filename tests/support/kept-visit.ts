import { afterAll, afterEach, expect } from 'vitest';
import type { VisitedPage } from './browser';
import { outsideReuse } from './visit-pool';

/**
 * Issue 48: one visit that a group of tests in a file shares, for tests that read the page or put back
 * what they changed (a dialog closed again, a filter reset). A visit of a hydrated page costs about
 * 2.5 s of CPU on the 2-core machine (its context 0.75 s, the load and hydration the rest), and
 * `useBrowser()` closes a test's contexts when the test ends; this visit is opened by the first test
 * that asks for it, stays open for the tests after it, and is closed with the file's other contexts
 * (after its machine coverage is read, tests/support/page-coverage.ts). Call after `useBrowser()`,
 * beside the tests: they share one page in the file's order, so a test that changes the context
 * (cookies, storage, routes, the clock's mode) does not take it. Every test that used it ends with no
 * Content-Security-Policy violation on it, as with a visit of its own.
 */
export function useKeptVisit<Visited extends VisitedPage>(open: () => Promise<Visited>): () => Promise<Visited> {
  let kept: Promise<Visited> | undefined;
  let usedByThisTest = false;
  /** The context's own close, held back from the end of each test until the file's contexts close. */
  let release: (() => void) | undefined;
  afterEach(async () => {
    if (!kept || !usedByThisTest) return;
    usedByThisTest = false;
    const { violations } = await kept;
    const seen = violations.splice(0);
    expect(seen, 'Content-Security-Policy violations on the kept page').toEqual([]);
  });
  afterAll(() => release?.());
  /** The visit, its context's close held back until `release`. */
  async function keep(): Promise<Visited> {
    // A context of its own: the worker's reusable one (tests/support/visit-pool.ts) is every other test's.
    const visited = await outsideReuse(open);
    const { context } = visited;
    const close = context.close.bind(context);
    context.close = async () => undefined;
    release = () => {
      context.close = close;
    };
    return visited;
  }
  return () => {
    usedByThisTest = true;
    // A visit that failed (a load timed out on a busy machine) is tried again by the next test.
    kept ??= keep().catch((problem: unknown) => {
      kept = undefined;
      throw problem;
    });
    return kept;
  };
}
