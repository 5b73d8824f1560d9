import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * Issue 51: which build a page ran, as the hash of the client build's manifest (every chunk's
 * hashed name is in it, so any change of code gives another id). The prerender writes it on every
 * page's <html data-build>; a problem report carries it, the server accepts only the ids of the
 * releases it has, and `npm run replay -- report:<id>` says when the report's differs from the
 * current build's. Undefined where there is no build (no manifest).
 */
export function buildIdOf(clientDir: string): string | undefined {
  const manifest = join(clientDir, '.vite/manifest.json');
  if (!existsSync(manifest)) return undefined;
  return createHash('sha256').update(readFileSync(manifest)).digest('hex').slice(0, 16);
}

/**
 * The build ids a page being visited may carry: the release served now and the ones kept beside it
 * (a page loaded before a publish still reports; tooling/build/publish.ts keeps two).
 */
export function knownBuildIds(clientDir: string): Set<string> {
  const ids = new Set<string>();
  const own = buildIdOf(clientDir);
  if (own) ids.add(own);
  // dist/releases/<id>/client: the other releases are its parent's siblings.
  const releases = dirname(dirname(clientDir));
  if (basename(releases) !== 'releases') return ids;
  for (const release of readdirSync(releases, { withFileTypes: true })) {
    if (!release.isDirectory()) continue;
    const id = buildIdOf(join(releases, release.name, basename(clientDir)));
    if (id) ids.add(id);
  }
  return ids;
}
