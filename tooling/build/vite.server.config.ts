import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The production server, compiled once at build time (`npm run build`) into dist/server/main.js,
 * so production runs `node dist/server/main.js`: no TypeScript loader, no npm, and SIGTERM reaches
 * the server. Vite's SSR build bundles our own code (server, provider, demo pages, machines and
 * rules it imports) and leaves every package in node_modules as a plain import.
 */
export default defineConfig({
  plugins: [react()],
  publicDir: false,
  logLevel: 'warn',
  build: {
    ssr: 'server/main.ts',
    outDir: 'dist/server',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    // Image imports resolve to the client build's hashed URLs; the files themselves are in dist/client.
    ssrEmitAssets: false,
    rollupOptions: { output: { entryFileNames: 'main.js', format: 'es' } },
  },
});
