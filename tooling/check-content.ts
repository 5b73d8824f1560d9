import { relative } from 'node:path';
import { linksToNoPage } from './page-links';
import { loadSiteConfig, siteContentDir, siteDir } from '../server/site-folder';

/**
 * `npm run check:content` / `sitecharts check` (issue 32): a site folder's content checked as the
 * build checks it, without building: SITE_DIR or --site, else the demo. A site with a checker of its
 * own (`checkContent` in its config: the demo's lists every problem with its file:line:column) runs
 * that; any other loads its pages with its routes module, which throws its content error (name
 * `ContentError`) on a problem, and its links are checked (page-links.ts). Exits 1 on a problem;
 * warnings are printed and do not fail it.
 */
const dir = siteDir();
const content = siteContentDir(dir);
const site = await loadSiteConfig(dir);
const shown = relative(process.cwd(), content).startsWith('..') ? content : relative(process.cwd(), content) || content;

if (site.checkContent) {
  await site.checkContent();
} else {
  try {
    const { pages, menu, warnings } = (await site.routes()).loadSite(content);
    if (warnings?.length) console.warn(warnings.join('\n'));
    const links = await linksToNoPage(site, dir, pages, menu);
    if (links.length) {
      console.error(`${links.join('\n')}\n\n${links.length} link${links.length === 1 ? '' : 's'} of ${site.name} in ${shown} lead${links.length === 1 ? 's' : ''} to no page: nothing was built.`);
      process.exit(1);
    }
    console.log(`${pages.length} content page${pages.length === 1 ? '' : 's'} of ${site.name} in ${shown}: no problems.`);
  } catch (error) {
    if (!(error instanceof Error) || error.name !== 'ContentError') throw error;
    console.error(`${error.message}\n\nThe content of ${site.name} in ${shown} has a problem: nothing was built.`);
    process.exit(1);
  }
}
