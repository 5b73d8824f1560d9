import type { Plugin } from 'vite';

/** The module Vite wraps every `import()` of the build in (vitejs/vite#13952, #18551). */
const HELPER = '\0vite/preload-helper.js';

/**
 * Issue 35, goal 4: no preload helper in the page's first chunks. With `modulePreload: false` Vite
 * still wraps every dynamic import in a helper that would preload the chunk's CSS and dependencies;
 * here each wrapper gets an empty list (the islands fetch a view's chunks themselves, and a site's
 * CSS is one stylesheet the entry imports), yet the helper (its `<link>` builder, CSP nonce lookup
 * and error event) was 0.7 KB gzip of what every page loads before any input. This plugin puts a
 * helper that just runs the import in its place, and fails the build if a lazily loaded chunk brings
 * CSS of its own, which that helper would not load.
 */
export function noPreloadHelper(): Plugin {
  return {
    name: 'sitecharts:no-preload-helper',
    enforce: 'pre',
    apply: 'build',
    resolveId: (id) => (id === HELPER ? id : undefined),
    load: (id) => (id === HELPER ? 'export const __vitePreload = (load) => load();' : undefined),
    generateBundle(_options, bundle) {
      const styled = lazyChunksWithCss(Object.values(bundle));
      if (styled.length > 0) {
        this.error(
          `${styled.join(', ')}: a lazily loaded module imports CSS, which this build does not load with it (tooling/build/no-preload-helper.ts); import the CSS from the site's client.ts instead`,
        );
      }
    },
  };
}

interface Output {
  type: 'chunk' | 'asset';
  fileName: string;
  isEntry?: boolean;
  viteMetadata?: { importedCss: Set<string> };
}

/** The chunks loaded by a dynamic import (not an entry) that carry CSS of their own. */
function lazyChunksWithCss(outputs: readonly Output[]): string[] {
  return outputs.filter((output) => output.type === 'chunk' && !output.isEntry && (output.viteMetadata?.importedCss.size ?? 0) > 0).map((output) => output.fileName);
}
