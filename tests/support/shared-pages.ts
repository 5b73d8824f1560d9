import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, expect, inject } from 'vitest';
import { DEFAULT_VIEWPORT, hydrated, openVisitPage, within, type VisitedPage } from './browser';
import { createPageCoverage } from './page-coverage';

/**
 * Issue 48: a fresh document for each test, without a fresh browser context. A context's first page
 * costs a renderer process of its own: 12 visits of /services/ took 2.4 s of CPU each in fresh
 * contexts and 1.0 s each as navigations of one open page (2026-12-06, load average 26-40). So the
 * tests that change nothing a context keeps share one: one page per set of context options, kept
 * for the file, and each `visit` loads a new document in it. What a document holds (its hash, its
 * islands, focus, scroll, timers) starts afresh; what the context holds is shared, so a test that
 * sets cookies or storage, installs the fake clock, routes requests, adds an init script or a
 * listener to the page, or counts what the page requests (the HTTP cache is warm) takes a fresh
 * context from `useBrowser().visit()` instead.
 *
 * As `useBrowser()`: the visitor has refused optional cookies, console errors and CSP violations are
 * collected per visit (a test ends with no violation), and what each document's machines did is
 * credited to the test that opened it (issue 50), in a record of its own beside `useBrowser()`'s.
 */
export function useSharedPages() {
  const shared = new Map<string, VisitedPage>();
  /** Each open document's test, until its trace is read for coverage. */
  const unread = new Map<Page, string>();
  const coverage = createPageCoverage(expect.getState().testPath ?? 'unknown', 'shared');
  const testName = () => expect.getState().currentTestName ?? '(file)';

  async function credit(page: Page) {
    const test = unread.get(page);
    if (test === undefined) return;
    unread.delete(page);
    await within(20_000, "reading the page's trace for machine coverage", coverage.collect([page.context()], test)).catch(() => undefined);
  }

  afterEach(async () => {
    const used = [...shared.values()].filter(({ page }) => unread.get(page) === testName());
    for (const { page } of used) await credit(page);
    expect(used.flatMap(({ violations }) => violations), 'Content-Security-Policy violations').toEqual([]);
  });
  afterAll(async () => {
    for (const { page } of shared.values()) await credit(page);
    await Promise.all([...shared.values()].map(({ context }) => context.close()));
    coverage.write();
  });

  return {
    /**
     * `path` loaded as a new document in the page shared by every visit with these options, at
     * this visit's viewport. A visit to the open page's own address with
     * another hash goes through /robots.txt, since a hash change alone would keep the document.
     * `timeout` is the load's (the context's 15 s by default).
     */
    async visit(path: string, options: BrowserContextOptions & { waitForHydration?: boolean; timeout?: number } = {}): Promise<VisitedPage> {
      // The viewport is the page's: pages of every size share a context.
      const { waitForHydration = false, viewport = DEFAULT_VIEWPORT, timeout, ...contextOptions } = options;
      const key = JSON.stringify(contextOptions);
      const visited = shared.get(key) ?? (await openVisitPage(contextOptions));
      shared.set(key, visited);
      const { page } = visited;
      await credit(page);
      expect(visited.violations, 'Content-Security-Policy violations').toEqual([]);
      const size = page.viewportSize();
      if (viewport && (size?.width !== viewport.width || size.height !== viewport.height)) await page.setViewportSize(viewport);
      await page.mouse.move(0, 0);
      const [from, to] = [new URL(page.url() === 'about:blank' ? inject('baseURL') : page.url()), new URL(path, inject('baseURL'))];
      if (to.hash !== '' && from.origin + from.pathname + from.search === to.origin + to.pathname + to.search) await page.goto(new URL('/robots.txt', to).href);
      for (const list of [visited.errors, visited.warnings, visited.violations]) list.length = 0;
      unread.set(page, testName());
      await page.goto(path, { timeout });
      if (waitForHydration) await hydrated(page);
      return visited;
    },
  };
}
