import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { NEXT_SECTION_HASH } from '../../machines/smooth-scroll/smooth-scroll.rules';
import { closest } from '../../runtime/closest';
import type { ContentProblem } from './problem';

/**
 * Issue 30: every link and picture of the content pages checked at build. A link to a page that
 * does not exist, to a heading that is not on its page, or a picture that is not in the site's
 * public files is a problem with file:line:column and the closest existing page as "did you mean";
 * two files that make one address are a problem too.
 */

/** One address a page's source names: a Markdown link or picture, or a tag attribute. */
export interface PageLink {
  line: number;
  column: number;
  target: string;
  kind: 'link' | 'picture';
}

/** What the link check needs of a loaded page. */
export interface LinkedPage {
  path: string;
  file: string;
  draft: boolean;
  links: readonly PageLink[];
  /** Every id the page's own content gives an element (headings, sections, widgets, their items). */
  ids: ReadonlySet<string>;
}

/** The site's public files (pictures, media, the stories): served as they are at their own address. */
export const PUBLIC_DIR = resolve(import.meta.dirname, '../public');

/**
 * Addresses that are not content pages but answer on the site: the developer pages (demo/routes.tsx
 * codePages), the server's own pages and endpoints (docs/server.md) and the build's files.
 */
export const SITE_ROUTES: readonly string[] = [
  '/widgets/',
  '/developers/sdk/',
  '/__inspect/',
  '/search/',
  '/donate/checkout',
  '/site-config.json',
  '/forms/contact',
  '/forms/newsletter',
  '/sitemap.xml',
  '/robots.txt',
  '/healthz',
];

/** Ids the site's shell (demo/Shell.tsx) gives every page: `#contact` is the footer's contact block. */
export const SHELL_IDS: readonly string[] = ['header', 'main-menu', 'site-search', 'main', 'contact', 'footer-visit', 'footer-call', 'footer-newsletter', 'footer-hours'];

const EXTERNAL = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

function publicFile(path: string, publicDir: string): boolean {
  const file = join(publicDir, decodeURIComponent(path));
  if (!file.startsWith(publicDir)) return false;
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

export interface LinkCheckOptions {
  publicDir?: string;
  /** Drafts are left out of the build: a link to one is a link to nothing. */
  draftsPublished: boolean;
}

/** Every problem with the links, pictures and addresses of `pages`, in file order. */
export function checkLinks(pages: readonly LinkedPage[], { publicDir = PUBLIC_DIR, draftsPublished }: LinkCheckOptions): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const byPath = new Map<string, LinkedPage>();
  for (const page of pages) {
    const first = byPath.get(page.path);
    if (first) {
      problems.push({ file: page.file, line: 1, column: 1, message: `this page and ${first.file} both make the address ${page.path}: rename or remove one of them` });
      continue;
    }
    byPath.set(page.path, page);
  }
  const published = [...byPath.values()].filter((page) => draftsPublished || !page.draft);
  const addresses = [...published.map((page) => page.path), ...SITE_ROUTES];
  // A draft is checked like any page: it is published one day, links and all.
  for (const page of pages) {
    for (const link of page.links) {
      const message = problemOf(link, page, byPath, addresses, publicDir, draftsPublished);
      if (message) problems.push({ file: page.file, line: link.line, column: link.column, message });
    }
  }
  return problems;
}

function problemOf(link: PageLink, page: LinkedPage, byPath: ReadonlyMap<string, LinkedPage>, addresses: readonly string[], publicDir: string, draftsPublished: boolean): string | undefined {
  const target = link.target.trim();
  if (target === '' || EXTERNAL.test(target)) return undefined;
  const hashAt = target.indexOf('#');
  const beforeHash = hashAt >= 0 ? target.slice(0, hashAt) : target;
  const anchor = hashAt >= 0 ? decodeURIComponent(target.slice(hashAt + 1)) : '';
  const path = beforeHash.split('?')[0] ?? '';
  if (path === '') return anchor === '' ? undefined : anchorProblem(anchor, page, `#${anchor}`);
  if (!path.startsWith('/')) return `${link.kind === 'picture' ? 'the picture' : 'the link'} '${target}' must start with / (an address on this site, such as /about/) or https://`;
  if (link.kind === 'picture' || /\.[a-z\d]{2,5}$/i.test(path)) {
    if (publicFile(path, publicDir) || SITE_ROUTES.includes(path)) return undefined;
    return `there is no file ${path} in the site's pictures and files (demo/public)${suggestFile(path, publicDir)}`;
  }
  const withSlash = path.endsWith('/') ? path : `${path}/`;
  const targetPage = byPath.get(withSlash);
  if (targetPage && targetPage.draft && !page.draft && !draftsPublished) return `the link to ${withSlash} leads to a draft page (draft: true in ${targetPage.file}): it is not published, so visitors would find nothing`;
  if (!targetPage) {
    if (SITE_ROUTES.includes(path) || SITE_ROUTES.includes(withSlash)) return undefined;
    const near = closest(withSlash, addresses);
    return `the link to ${path} leads to no page${near ? ` (did you mean '${near}'?)` : ''}`;
  }
  return anchor === '' ? undefined : anchorProblem(anchor, targetPage, target);
}

function anchorProblem(anchor: string, page: LinkedPage, shown: string): string | undefined {
  // '#next-section' is no element: smooth scroll (§2) steps to the next section with it.
  if (page.ids.has(anchor) || SHELL_IDS.includes(anchor) || `#${anchor}` === NEXT_SECTION_HASH) return undefined;
  const near = closest(anchor, [...page.ids]);
  return `the link to ${shown} leads to no heading or section with the id '${anchor}' on ${page.path}${near ? ` (did you mean '#${near}'?)` : ''}`;
}

function suggestFile(path: string, publicDir: string): string {
  const dir = path.slice(0, path.lastIndexOf('/') + 1);
  const folder = join(publicDir, dir);
  if (!folder.startsWith(publicDir) || !existsSync(folder)) return '';
  let names: string[];
  try {
    names = (statSync(folder).isDirectory() ? readdirSync(folder) : []).map((name) => `${dir}${name}`);
  } catch {
    return '';
  }
  const near = closest(path, names);
  return near ? ` (did you mean '${near}'?)` : '';
}
