import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { ROOT } from '../support/site-server';
import { SCREENSHOT_VARIANTS, freezeClock, loadStill, pageSlug, screenshotContext, stillScreenshot } from '../support/screenshots';

/**
 * Visual regression (issue 19, docs/design-system.md): the home, dosing, donate, services and videos
 * pages at 390 and 1280 px, and (issue 31) at 1440 px and in dark mode at 390 and 1280 px,
 * pixel-diffed (pixelmatch) against the PNGs committed in
 * tests/visual/baselines/. An unintended visual change fails with the diff written to
 * test-output/visual/. After an intended change: `npm run test:visual:update`, then review and
 * commit the new baselines.
 */
const PAGES = ['/', '/dosing/', '/donate/', '/services/', '/videos/'] as const;
const BASELINES = join(ROOT, 'tests', 'visual', 'baselines');
const DIFFS = join(ROOT, 'test-output', 'visual');
const UPDATE = process.env.UPDATE_VISUAL_BASELINES === '1';
/** pixelmatch's per-pixel colour tolerance (0-1; its default 0.1), anti-aliased edges ignored. */
const PIXEL_THRESHOLD = 0.1;
/** The share of pixels that may differ: text rasterised a hair differently, never a changed part of the page. */
const MAX_DIFF_RATIO = 0.001;

const { visit } = useBrowser();

// One variant at a time: five at once on two cores left more than the clock's 1 s between install and
// pauseAt ("Cannot fast-forward to the past") for the last ones.
describe('visual regression against the committed baselines (issue 19)', () => {
  it.for(SCREENSHOT_VARIANTS)('$width px, $scheme: home, dosing, donate, services, videos', { timeout: 120_000 }, async ({ width, scheme }, { expect: check }) => {
    const { context } = await visit('about:blank', { consent: 'unanswered', ...screenshotContext(width, scheme) });
    const failures: string[] = [];
    for (const path of PAGES) {
      const name = `${pageSlug(path)}-${width}${scheme === 'dark' ? '-dark' : ''}.png`;
      const page = await context.newPage();
      await freezeClock(page);
      await loadStill(page, path);
      const shot = await stillScreenshot(page);
      await page.close();
      const baselineFile = join(BASELINES, name);
      if (UPDATE) {
        mkdirSync(BASELINES, { recursive: true });
        writeFileSync(baselineFile, shot);
        continue;
      }
      if (!existsSync(baselineFile)) {
        failures.push(`${name}: no baseline (run npm run test:visual:update)`);
        continue;
      }
      const baseline = readFileSync(baselineFile);
      rmSync(join(DIFFS, name), { force: true });
      // The same PNG bytes are the same pixels: nothing to decode and count (two full pages of
      // several million pixels each, in the test's own process).
      if (shot.equals(baseline)) continue;
      const actual = PNG.sync.read(shot);
      const expected = PNG.sync.read(baseline);
      if (actual.width !== expected.width || actual.height !== expected.height) {
        failures.push(`${name}: ${actual.width}x${actual.height}, baseline ${expected.width}x${expected.height}`);
        mkdirSync(DIFFS, { recursive: true });
        writeFileSync(join(DIFFS, name.replace('.png', '-actual.png')), shot);
        continue;
      }
      const diff = new PNG({ width: actual.width, height: actual.height });
      const changed = pixelmatch(actual.data, expected.data, diff.data, actual.width, actual.height, { threshold: PIXEL_THRESHOLD });
      const ratio = changed / (actual.width * actual.height);
      if (ratio > MAX_DIFF_RATIO) {
        mkdirSync(DIFFS, { recursive: true });
        writeFileSync(join(DIFFS, name), PNG.sync.write(diff));
        writeFileSync(join(DIFFS, name.replace('.png', '-actual.png')), shot);
        failures.push(`${name}: ${changed} pixels differ (${(ratio * 100).toFixed(3)} %, at most ${MAX_DIFF_RATIO * 100} %), diff in test-output/visual/`);
      }
    }
    check(failures).toEqual([]);
  });
});

describe('the comparison can fail', () => {
  it('a changed picture is told apart from its baseline, an equal one is not', () => {
    const size = { width: 40, height: 20 };
    const plain = new PNG(size);
    plain.data.fill(255);
    const marked = new PNG(size);
    marked.data.fill(255);
    for (let i = 0; i < 40 * 4 * 4; i += 4) marked.data.set([200, 30, 30, 255], i);
    expect(pixelmatch(plain.data, plain.data, undefined, 40, 20, { threshold: PIXEL_THRESHOLD })).toBe(0);
    expect(pixelmatch(plain.data, marked.data, undefined, 40, 20, { threshold: PIXEL_THRESHOLD }) / (40 * 20)).toBeGreaterThan(MAX_DIFF_RATIO);
  });
});
