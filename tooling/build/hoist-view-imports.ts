import { posix } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Issue 35, goal 2: a widget's whole chunk chain in one round trip after its own chunk. A chunk's
 * imports are fetched only once it has arrived, so a view chunk that imports a shared chunk that
 * imports another (the tabs: widget, then Tabs, then TabList) cost one round trip per level, 562 ms
 * each on slow 4G, after the visitor's first tap. This plugin appends to each view chunk an empty
 * import of every chunk it needs further down (what Rollup's `hoistTransitiveImports` does and
 * Rolldown does not), so the browser asks for all of them as soon as the view chunk arrives. Import
 * declarations are linked in their textual order and the added ones come last: each module is
 * already evaluated through its first importer when its hoisted import is reached, so nothing runs in
 * another order. Only view chunks, which load when an island hydrates: no byte is added to what a
 * page loads before its visitor's first input (no module-preload helper or chunk list in the entry,
 * docs/design.md's budgets).
 */
export function hoistViewImports(isView: (moduleId: string) => boolean, closedChunk?: string): Plugin {
  return {
    name: 'sitecharts:hoist-view-imports',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, { imports: string[] }>();
      for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.set(output.fileName, output);
      // The chunk built from a group without its dependencies (vite.client.config.ts's 'view') must not
      // import a chunk that imports it back: the modules of such a cycle would run before what they use.
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk' || output.name !== closedChunk) continue;
        const back = output.imports.filter((file) => transitiveImports(file, chunks).has(output.fileName));
        if (back.length > 0) this.error(`the '${closedChunk}' chunk imports ${back.join(', ')}, which imports it back: add what they share to its group`);
      }
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk' || !output.isDynamicEntry || !output.facadeModuleId || !isView(output.facadeModuleId)) continue;
        const hoisted = [...transitiveImports(output.fileName, chunks)].filter((file) => file !== output.fileName && !output.imports.includes(file));
        if (hoisted.length === 0) continue;
        const from = posix.dirname(output.fileName);
        output.code += `\n${hoisted.map((file) => `import"./${posix.relative(from, file)}";`).join('')}\n`;
      }
    },
  };
}

/** Every chunk `file` imports, directly or through another, in the order they are first met. */
export function transitiveImports(file: string, chunks: ReadonlyMap<string, { imports: readonly string[] }>): Set<string> {
  const found = new Set<string>();
  const visit = (from: string) => {
    for (const dependency of chunks.get(from)?.imports ?? []) {
      if (found.has(dependency)) continue;
      found.add(dependency);
      visit(dependency);
    }
  };
  visit(file);
  return found;
}
