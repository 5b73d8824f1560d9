import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SiteConfig } from '../runtime/site';
import { compiledBuildModule, importSiteModule } from './site-module';

/**
 * The site folder the commands are pointed at (issue 32): an argument `--site <dir>`, else SITE_DIR,
 * else the demo. Every command (build, dev, serve, check:content, replay, forms export) reads it
 * here: in the server, which loads the site's config at start, below the tooling (issue 48).
 */
export const REPO_ROOT = resolve(import.meta.dirname, '..');
export const DEMO_DIR = join(REPO_ROOT, 'demo');
/** The config module every site folder has. */
export const SITE_CONFIG_FILE = 'site.config.ts';

export function siteDir(env: NodeJS.ProcessEnv = process.env, argv: readonly string[] = process.argv): string {
  const flag = argv.indexOf('--site');
  const given = flag >= 0 ? argv[flag + 1] : env.SITE_DIR;
  return given ? resolve(given) : DEMO_DIR;
}

/** Where the site's content lives: CONTENT_DIR when set (tests, a draft copy), else its `content/` (holding `pages/`). */
export function siteContentDir(dir: string, env: NodeJS.ProcessEnv = process.env): string {
  return env.CONTENT_DIR ? resolve(env.CONTENT_DIR) : join(dir, 'content');
}

/** The site's browser entry as Vite names it in the manifest: relative to the repository root. */
export function siteClientEntry(dir: string, root = REPO_ROOT): string {
  return relative(root, join(dir, 'client.ts')).split('\\').join('/');
}

export async function loadSiteConfig(dir: string): Promise<SiteConfig> {
  const file = join(dir, SITE_CONFIG_FILE);
  if (!existsSync(file)) throw new Error(`${dir} is not a site folder: it has no ${SITE_CONFIG_FILE} (sitecharts create <folder> makes one)`);
  // The compiled build (issue 47) has it compiled with the build; from source (the repository's
  // commands, under tsx or Vite) Node imports it as it is, also beside a compiled dev server: the
  // modules Vite loads (the inspector's replay catalog) must see the site through Vite's own copies
  // of the engine, not the compiled server's. The compiled package bundles it first.
  // (Vite defines import.meta.env in the modules it loads; Node, tsx and the compiled build do not.)
  const throughVite = (import.meta as { env?: unknown }).env !== undefined;
  const compiled = throughVite ? undefined : compiledBuildModule(file);
  const module = (compiled ? await import(pathToFileURL(compiled).href) : import.meta.url.endsWith('.ts') ? await import(pathToFileURL(file).href) : await importSiteModule(file)) as { default?: SiteConfig };
  if (!module.default) throw new Error(`${file} has no default export; write \`export default defineSite({ … })\``);
  return module.default;
}
