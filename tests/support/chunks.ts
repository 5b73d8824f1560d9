import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { MOUNT_MODULE, mountChunkKey, type Manifest } from '../../tooling/build/budget';
import { ROOT } from './site-server';

let manifest: Manifest | undefined;

/** The built chunk's URL path for a source module (the build's Vite manifest). */
export function chunkOf(module: string): string {
  manifest ??= JSON.parse(readFileSync(join(ROOT, 'dist/client/.vite/manifest.json'), 'utf8')) as Manifest;
  // runtime/mount.tsx is built into the 'view' chunk with React (tooling/build/vite.client.config.ts).
  const file = manifest[module === MOUNT_MODULE ? mountChunkKey(manifest) : module]?.file;
  if (!file) throw new Error(`the build has no chunk for ${module}`);
  return `/${file}`;
}

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
