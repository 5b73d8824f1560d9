import { gzipSync } from 'node:zlib';
import { siteEntryKey, type Manifest } from '../../server/build-files.ts';

/**
 * The JS budgets of docs/design.md, and what the build graph says about a page's JS. The budgets are
 * measured in the browser (tests/support/phone-visitor.ts: the budget e2e test and `npm run bench:visitor`),
 * because the graph cannot know which islands load before the visitor does anything: it once
 * reported 26.6 KB "initial" while phones downloaded 100 KB (issue 14). The graph figures are kept
 * as what they are: the entry's static closure (the least any page loads) and the entry plus every
 * island's chunk (without what widgets import later, such as a video library).
 */
export const KB = 1000;
/** docs/design.md: a content page loads at most 40 KB of JS (gzip) before any interaction. */
export const INITIAL_JS_BUDGET = 40 * KB;
/** docs/design.md: the heaviest demo page loads at most 120 KB of JS (gzip) after all its islands hydrate. */
export const HYDRATED_JS_BUDGET = 120 * KB;
/**
 * Issue 35, goal 4: at most 110 KB hydrated. Met, and asserted by the budget e2e, on every page whose
 * islands all answer as their behaviour (no React); the pages with widgets still answered through
 * their view (players, galleries, the donate button) are held to HYDRATED_JS_BUDGET.
 */
export const HYDRATED_JS_GOAL = 110 * KB;

export interface PageBudget {
  /** The first page with these widgets. */
  path: string;
  /** How many pages have exactly these widgets (the build writes one row per set: issue 47). */
  pages?: number;
  widgets: string[];
  /** The entry and its static imports: a floor, not the JS before interaction. */
  entryGzip: number;
  /** Plus React (mount) and every island's chunk with its static imports; dynamic imports excluded. */
  islandsGzip: number;
  entryFiles: string[];
  islandFiles: string[];
}

export const MOUNT_MODULE = 'runtime/mount.tsx';
/**
 * The chunk that holds what every island's view needs (React, react-dom, @xstate/react, the runtime's
 * mount and slots; tooling/build/vite.client.config.ts): `import('./mount')` loads it.
 */
export const VIEW_CHUNK_NAME = 'view';

/** The manifest key of the chunk the islands' `import('./mount')` loads (the 'view' chunk, or mount's own in an older build). */
export function mountChunkKey(manifest: Manifest): string {
  if (manifest[MOUNT_MODULE]) return MOUNT_MODULE;
  const key = Object.keys(manifest).find((name) => manifest[name]?.name === VIEW_CHUNK_NAME && !manifest[name]?.isEntry);
  if (!key) throw new Error(`The build manifest has no chunk for ${MOUNT_MODULE} (the '${VIEW_CHUNK_NAME}' chunk)`);
  return key;
}

/** 'dosing-filter' -> 'widgets/DosingFilter/widget.ts' */
export function widgetModule(name: string): string {
  const folder = name.replace(/(^|-)([a-z0-9])/g, (_, _dash: string, c: string) => c.toUpperCase());
  return `widgets/${folder}/widget.ts`;
}

/** A widget's chunk in the manifest: the engine's (widgetModule), else a site's own (`<site>/widgets/<Folder>/widget.ts`). */
export function widgetChunk(manifest: Manifest, name: string): string {
  const engine = widgetModule(name);
  // The engine's widget by its source (this repository) or its compiled module (the package, issue 48).
  for (const key of [engine, engine.replace(/\.ts$/, '.js')]) if (manifest[key]) return key;
  const own = engine.replace(/^widgets\//, '/widgets/');
  return Object.keys(manifest).find((key) => key.endsWith(own)) ?? engine;
}

/** A chunk's file and every file it imports statically, transitively. */
export function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The build manifest has no chunk for ${key}`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

export function pageBudget(manifest: Manifest, path: string, widgets: string[], gzipSize: (file: string) => number): PageBudget {
  const initial = staticClosure(manifest, siteEntryKey(manifest));
  const hydrated = new Set(initial);
  if (widgets.length > 0) staticClosure(manifest, mountChunkKey(manifest), hydrated);
  for (const widget of widgets) staticClosure(manifest, widgetChunk(manifest, widget), hydrated);
  const sum = (files: Set<string>) => [...files].reduce((total, file) => total + gzipSize(file), 0);
  return {
    path,
    widgets,
    entryGzip: sum(initial),
    islandsGzip: sum(hydrated),
    entryFiles: [...initial],
    islandFiles: [...hydrated],
  };
}

export const gzipBytes = (content: Buffer | string) => gzipSync(content, { level: 9 }).length;

export function formatBudgetTable(budgets: PageBudget[]): string {
  const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
  const rows = budgets.map((b) => `  ${(b.pages && b.pages > 1 ? `${b.path} +${b.pages - 1}` : b.path).padEnd(22)} ${kb(b.entryGzip).padStart(9)} ${kb(b.islandsGzip).padStart(10)}  ${b.widgets.join(', ') || '-'}`);
  return [
    'JS per page from the build graph (gzip), a hint and not the budget: the budgets are measured in Chromium',
    '(tests/e2e/budget.test.ts, npm run bench:visitor). entry = entry + static imports; islands = + React + every island chunk.',
    `  ${'page'.padEnd(22)} ${'entry'.padStart(9)} ${'islands'.padStart(10)}  widgets`,
    ...rows,
  ].join('\n');
}
