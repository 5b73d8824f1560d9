import react from '@vitejs/plugin-react';
import { join, resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { engineModule, packageExports } from '../package-exports.ts';
import { SITE_CONFIG_FILE } from '../../server/site-folder.ts';

/**
 * The production server, compiled once at build time (`npm run build`) into dist/server/main.js,
 * so production runs `node dist/server/main.js`: no TypeScript loader, no npm, and SIGTERM reaches
 * the server. Vite's SSR build bundles our own code (server, provider, the site's config and
 * renderer, machines and rules it imports) and leaves every other package in node_modules as a
 * plain import. The engine itself is bundled also where it is an installed package (`sitecharts`,
 * compiled ES modules): the built server is one bundle with the site's code.
 */
const root = resolve(import.meta.dirname, '../..');
const site = resolve(root, process.env.SITE_DIR ?? 'demo');

/** The built site's config in place of server/site-entry.ts, which finds the folder at run time from source. */
function builtSite(): Plugin {
  const entry = resolve(root, engineModule(root, 'server/site-entry.ts'));
  return {
    name: 'sitecharts:built-site',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!source.endsWith('site-entry')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === entry ? join(site, SITE_CONFIG_FILE) : resolved;
    },
  };
}

export default defineConfig({
  root,
  plugins: [builtSite(), packageExports(root), react()],
  publicDir: false,
  logLevel: 'warn',
  ssr: { noExternal: ['sitecharts'] },
  build: {
    ssr: true,
    // OUT_DIR builds a site elsewhere (vite.config.ts writes its client/ there too).
    outDir: join(process.env.OUT_DIR ?? 'dist', 'server'),
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    // Image imports resolve to the client build's hashed URLs; the files themselves are in dist/client.
    ssrEmitAssets: false,
    // The search index's build thread is a script of its own (server/search/build.ts finds it beside
    // main.js); code both use goes into a chunk in the same folder.
    rollupOptions: {
      input: { main: join(root, engineModule(root, 'server/main.ts')), 'search-build-worker': join(root, engineModule(root, 'server/search/build-worker.ts')) },
      output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js', format: 'es' },
    },
  },
});
