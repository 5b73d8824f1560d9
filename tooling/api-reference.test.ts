import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiMarkdown, HEADER, readApi } from './api-reference';

const root = resolve(import.meta.dirname, '..');
// One program over every entry point, shared by the tests below (about three seconds).
const api = readApi(root);

describe('docs/api.md, the reference of the package entry points (issue 32)', () => {
  it('is what `npm run docs:api` writes from the code today', () => {
    const committed = readFileSync(join(root, 'docs/api.md'), 'utf8');
    const generated = apiMarkdown(api);
    expect(generated.startsWith(HEADER)).toBe(true);
    expect(generated).not.toContain(root);
    expect(committed, 'docs/api.md is out of date: run `npm run docs:api` and commit it').toBe(generated);
  });

  it('covers every entry point of package.json exports', () => {
    expect(api.modules.map((module) => module.specifier)).toEqual(['sitecharts/runtime', 'sitecharts/render', 'sitecharts/testing', 'sitecharts/widgets']);
    expect(api.widgets.find((widget) => widget.specifier === 'sitecharts/widgets/Tabs')?.name).toBe('tabs');
    expect(api.other).toContain('sitecharts/default-shell.css');
  });

  it('documents every function of sitecharts/runtime and sitecharts/testing', () => {
    const checked = api.modules.filter((module) => module.specifier === 'sitecharts/runtime' || module.specifier === 'sitecharts/testing');
    expect(checked).toHaveLength(2);
    const undocumented = checked.flatMap((module) =>
      module.exports.filter((item) => item.kind === 'function' && item.doc === '').map((item) => `${module.specifier}: ${item.name}`),
    );
    expect(undocumented, 'write a doc comment on each of these functions').toEqual([]);
  });
});

describe('the generator itself', () => {
  it('writes a documented function and a type from an entry file', () => {
    const folder = mkdtempSync(join(tmpdir(), 'api-reference-'));
    try {
      writeFileSync(
        join(folder, 'entry.ts'),
        [
          '/** Adds two numbers.',
          ' *',
          ' * Only the first paragraph is kept. */',
          'export function add(a: number, b: number): number {',
          '  return a + b;',
          '}',
          '',
          'export type Pair = readonly [number, number];',
          '',
        ].join('\n'),
      );
      const fixture = readApi(folder, { modules: [{ specifier: 'fixture', file: 'entry.ts' }], widgets: [], other: [] }, { strict: true, types: [] });
      const markdown = apiMarkdown(fixture);
      expect(markdown).toContain(['## `fixture`', '', '`entry.ts`', ''].join('\n'));
      expect(markdown).toContain(['### `add` (function)', '', '```ts', 'function add(a: number, b: number): number', '```', '', 'Adds two numbers.', ''].join('\n'));
      expect(markdown).toContain(['### `Pair` (type)', '', '```ts', 'type Pair = readonly [number, number]', '```', ''].join('\n'));
      expect(markdown).not.toContain('Only the first paragraph');
      expect(markdown).not.toContain(folder);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
