import type { ComponentType, ReactNode } from 'react';
import type { FormDefinition } from '../machines/ajax-form/ajax-form.definition';
import type { Brick } from '../machines/masonry/masonry.rules';
import type { PageAssets } from './render/Document';
import type { SearchResultsPageProps } from './render/SearchResultsPage';
import type { WidgetRegistry } from './widget';

/**
 * What a site folder gives the engine (issue 32, docs/architecture.md#a-site-is-a-folder): its
 * `site.config.ts` default-exports one of these. The tooling (server/site-folder.ts) loads it from the folder
 * it is pointed at (SITE_DIR or an argument); nothing of a particular site is in the engine's code.
 * A folder also holds, by convention, `client.ts` (the browser entry), `public/` (copied as they are)
 * and `content/pages/` (the content pages).
 */

/** One prerendered page: its route, its head, its body. */
export interface SitePage {
  path: string;
  title: string;
  description: string;
  render(): ReactNode;
  lang?: string;
  dir?: 'ltr' | 'rtl';
  /** A draft shown by `npm run dev` (issue 30): marked, kept out of the sitemap and the search. */
  draft?: boolean;
}

/** Every page of the site and its main menu, as the site's content gives them. */
export interface SitePages<Page extends SitePage = SitePage, Menu = unknown> {
  pages: Page[];
  menu: Menu;
  /** Lines about things that still work but should change (a deprecated attribute): the build prints them first. */
  warnings?: string[];
}

/** A site's routes module: loads its pages from a content folder, throwing its content error on a problem. */
export interface SiteRoutes<Page extends SitePage = SitePage, Menu = unknown> {
  /** `drafts`: `npm run dev` shows draft pages (issue 30); the build leaves them out. */
  loadSite(contentDir: string, options?: { drafts?: boolean }): SitePages<Page, Menu>;
  /** Served with status 404 for any address that is not a page or a file. */
  notFoundPage: Page;
  /**
   * The content one file at a time (issue 47): with it, the build renders the pages as a stream on
   * worker threads, one page in memory at a time per thread, and re-renders only the pages whose
   * file or shared parts changed. Without it, the build renders `loadSite()`'s pages (a small site).
   */
  content?: SiteContent<Page, Menu>;
}

/** Options every step of a content stream takes. */
export interface ContentOptions {
  /** `npm run dev` shows draft pages; the build leaves them out. */
  drafts?: boolean;
}

/** What the menu needs of one content file, read from its front matter alone (no body parsed). */
export interface ScannedFile {
  /** The page's address. */
  path: string;
  draft: boolean;
  /** The site's own menu entry for the page, as its front matter gives it (undefined: not in the menu). */
  menu?: unknown;
}

/** One content file, validated and ready to render, or its problems. */
export interface LoadedFile<Page extends SitePage = SitePage> {
  /** Undefined when the file has problems, or is a draft left out. */
  page?: Page;
  /** `file:line:column: message`, one a line. */
  problems: string[];
  warnings: string[];
  /** What `check` needs of this file to check the site across pages (its links, its ids): small, kept for every page. */
  linked: unknown;
}

/**
 * A site's content as a stream (issue 47, the model of Astro's content layer and Hugo's page
 * pipeline): every step takes one file, so the build's memory does not grow with the page count.
 * Every function is called on worker threads too, so none may rely on state set by another call.
 */
export interface SiteContent<Page extends SitePage = SitePage, Menu = unknown> {
  /** Every content file under `contentDir`, relative and '/'-separated, in path order. */
  files(contentDir: string): string[];
  /** The file's address, draft flag and menu entry, from its text's front matter: cheap, run for every file before any render. */
  scan(contentDir: string, file: string, text: string): ScannedFile;
  /** The main menu, from every file's scan (in file order). */
  menu(scanned: readonly ScannedFile[], options: ContentOptions): Menu;
  /** Reads, validates and transforms one file. */
  load(contentDir: string, file: string, text: string, options: ContentOptions): LoadedFile<Page>;
  /** The problems across pages (a link to no page, two files for one address), from every file's `linked`, in file order. */
  check(linked: readonly unknown[], options: ContentOptions): string[];
  /** The pages that are not content files (pages written in code), rendered with every build. */
  codePages(): Page[];
}

/** A site's page renderer: the shell, the menu and the translations around one page. */
export interface SiteRenderer<Page extends SitePage = SitePage, Menu = unknown> {
  renderPage(page: Page, assets: PageAssets, menu?: Menu): { html: string; widgets: string[] };
}

/**
 * The forms the server takes posts for (§3, §7), the same definitions the site's pages render, so a
 * browser never chooses its own rules (docs/design.md invariant 6). A form the site leaves out has
 * no route: a post to its action is a 404.
 */
export interface SiteForms {
  /** Stored, then mailed to the site's `email` (or MAIL_TO); its page is /contact/, with a fresh captcha per visit. */
  contact?: FormDefinition;
  /** A double opt-in sign-up (issue 33). */
  newsletter?: FormDefinition;
}

/**
 * A masonry grid's entries (§7 load-more): the server answers "load more" with the next ones, each in
 * its [data-brick] element around `card(entry)`, the same card the page prerenders.
 */
export interface SiteCollection<Entry extends Brick = Brick> {
  /** In the grid's order. */
  entries: readonly Entry[];
  card(entry: Entry): ReactNode;
}

export interface SiteConfig<Page extends SitePage = SitePage, Menu = unknown, Data extends object = object> {
  /** The organisation's name, as the pages' titles and shell show it. */
  name: string;
  /** The public address (canonical links, sitemap, robots.txt), without a trailing slash. */
  url: string;
  /** The languages the site has pages in (BCP 47 primary subtags), the first being the default. */
  languages: readonly string[];
  /**
   * The routes (content pages, code pages, menu rules) and the renderer (shell, translations), as
   * modules loaded on use: loading the content validates it, and the dev server loads them afresh.
   */
  routes(): Promise<SiteRoutes<Page, Menu>>;
  render(): Promise<SiteRenderer<Page, Menu>>;
  /** The site's data modules (what its pages show), for tools that replay its pages. */
  data: Data;
  /**
   * The site's own content checker, run by `check:content` / `sitecharts check` in place of the
   * engine's (which loads the pages with `routes()` and reports the first content error): a module
   * whose loading checks the content, prints what it found and sets the exit code.
   */
  checkContent?(): Promise<unknown>;
  /** The site's own widgets by name (lazy modules), besides the engine's; its client.ts boots with them. */
  widgets?: WidgetRegistry;
  /** The site's forms; without them the server takes no form posts. */
  forms?: SiteForms;
  /**
   * Where a contact form's messages are mailed (with SMTP_URL set), unless MAIL_TO names another
   * address; with neither, messages are stored and not mailed.
   */
  email?: string;
  /** The masonry grids' collections by the name a grid's `collection` setting gives. */
  collections?: Readonly<Record<string, SiteCollection>>;
  /** The full search results page (GET /search/?s=), in place of the engine's plain one. */
  searchResultsPage?: ComponentType<SearchResultsPageProps>;
  /** The site search's synonyms (issue 49): words that find each other. */
  search?: SiteSearch;
}

/**
 * The site search's words that find each other (server/search/synonyms.ts): a query word typed
 * whole also finds the other words of its groups.
 */
export interface SiteSearch {
  /** The site's own groups, each of one-word entries: `[['respite', 'shortbreak']]`. */
  synonyms?: ReadonlyArray<readonly string[]>;
  /** The engine's medicine names (paracetamol and acetaminophen, ibuprofen and Nurofen, …): on unless false. */
  medicineSynonyms?: boolean;
}

/** Types a site's config where it is written (`export default defineSite({ … })`). */
export function defineSite<Page extends SitePage, Menu, Data extends object>(config: SiteConfig<Page, Menu, Data>): SiteConfig<Page, Menu, Data> {
  return config;
}
