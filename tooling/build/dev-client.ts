/**
 * `npm run dev`'s browser entry: React Fast Refresh's preamble, then the site's own entry
 * (the site folder's client.ts, aliased in vite.config.ts), so the dev server's pages need no HTML rewriting (prerendered pages, search
 * results and form answers alike name this one script). Imports run in order, so the preamble is in
 * place before any view module evaluates. The build never includes this file.
 */
import '@vitejs/plugin-react/preamble';
// Before the entry reads the address: `?replay=` alone opens the page inspected on a paused clock.
import './dev-replay-url';
import 'sitecharts:site-client';

// Using import.meta.hot loads Vite's HMR client on every page, so a re-rendered page reloads itself
// even where no island has loaded a view yet.
import.meta.hot?.accept();
