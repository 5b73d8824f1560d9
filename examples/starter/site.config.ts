import { defineSite } from 'sitecharts/runtime';
import { widgets } from './widgets';

/**
 * The starter site (issue 32, docs/your-own-site.md): copy this folder, rename it, point the commands
 * at it (`SITE_DIR=<folder>`). Its pages are content/pages/*.md, its shell the engine's default one
 * in its own colours (styles.css), its one widget of its own is widgets/GardenTips.
 */
export default defineSite({
  name: 'Fernhill Community Garden',
  /** Where the sitemap and canonical links point; SITE_URL at build time for the real host. */
  url: (process.env.SITE_URL ?? 'http://127.0.0.1:4173').replace(/\/$/, ''),
  languages: ['en'],
  routes: () => import('./routes'),
  render: () => import('./render'),
  widgets,
  data: {},
});
