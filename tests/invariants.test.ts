import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { widgets } from '../widgets/registry';
import { widgetModule } from '../tooling/build/budget';

/** docs/design.md invariants that a grep can check. */
const ROOT = join(import.meta.dirname, '..');

function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path, pattern);
    return pattern.test(name) ? [path] : [];
  });
}

/** Invariant 1: machines are pure. Time through XState delays and the clock; effects through adapters. */
const FORBIDDEN = ['setTimeout', 'setInterval', 'Date.now', 'new Date(', 'performance.now', 'Math.random', 'fetch(', 'window.', 'document.'];

describe('invariant 1: machines are pure', () => {
  // Every file under machines/, and the statecharts and rules that live with the provider client (provider/sdk's logger).
  const sources = [
    ...filesUnder(join(ROOT, 'machines'), /\.tsx?$/),
    ...filesUnder(join(ROOT, 'provider'), /\.(machine|rules)\.ts$/),
  ].filter((path) => !/\.test\.tsx?$/.test(path));

  it('there are machines to check, the provider client\'s logger among them', () => {
    expect(sources.length).toBeGreaterThan(0);
    expect(sources.map((path) => relative(ROOT, path))).toContain('provider/sdk/sdk-logger.machine.ts');
  });

  it.each(FORBIDDEN)('no machine source mentions %s', (word) => {
    const hits = sources.flatMap((path) =>
      readFileSync(path, 'utf8')
        .split('\n')
        .flatMap((line, index) => (line.includes(word) ? [`${relative(ROOT, path)}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(hits).toEqual([]);
  });
});

/**
 * Invariant 3, one clock (issue 22): outside the clock adapter (runtime/clock.ts) and the page's one
 * scroll/frame source (runtime/page-scroll.ts) no runtime or widget code sets its own timer, asks
 * for its own animation frame or reads the time. Time is `clock.now()`, a wait is `clock.setTimeout`,
 * a frame is `clock.requestFrame` or a page-scroll subscription. Benchmarks, which measure the wall
 * clock, and tests are not the product.
 */
const TIMING: ReadonlyArray<[string, RegExp]> = [
  ['setTimeout', /(^|[^.\w])setTimeout\s*\(|\b(window|globalThis|self|win|view)\.setTimeout\b/],
  ['setInterval', /\bsetInterval\b/],
  ['requestAnimationFrame', /\b(requestAnimationFrame|cancelAnimationFrame)\b/],
  ['Date.now', /\bDate\.now\b/],
  ['performance.now', /\bperformance\.now\b/],
];
const CLOCK_ADAPTERS = ['runtime/clock.ts', 'runtime/test-clock.ts', 'runtime/page-scroll.ts'];
const BENCHMARKS = ['tooling/bench/replay.ts', 'tooling/bench/home-day.ts'];

describe('invariant 3: every timer and frame of the runtime and the widgets goes through the clock', () => {
  const sources = [...filesUnder(join(ROOT, 'runtime'), /\.tsx?$/), ...filesUnder(join(ROOT, 'widgets'), /\.tsx?$/), ...filesUnder(join(ROOT, 'machines'), /\.tsx?$/)]
    .map((path) => relative(ROOT, path))
    .filter((path) => !/\.test\.tsx?$/.test(path) && !CLOCK_ADAPTERS.includes(path) && !BENCHMARKS.includes(path));

  it('checks the runtime, the widgets and the machines', () => {
    expect(sources).toContain('runtime/islands.ts');
    expect(sources).toContain('widgets/Slideshow/Slideshow.tsx');
    expect(sources).toContain('runtime/services/smooth-scroll.ts');
  });

  it.each(TIMING)('no source outside the clock adapter uses %s', (_name, pattern) => {
    const hits = sources.flatMap((path) =>
      readFileSync(join(ROOT, path), 'utf8')
        .split('\n')
        .flatMap((line, index) => {
          const code = line.trim();
          // Comments may name what they avoid.
          if (code.startsWith('//') || code.startsWith('*') || code.startsWith('/*')) return [];
          return pattern.test(code) ? [`${path}:${index + 1}: ${code}`] : [];
        }),
    );
    expect(hits).toEqual([]);
  });

  it('the pattern catches what it is for', () => {
    const caught = (code: string) => TIMING.some(([, pattern]) => pattern.test(code));
    expect(['setTimeout(f, 10)', 'win.setTimeout(f)', 'requestAnimationFrame(f)', 'Date.now()', 'performance.now()', 'setInterval(f)'].every(caught)).toBe(true);
    expect(['clock.setTimeout(f, 10)', 'runtime.clock.setTimeout(f, 200)', 'clock.requestFrame(f)', 'clock.now()'].some(caught)).toBe(false);
  });
});

describe('widget registry', () => {
  it.each(Object.entries(widgets))('%s loads a widget of that name from its own folder', async (name, load) => {
    const { default: widget } = await load();
    expect(widget.name).toBe(name);
    expect(() => readFileSync(join(ROOT, widgetModule(name)))).not.toThrow();
  });
});
