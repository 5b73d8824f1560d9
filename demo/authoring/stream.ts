import { join, relative, sep } from 'node:path';
import { parseDocument } from 'yaml';
import type { ContentOptions, LoadedFile, ScannedFile } from '../../runtime/site';
import { checkLinks, type LinkedPage } from './links';
import { byPlace, formatProblems, loadPage, markdownFiles, pathOf, type ContentPage, type MenuEntry } from './load';
import type { ContentProblem } from './problem';

/**
 * The demo's content one file at a time (issue 47; runtime/site.ts `SiteContent`): what the build's
 * render threads call for each page, and the scan and check around them. The same loading as
 * `loadContent` (load.ts), which reads every page at once for the dev server and the tests.
 */

/** A page's linked record as the build keeps it between threads and builds: its ids as a list. */
export type LinkedRecord = Omit<LinkedPage, 'ids'> & { ids: string[] };

/** `pages/…` files relative to the content folder, '/'-separated. */
export function contentFiles(contentDir: string): string[] {
  return markdownFiles(join(contentDir, 'pages')).map((file) => relative(contentDir, file).split(sep).join('/'));
}

/** Markdoc's front matter: the YAML between the opening `---` line and the next. */
const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\s*(?:\r?\n|$)/;

/** The address, draft flag and menu entry of a file: only a front matter that names `menu` or `draft` is parsed. */
export function scanFile(contentDir: string, file: string, text: string): ScannedFile {
  const path = pathOf(join(contentDir, 'pages'), join(contentDir, file));
  const raw = FRONT_MATTER.exec(text)?.[1] ?? '';
  if (!/^(menu|draft)\s*:/m.test(raw)) return { path, draft: false };
  const data: unknown = parseDocument(raw).toJS();
  const fields = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const menu = fields.menu as Partial<MenuEntry> | undefined;
  // A malformed entry is the load's problem to report; the menu leaves it out.
  const entry = menu && typeof menu.label === 'string' && typeof menu.order === 'number' ? { label: menu.label, order: menu.order } : undefined;
  return { path, draft: fields.draft === true, menu: entry };
}

/** The file as it is shown in a problem: relative to the working folder where that is shorter. */
function shown(file: string): string {
  const relativeFile = relative(process.cwd(), file);
  return relativeFile.startsWith('..') || relativeFile === '' ? file : relativeFile;
}

/** One file loaded as `loadContent` loads it; a draft is left out unless drafts are shown. */
export function loadFile(contentDir: string, file: string, text: string, { drafts = false }: ContentOptions): Omit<LoadedFile, 'page'> & { page?: ContentPage } {
  const absolute = join(contentDir, file);
  const problems: ContentProblem[] = [];
  const warnings: ContentProblem[] = [];
  const linked: LinkedPage[] = [];
  const page = loadPage(join(contentDir, 'pages'), absolute, problems, shown(absolute), warnings, linked, text);
  const record = linked[0];
  return {
    page: page && (drafts || !page.draft) ? page : undefined,
    problems: problems.length > 0 ? formatProblems(problems.sort(byPlace)).split('\n') : [],
    warnings: warnings.length > 0 ? formatProblems(warnings, 'warning').split('\n') : [],
    linked: record && ({ ...record, ids: [...record.ids] } satisfies LinkedRecord),
  };
}

/** The link check across every page, from their records. */
export function checkFiles(linked: readonly unknown[], { drafts = false }: ContentOptions): string[] {
  const pages = (linked as LinkedRecord[]).filter(Boolean).map((record): LinkedPage => ({ ...record, ids: new Set(record.ids) }));
  const problems = checkLinks(pages, { draftsPublished: drafts });
  return problems.length > 0 ? formatProblems(problems).split('\n') : [];
}
