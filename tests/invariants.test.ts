import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { widgets } from '../widgets/registry';
import { widgetModule } from '../runtime/build/budget';

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

describe('widget registry', () => {
  it.each(Object.entries(widgets))('%s loads a widget of that name from its own folder', async (name, load) => {
    const { default: widget } = await load();
    expect(widget.name).toBe(name);
    expect(() => readFileSync(join(ROOT, widgetModule(name)))).not.toThrow();
  });
});
