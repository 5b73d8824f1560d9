import { loadSiteConfig, siteDir } from './site-folder';

/**
 * The site the server serves (issue 32): its name, public address and renderer, so the server's own
 * pages (newsletter links, form answers without JS, search results) are in the site's shell. Run
 * from source (npm run dev, the tests), the site folder is SITE_DIR or --site, else the demo; the
 * compiled server (tooling/build/vite.server.config.ts) has the built site's config in place of this
 * module, so `node dist/server/main.js` needs no TypeScript and no site folder.
 */
const site = await loadSiteConfig(siteDir());
export default site;
