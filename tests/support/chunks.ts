import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { siteEntryKey, type Manifest } from '../../server/build-files';
import { MOUNT_MODULE, mountChunkKey, staticClosure } from '../../tooling/build/budget';
import { ROOT } from './site-server';

let built: Manifest | undefined;
const manifest = () => (built ??= JSON.parse(readFileSync(join(ROOT, 'dist/client/.vite/manifest.json'), 'utf8')) as Manifest);
/** runtime/mount.tsx is built into the 'view' chunk with React (tooling/build/vite.client.config.ts). */
const keyOf = (module: string) => (module === MOUNT_MODULE ? mountChunkKey(manifest()) : module);

/** The built chunk's URL path for a source module (the build's Vite manifest). */
export function chunkOf(module: string): string {
  const file = manifest()[keyOf(module)]?.file;
  if (!file) throw new Error(`the build has no chunk for ${module}`);
  return `/${file}`;
}

/** URL paths of the site entry's chunk and of every chunk it imports statically (what runs before anything else). */
export function entryChunks(): { entry: string; imports: string[] } {
  const key = siteEntryKey(manifest());
  const entry = `/${manifest()[key]?.file ?? ''}`;
  return { entry, imports: [...staticClosure(manifest(), key)].map((file) => `/${file}`).filter((url) => url !== entry) };
}

/** URL paths of every chunk the modules need beyond what the page's entry has loaded: theirs and all they import. */
function chunksBeyondEntry(...modules: string[]): Set<string> {
  const loaded = staticClosure(manifest(), siteEntryKey(manifest()));
  const needed = new Set<string>();
  for (const module of modules) staticClosure(manifest(), keyOf(module), needed);
  return new Set([...needed].filter((file) => !loaded.has(file)).map((file) => `/${file}`));
}

/** URL paths of every chunk a widget's view needs beyond what the page's entry has loaded: its chunk, the view chunk, and all they import. */
export const viewChunksOf = (widgetModule: string) => chunksBeyondEntry(widgetModule, MOUNT_MODULE);

/** The same for a behaviour (widgets/registry.ts): its chunk, the actor's (asked for beside it), and all they import. */
export const behaviourChunksOf = (behaviourModule: string) => chunksBeyondEntry(behaviourModule, 'runtime/actor.ts');

/**
 * Holds a module's chunk, as on a slow phone, until `release()`; `requested` tells whether the page
 * asked for it.
 */
export async function holdChunk(context: BrowserContext, module: string) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const state = { requested: false, release };
  await context.route(`**${chunkOf(module)}`, async (route) => {
    state.requested = true;
    await held;
    await route.continue();
  });
  return state;
}
