import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** docs/dependencies.md gives every package of package.json one line of why, in the section it is installed under. */
const root = join(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const doc = readFileSync(join(root, 'docs/dependencies.md'), 'utf8');
const runtimeSection = doc.slice(doc.indexOf('## At run time'), doc.indexOf('## To build, test and lint'));
const devSection = doc.slice(doc.indexOf('## To build, test and lint'));

/** The first cell of each table row, split into package names ("vite 8, @vitejs/plugin-react 6"). */
function listed(section: string): string[] {
  return [...section.matchAll(/^\| ([^|]+) \|/gm)]
    .map((m) => m[1] ?? '')
    .filter((first) => first !== 'package' && !/^-+$/.test(first))
    .flatMap((first) => first.split(',').map((name) => name.trim().split(' ')[0] ?? ''));
}

describe('docs/dependencies.md', () => {
  it('has a row for every runtime dependency, under "At run time"', () => {
    expect(Object.keys(pkg.dependencies).filter((name) => !listed(runtimeSection).includes(name))).toEqual([]);
  });

  it('has a row for every dev dependency, under "To build, test and lint"', () => {
    expect(Object.keys(pkg.devDependencies).filter((name) => !listed(devSection).includes(name))).toEqual([]);
  });

  it('lists nothing that package.json does not install there', () => {
    expect(listed(runtimeSection).filter((name) => !(name in pkg.dependencies))).toEqual([]);
    expect(listed(devSection).filter((name) => !(name in pkg.devDependencies))).toEqual([]);
  });
});
