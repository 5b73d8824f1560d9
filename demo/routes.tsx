import type { SiteContent, SitePage } from '../runtime/site';
import { contentDir } from './authoring/content-dir';
import { ContentError, formatProblems, loadContent, type ContentPage, type LoadOptions, type MenuEntry } from './authoring/load';
import { checkFiles, contentFiles, loadFile, scanFile } from './authoring/stream';
import { renderNode } from './authoring/render';
import { siteMenu } from './menu';
import { NotFoundPage } from './pages/NotFound';
import { SdkConfigPage } from './pages/SdkConfig';
import { WidgetsGalleryPage } from './pages/WidgetsGallery';
import { site, type NavItem } from './site';

/** One prerendered page: its route, its head, its body (runtime/site.ts). */
export type PageDefinition = SitePage;

/** The developer pages, which stay TSX: they are generated from the widgets' modules, not written. */
export const codePages: PageDefinition[] = [
  {
    path: '/developers/sdk/',
    title: `Payment SDK configuration | ${site.name}`,
    description: 'How the site reads the payment provider’s script tag: the resolved configuration, and the message when a rule is broken.',
    render: () => <SdkConfigPage />,
  },
  {
    path: '/widgets/',
    title: `Widgets gallery | ${site.name}`,
    description: 'Every widget of the site with its settings, its statechart, its spec sections and where it is live.',
    render: () => <WidgetsGalleryPage />,
  },
];

/** A content page (demo/content/pages/**.md) as a page of the site. */
export function contentPageDefinition(page: ContentPage): PageDefinition {
  const body = () => renderNode(page.tree);
  return {
    path: page.path,
    title: page.addSiteName ? `${page.title} | ${site.name}` : page.title,
    description: page.description,
    lang: page.lang,
    dir: page.dir,
    draft: page.draft,
    render: () => (
      <>
        {page.draft ? <DraftMarker file={page.file} /> : null}
        {page.layout === 'none' ? (
          body()
        ) : (
          <article className={page.className} data-search-type={page.searchType}>
            {body()}
          </article>
        )}
      </>
    ),
  };
}

/** What a draft shows in `npm run dev`: that visitors do not see it, and how to publish it. */
function DraftMarker({ file }: { file: string }) {
  return (
    <p className="draft-marker" role="note">
      <strong>Draft</strong>: only `npm run dev` shows this page. Visitors will see it once <code>draft: true</code> is removed from {file} and the site is built.
    </p>
  );
}

export interface Site {
  pages: PageDefinition[];
  menu: NavItem[];
  /** Deprecated attributes and the like, one line each (file:line:column: warning: …). */
  warnings: string[];
}

/**
 * The site: every content page under `dir` (CONTENT_DIR or content/) and the developer pages, and
 * the main menu from the pages' front matter. Throws a ContentError listing every problem in the
 * content; the build, `npm run check:content` and the dev server all call this.
 */
export function loadSite(dir = contentDir(), options: LoadOptions = {}): Site {
  const { pages, problems, warnings } = loadContent(dir, options);
  if (problems.length > 0) throw new ContentError(problems);
  // A draft is not in the menu, even in dev: the menu shows what visitors will see.
  return {
    pages: [...pages.map(contentPageDefinition), ...codePages],
    menu: siteMenu(pages.filter((page) => !page.draft)),
    warnings: warnings.length > 0 ? formatProblems(warnings, 'warning').split('\n') : [],
  };
}

/**
 * The content one file at a time, for the build's render threads (issue 47): the same pages as
 * `loadSite`, the code pages last.
 */
export const content: SiteContent<PageDefinition, NavItem[]> = {
  files: contentFiles,
  scan: scanFile,
  // A draft is not in the menu, even in dev: the menu shows what visitors will see.
  menu: (scanned) => siteMenu(scanned.filter((file) => !file.draft).map((file) => ({ path: file.path, menu: file.menu as MenuEntry | undefined }))),
  load: (dir, file, text, options) => {
    const loaded = loadFile(dir, file, text, options);
    return { ...loaded, page: loaded.page && contentPageDefinition(loaded.page) };
  },
  check: checkFiles,
  codePages: () => codePages,
};

/** Served with status 404 for any address that is not a page or a file. */
export const notFoundPage: PageDefinition = {
  path: '/404.html',
  title: `Page not found | ${site.name}`,
  description: 'The page you asked for is not here.',
  render: () => <NotFoundPage />,
};
