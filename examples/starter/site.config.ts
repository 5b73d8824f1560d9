import { defineSite } from 'sitecharts/runtime';
import { widgets } from './widgets';

/**
 * The starter site (issue 32, docs/your-own-site.md): copy this folder, rename it, point the commands
 * at it (`SITE_DIR=<folder>`). Its pages are content/pages/*.md, its shell the engine's default one
 * in its own colours (styles.css), its one widget of its own is widgets/GardenTips.
 */
const name = 'Fernhill Community Garden';
/** Where the sitemap and canonical links point; SITE_URL at build time for the real host. */
const url = (process.env.SITE_URL ?? 'http://127.0.0.1:4173').replace(/\/$/, '');

export default defineSite({
  name,
  url,
  languages: ['en'],
  routes: () => import('./routes'),
  // The renderer is given the name and address: render.tsx does not import this file back.
  render: async () => (await import('./render')).starterRenderer({ name, url }),
  widgets,
  data: {},
});
