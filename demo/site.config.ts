import { defineSite } from '../runtime/site';
import { contactForm, newsletterForm } from './content/forms';
import { appealProgress, yearInNumbers } from './content/fundraiser';
import { NEWS_COLLECTION, newsCollection } from './content/news';
import { site } from './site';

/**
 * The Harbourlight demo as a site folder (issue 32): what the tooling reads from it. Its pages come
 * from content/pages/ (Markdoc, demo/authoring) and two code pages (routes.tsx), its menu from the
 * pages' front matter (menu.ts), its shell and translations from render.tsx; client.ts is its browser
 * entry and public/ its files served as they are.
 */
export default defineSite({
  name: site.name,
  url: site.url,
  languages: ['en', 'ar'],
  routes: () => import('./routes'),
  render: () => import('./render'),
  // Every problem of the content with its file:line:column, drafts counted (docs/authoring.md).
  checkContent: () => import('./authoring/check'),
  // The home page's figures, which bench:replay's day of the home page (tooling/bench/home-day.ts) counts.
  data: { fundraiser: { yearInNumbers, appealProgress } },
  // What the server answers for the site: its forms' posts, the contact notices' address, the news grid's "load more".
  forms: { contact: contactForm, newsletter: newsletterForm },
  email: site.email,
  collections: { [NEWS_COLLECTION]: newsCollection },
  // Words the header search finds each other by, besides the engine's medicine names (docs/forms.md):
  // a parent who types "temperature" finds the fever medicine page.
  search: { synonyms: [['fever', 'temperature'], ['donate', 'donation']] },
});
