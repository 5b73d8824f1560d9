import { posix } from 'node:path';
import type { Plugin, Rollup } from 'vite';

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
      const chunks = chunksOf(bundle);
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

/**
 * Issue 35, goal 2: a behaviour chunk and everything it imports in one round trip. A behaviour
 * (widgets/registry.ts) is what a first tap on the tabs waits for; its chunk imports the machine,
 * the connect layer and the settings from chunks it shares with the widget's view, which the browser
 * would ask for only once the behaviour's chunk had arrived (1.35 s on slow 4G, two round trips). Each
 * `import()` of a behaviour chunk becomes the imports of those chunks too, asked for at the same time
 * (their failures are the behaviour's own: its import fails with them). A few file names per behaviour
 * in the chunk that imports it (the entry), where every dynamic import's list (Vite's preload helper)
 * cost every page 1.2 KB. The build fails if a behaviour has no chunk of its own, or if it imports
 * `viewChunk` (React's).
 */
export function parallelBehaviourImports(isBehaviour: (moduleId: string) => boolean, viewChunk?: string): Plugin {
  return {
    name: 'sitecharts:parallel-behaviour-imports',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = chunksOf(bundle);
      // A behaviour that another module imports statically (a second behaviour sharing its DOM binding)
      // loses its own chunk: the bundler merges it into a shared one, where neither its one round trip
      // nor the tests' chunk lookups can find it. What behaviours share goes in a module of its own.
      const merged = behavioursWithoutChunk(Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : [])), isBehaviour);
      if (merged.length > 0) this.error(`${merged.join('; ')}: a module imports it statically; move what is shared into a module of its own`);
      const behaviours = new Set(
        Object.values(bundle).flatMap((output) => (output.type === 'chunk' && output.isDynamicEntry && output.facadeModuleId && isBehaviour(output.facadeModuleId) ? [output.fileName] : [])),
      );
      // A behaviour runs without React: one that reaches the view chunk (a module that imports React,
      // such as runtime/waypoint.ts) would load React with a first tap it is meant to answer alone.
      const view = Object.values(bundle).find((output) => output.type === 'chunk' && output.name === viewChunk)?.fileName;
      const withReact = [...behaviours].filter((file) => view !== undefined && transitiveImports(file, chunks).has(view));
      const source = (file: string) => (bundle[file]?.type === 'chunk' ? bundle[file].facadeModuleId : null) ?? file;
      if (withReact.length > 0) this.error(`${withReact.map(source).join(', ')}: reaches the '${viewChunk}' chunk (React), which a behaviour must run without`);
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const has = new Set([output.fileName, ...transitiveImports(output.fileName, chunks)]);
        for (const target of output.dynamicImports.filter((file) => behaviours.has(file))) {
          const from = posix.dirname(output.fileName);
          const path = (file: string) => `./${posix.relative(from, file)}`;
          const needed = [...transitiveImports(target, chunks)].filter((file) => !has.has(file));
          if (needed.length === 0) continue;
          const call = new RegExp(`import\\((["'\`])${escape(path(target))}\\1\\)`, 'g');
          const eager = needed.map((file) => `import("${path(file)}").catch(()=>{})`).join(',');
          output.code = output.code.replace(call, (whole) => `(${eager},${whole})`);
        }
      }
    },
  };
}

/** Each behaviour module the bundler put in a chunk that is not its own (its dynamic entry), with that chunk. */
export function behavioursWithoutChunk(
  chunks: Iterable<Pick<Rollup.OutputChunk, 'fileName' | 'moduleIds' | 'isDynamicEntry' | 'facadeModuleId'>>,
  isBehaviour: (moduleId: string) => boolean,
): string[] {
  return [...chunks].flatMap((chunk) =>
    chunk.moduleIds.filter((id) => isBehaviour(id) && !(chunk.isDynamicEntry && chunk.facadeModuleId === id)).map((id) => `${id} has no chunk of its own (in ${chunk.fileName})`),
  );
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The bundle's chunks by file name, with what each imports. */
function chunksOf(bundle: Rollup.OutputBundle): Map<string, { imports: string[] }> {
  const chunks = new Map<string, { imports: string[] }>();
  for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.set(output.fileName, output);
  return chunks;
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
