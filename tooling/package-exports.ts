import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * A site imports the engine by its package name (`sitecharts/runtime`, `sitecharts/widgets/Tabs`:
 * issue 32), inside this repository as in a project that installed the package. Node (tsx) and
 * TypeScript resolve the name through package.json `exports`, the repository's own included
 * (a package may import itself by name); Vite is given the same map here, so the build, the dev
 * server and the tests load one copy of each engine module wherever the site folder is.
 */
export type ExportsMap = Readonly<Record<string, string | Readonly<Record<string, string>>>>;

export const PACKAGE_NAME = 'sitecharts';

/** The file an import of `sitecharts/<sub>` names, relative to the package root, or undefined when the package does not export it. */
export function exportTarget(exports: ExportsMap, id: string): string | undefined {
  if (id !== PACKAGE_NAME && !id.startsWith(`${PACKAGE_NAME}/`)) return undefined;
  const key = `.${id.slice(PACKAGE_NAME.length)}`;
  const pick = (entry: ExportsMap[string]) => (typeof entry === 'string' ? entry : (entry.default ?? entry.import));
  const exact = exports[key];
  if (exact) return pick(exact);
  for (const [pattern, entry] of Object.entries(exports)) {
    const star = pattern.indexOf('*');
    if (star < 0) continue;
    const [before, after] = [pattern.slice(0, star), pattern.slice(star + 1)];
    if (key.length > before.length + after.length && key.startsWith(before) && key.endsWith(after)) {
      const matched = key.slice(before.length, key.length - after.length);
      return pick(entry)?.replace('*', matched);
    }
  }
  return undefined;
}

/**
 * One of the engine's modules by its source's path under `root`: the source in this repository, its
 * compiled module (`.js`) in the package, which ships no TypeScript (issue 48, tooling/package/build.ts).
 */
export function engineModule(root: string, path: string): string {
  return existsSync(join(root, path)) ? path : path.replace(/\.tsx?$/, '.js');
}

/** Vite's resolution of `sitecharts/…` to the engine's files under `root` (the package's folder). */
export function packageExports(root: string): Plugin {
  const { exports } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: ExportsMap };
  return {
    name: 'sitecharts:package-exports',
    enforce: 'pre',
    resolveId(id) {
      const target = exportTarget(exports, id);
      return target ? resolve(root, target) : null;
    },
  };
}
