import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrations } from '../server/store/migrations';

/**
 * What the docs show the server and the npm scripts printing is what they print (issue 48: the
 * /healthz examples said 6 migrations while the server reported 7). Each example is read from the
 * docs and compared with the source it describes, so a new migration fails here until the docs follow.
 */
const root = join(import.meta.dirname, '..');
const docs = ['README.md', ...readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

/** Every `"migrations":N` (/healthz) and `schema N migrations` (npm run backup) in the docs, with where it stands. */
function migrationCounts(): Array<{ where: string; example: 'healthz' | 'backup'; count: number }> {
  return docs.flatMap((doc) =>
    readFileSync(join(root, doc), 'utf8')
      .split('\n')
      .flatMap((line, at) => [...line.matchAll(/"migrations":\s*(\d+)|schema (\d+) migrations/g)].map((match) => ({
          where: `${doc}:${at + 1}`,
          example: match[1] === undefined ? ('backup' as const) : ('healthz' as const),
          count: Number(match[1] ?? match[2]),
        }))),
  );
}

describe('the docs show what the server prints', () => {
  it("the /healthz and backup examples count the store's migrations (server/store/migrations.ts)", () => {
    const examples = migrationCounts();
    expect(new Set(examples.map(({ example }) => example))).toEqual(new Set(['healthz', 'backup']));
    expect(examples.filter(({ count }) => count !== migrations.length)).toEqual([]);
  });
});

describe('the docs tell the present (issue 48)', () => {
  const lines = (doc: string) => readFileSync(join(root, doc), 'utf8').split('\n').length;
  it('the README is a front door: at most 150 lines, one figures table, every other script in running.md', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(lines('README.md')).toBeLessThanOrEqual(150);
    expect(readme.match(/^\|---/gm)).toHaveLength(1);
    expect(readme).toContain('](docs/running.md#the-npm-scripts)');
  });

  it('performance.md gives the current figures in at most 400 lines; the dated runs are in history.md', () => {
    expect(lines('docs/performance.md')).toBeLessThanOrEqual(400);
    expect(readFileSync(join(root, 'docs/history.md'), 'utf8')).toContain('## Issue 35: where the bytes are (2026-11-26)');
  });
});
