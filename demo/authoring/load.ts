import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import Markdoc, { type Node, type RenderableTreeNode, type ValidateError } from '@markdoc/markdoc';
import { parseDocument } from 'yaml';
import { withContents } from './contents';
import { contentDir } from './content-dir';
import { contentVariables } from './data';
import { plainFrontMatter } from './front-matter';
import { checkLinks, type LinkedPage, type PageLink } from './links';
import { pageTags } from './page-tags';
import type { ContentProblem } from './problem';
import { authoringConfig, idFromTitle, suggest, widgetTags } from './tags';

/**
 * Content pages: `demo/content/pages/**\/*.md` (or CONTENT_DIR/pages), each Markdoc with YAML front
 * matter. Loading validates every file and collects every problem (file:line:column and a message
 * a site owner understands) before anything renders, so a build fails with the whole list.
 */
export interface MenuEntry {
  label: string;
  order: number;
}

export interface ContentPage {
  /** `/`, `/about/`, `/ar/`: from the file's path under pages/. */
  path: string;
  file: string;
  title: string;
  /** false on a page whose title already names the site (the home page). */
  addSiteName: boolean;
  description: string;
  lang?: string;
  dir?: 'ltr' | 'rtl';
  menu?: MenuEntry;
  /** 'article' wraps the body in <article class=…>; 'none' leaves the page's own sections. */
  layout: 'article' | 'none';
  className: string;
  searchType?: string;
  /** `draft: true`: shown by `npm run dev` with a marker, left out of the build (issue 30). */
  draft: boolean;
  tree: RenderableTreeNode[];
  /** Every address the page names, where (the build checks each: links.ts). */
  links: PageLink[];
  /** Every id the page's content gives an element, for `#anchor` links to it. */
  ids: Set<string>;
}

export interface LoadedContent {
  pages: ContentPage[];
  problems: ContentProblem[];
  /** Things that still work but should change (a deprecated attribute): printed, never fatal. */
  warnings: ContentProblem[];
  /** The files of draft pages left out (none when drafts are shown). */
  drafts: string[];
}

export interface LoadOptions {
  /** `npm run dev` shows draft pages; the build (the default) leaves them out. */
  drafts?: boolean;
}

const FRONT_MATTER_KEYS = ['title', 'add-site-name', 'description', 'menu', 'lang', 'dir', 'layout', 'class', 'search-type', 'draft'];

export function markdownFiles(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

/** `pages/index.md` → `/`; `pages/about.md` → `/about/`; `pages/help/index.md` → `/help/`. */
export function pathOf(pagesDir: string, file: string): string {
  const parts = relative(pagesDir, file).slice(0, -'.md'.length).split(sep);
  if (parts[parts.length - 1] === 'index') parts.pop();
  return parts.length ? `/${parts.join('/')}/` : '/';
}

/** Markdoc gives 0-based lines; the column points at the attribute an error names, else at the tag. */
function position(source: string[], lineIndex: number, attribute?: string, tag?: string): { line: number; column: number } {
  const text = source[lineIndex] ?? '';
  if (attribute) {
    const at = text.search(new RegExp(`(^|[\\s{])${attribute.replace(/[-$]/g, '\\$&')}=`));
    if (at >= 0) return { line: lineIndex + 1, column: at + (/[\s{]/.test(text[at] ?? '') ? 2 : 1) };
  }
  const opening = tag ? text.indexOf(`{% ${tag}`) : -1;
  const at = opening >= 0 ? opening : text.indexOf('{%') >= 0 ? text.indexOf('{%') : text.search(/\S/);
  return { line: lineIndex + 1, column: Math.max(0, at) + 1 };
}

const tagNames = () => [...widgetTags.flatMap((t) => (t.child ? [t.name, t.child.name] : [t.name])), ...Object.keys(pageTags.tags)];

/** Markdoc's own findings, reworded for a site owner. */
function reword(error: ValidateError, source: string[]): { message: string; attribute?: string; tag?: string } | undefined {
  const line = source[error.lines[0] ?? 0] ?? '';
  const tag = /\{%\s*([\w-]+)/.exec(line)?.[1];
  const quoted = /'([^']+)'/.exec(error.error.message)?.[1] ?? '';
  switch (error.error.id) {
    // An unclosed or unmatched tag leaves the list, item or paragraph around it unclosed too: only
    // the tag itself is worth a message.
    case 'missing-closing':
      return quoted.includes(' ') || ['list', 'item', 'inline', 'paragraph', 'heading', 'document', 'tag'].includes(quoted)
        ? undefined
        : { message: `{% ${quoted} %} is never closed: add {% /${quoted} %} after its content, or end it with /%} if it has none`, tag: quoted };
    case 'missing-opening': {
      const closing = /\{%\s*\/([\w-]+)/.exec(line)?.[1];
      return quoted === 'tag' && closing ? { message: `{% /${closing} %} closes a tag that was never opened (check the spelling of the opening tag)`, tag: `/${closing}` } : undefined;
    }
    case 'tag-undefined':
      return { message: `there is no tag '${quoted}'${suggest(quoted, tagNames())}; the tags are listed in docs/authoring.md`, tag: quoted };
    case 'attribute-undefined': {
      const owner = widgetTags.find((t) => t.name === tag);
      const names = owner ? owner.attributes.map((a) => a.name) : [];
      return { message: `${tag ?? 'this tag'} has no attribute '${quoted}'${suggest(quoted, names)}`, attribute: quoted };
    }
    case 'variable-undefined':
      return { message: `there is no data called $${quoted}; the data a page can use is listed in docs/authoring.md` };
    case 'attribute-missing-required':
      return { message: `${tag ?? 'this tag'}: ${quoted} is missing` };
    case 'attribute-type-invalid':
      return { message: `${tag ?? 'this tag'}: ${error.error.message.replace(/^Attribute '([^']+)' must be type of '(\w+)'/, (_m, name: string, type: string) => `${name} must be ${type === 'Boolean' ? 'true or false' : type === 'Number' ? 'a number' : 'text'}`)}`, attribute: quoted };
    default:
      if (error.error.id.startsWith('value:')) return { message: error.error.message, attribute: error.error.id.slice('value:'.length) };
      return { message: error.error.message.replace(/^Can't apply inline annotations to 'document'$/, "a {% .class %} or {% #id %} must end the line of the paragraph or heading it belongs to"), tag };
  }
}

export function frontMatter(raw: string, file: string, problems: ContentProblem[]): Record<string, unknown> {
  const plain = plainFrontMatter(raw);
  if (plain) return plain;
  const document = parseDocument(raw);
  for (const error of document.errors) problems.push({ file, line: (error.linePos?.[0].line ?? 0) + 1, column: error.linePos?.[0].col ?? 1, message: `front matter: ${error.message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '')} (text with ': ' or a leading special character needs quotes)` });
  const value: unknown = document.toJS();
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function checkFrontMatter(data: Record<string, unknown>, raw: string, file: string, problems: ContentProblem[]) {
  if (data.draft !== undefined && typeof data.draft !== 'boolean') problems.push({ file, line: 1, column: 1, message: 'front matter: draft must be true or false' });
  const lines = raw.split('\n');
  const at = (key: string) => {
    const index = lines.findIndex((line) => line.trimStart().startsWith(`${key}:`));
    return { line: index >= 0 ? index + 2 : 1, column: index >= 0 ? (lines[index]?.search(/\S/) ?? 0) + 1 : 1 };
  };
  const report = (key: string, message: string) => problems.push({ file, ...at(key), message: `front matter: ${message}` });
  for (const key of Object.keys(data)) if (!FRONT_MATTER_KEYS.includes(key)) report(key, `there is no setting '${key}'${suggest(key, FRONT_MATTER_KEYS)} (the settings are ${FRONT_MATTER_KEYS.join(', ')})`);
  for (const key of ['title', 'description']) {
    if (data[key] === undefined) problems.push({ file, line: 1, column: 1, message: `front matter: ${key} is missing (every page needs a ${key})` });
    else if (typeof data[key] !== 'string') report(key, `${key} must be text`);
  }
  if (data.dir !== undefined && data.dir !== 'ltr' && data.dir !== 'rtl') report('dir', `dir must be 'ltr' or 'rtl', got '${String(data.dir)}'`);
  if (data.layout !== undefined && data.layout !== 'article' && data.layout !== 'none') report('layout', `layout must be 'article' or 'none', got '${String(data.layout)}'`);
  if (data['add-site-name'] !== undefined && typeof data['add-site-name'] !== 'boolean') report('add-site-name', 'add-site-name must be true or false');
  for (const key of ['lang', 'class', 'search-type']) if (data[key] !== undefined && typeof data[key] !== 'string') report(key, `${key} must be text`);
  if (data.menu !== undefined) {
    const menu = data.menu as Record<string, unknown> | null;
    if (typeof menu !== 'object' || menu === null || typeof menu.label !== 'string' || typeof menu.order !== 'number')
      report('menu', 'menu must have a label (text) and an order (a number), e.g.\n  menu:\n    label: Volunteer\n    order: 95');
  }
}

type Config = ReturnType<typeof authoringConfig>;
const mergedConfigs = new WeakMap<Config, Config>();

/**
 * The config as Markdoc.validate and Markdoc.transform merge it with Markdoc's built-in tags, nodes
 * and functions, merged once per config: they merge it on every call, and its spreads (of objects
 * of getters) were 0.24 ms of a page's 1.7 ms build (issue 47, a profile of 1,200 archive pages).
 */
function mergedConfig(config: Config): Config {
  const known = mergedConfigs.get(config);
  if (known) return known;
  const made: Config = {
    ...config,
    tags: { ...Markdoc.tags, ...config.tags },
    nodes: { ...Markdoc.nodes, ...config.nodes },
    functions: { ...Markdoc.functions, ...config.functions },
  };
  mergedConfigs.set(config, made);
  return made;
}

/** Markdoc.validate(ast, config) for a merged config: the same walk, each node with its parents, and the same errors. */
function validateMerged(ast: Node, config: Config): ValidateError[] {
  const errors: ValidateError[] = [];
  const walk = (node: Node, parents: Node[]) => {
    const found = Markdoc.validator(node, { ...config, validation: { ...config.validation, parents } });
    if (!Array.isArray(found)) throw new Error('an asynchronous Markdoc validation (the content tags are synchronous)');
    for (const error of found) {
      const location = error.location;
      errors.push(
        location && typeof location.start?.line === 'number' && typeof location.end?.line === 'number' && (location.file === undefined || typeof location.file === 'string')
          ? { type: node.type, lines: [location.start.line, location.end.line], location: { file: node.location?.file, ...location }, error }
          : { type: node.type, lines: node.lines, location: node.location, error },
      );
    }
    for (const child of [...Object.values(node.slots), ...node.children]) walk(child, [...parents, node]);
  };
  walk(ast, []);
  return errors;
}

/** Reads, validates and transforms one content page; problems go to `problems`. */
export function loadPage(
  pagesDir: string,
  file: string,
  problems: ContentProblem[],
  shownFile = file,
  warnings: ContentProblem[] = [],
  /** Every page's addresses and ids, a page with problems included, for the link check (links.ts). */
  linked: LinkedPage[] = [],
  text = readFileSync(file, 'utf8'),
): ContentPage | undefined {
  const source = text.split('\n');
  const before = problems.length;
  const ast: Node = Markdoc.parse(text);
  const raw = typeof ast.attributes.frontmatter === 'string' ? ast.attributes.frontmatter : '';
  const data = frontMatter(raw, shownFile, problems);
  // Settings YAML could not read are not there: checking them would add made-up problems.
  if (problems.length === before) checkFrontMatter(data, raw, shownFile, problems);
  const config = authoringConfig(contentVariables);
  const merged = mergedConfig(config);
  const found: ContentProblem[] = [];
  for (const error of validateMerged(ast, merged)) {
    if (error.error.level === 'warning') {
      const attribute = error.error.id.startsWith('value:') ? error.error.id.slice('value:'.length) : undefined;
      warnings.push({ file: shownFile, ...position(source, error.lines[0] ?? 0, attribute), message: error.error.message });
      continue;
    }
    if (error.error.level !== 'error' && error.error.level !== 'critical') continue;
    const worded = reword(error, source);
    if (worded) found.push({ file: shownFile, ...position(source, error.lines[0] ?? 0, worded.attribute, worded.tag), message: worded.message });
  }
  // A misspelt tag is the one problem on its line: the rest (its closing tag, its attributes) follow from it.
  const misspelt = new Set(found.filter((p) => p.message.startsWith('there is no tag')).map((p) => p.line));
  const seen = new Set<string>();
  for (const p of found) {
    const key = `${p.line}:${p.column}:${p.message}`;
    if (seen.has(key) || (misspelt.has(p.line) && !p.message.startsWith('there is no tag'))) continue;
    seen.add(key);
    problems.push(p);
  }
  const addresses = addressesOf(ast, config, source);
  linked.push({ path: pathOf(pagesDir, file), file: shownFile, draft: data.draft === true, ...addresses });
  if (problems.length > before) return undefined;
  // Markdoc.transform(ast, config), with its config merged once.
  const transformed = ast.resolve(merged).transform(merged) as RenderableTreeNode;
  const tree = withContents(Markdoc.Tag.isTag(transformed) ? transformed.children : [transformed]);
  const menu = data.menu as MenuEntry | undefined;
  return {
    path: pathOf(pagesDir, file),
    file: shownFile,
    title: String(data.title),
    addSiteName: data['add-site-name'] !== false,
    description: String(data.description),
    lang: data.lang as string | undefined,
    dir: data.dir as ContentPage['dir'],
    menu: menu ? { label: menu.label, order: menu.order } : undefined,
    layout: (data.layout as ContentPage['layout'] | undefined) ?? 'article',
    className: (data.class as string | undefined) ?? 'page',
    searchType: data['search-type'] as string | undefined,
    draft: data.draft === true,
    tree,
    ...addresses,
  };
}

/** Attribute names whose text is an address (a link, a picture, a video's poster). */
const ADDRESS_KEYS = new Set(['href', 'src', 'url', 'image', 'poster']);

/** The addresses in a resolved attribute value (`image={src: …}`, `content=$gallery.images`), and its ids. */
function collect(value: unknown, key: string, found: { addresses: Array<{ target: string; picture: boolean }>; ids: Set<string> }, depth = 0): void {
  if (depth > 8 || value === null || value === undefined) return;
  if (typeof value === 'string') {
    if (ADDRESS_KEYS.has(key)) found.addresses.push({ target: value, picture: key !== 'href' && key !== 'url' ? true : /\.(svg|png|jpe?g|webp|gif|avif)$/i.test(value) });
    if (key === 'id') found.ids.add(value);
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) collect(item, key, found, depth + 1);
    return;
  }
  if (typeof value === 'object') {
    // Data with prerendered slots (WidgetData) carries its content under `content`.
    for (const [inner, innerValue] of Object.entries(value)) collect(innerValue, inner === 'content' ? key : inner, found, depth + 1);
  }
}

/** Where the page's source names each address, and the ids its elements get (headings, sections, widgets, items). */
function addressesOf(ast: Node, config: ReturnType<typeof authoringConfig>, source: string[]): { links: PageLink[]; ids: Set<string> } {
  const links: PageLink[] = [];
  const ids = new Set<string>();
  for (const node of ast.walk()) {
    const lineIndex = node.lines[0] ?? 0;
    const text = source[lineIndex] ?? '';
    const at = (target: string) => ({ line: lineIndex + 1, column: Math.max(0, text.indexOf(target)) + 1 });
    if (node.type === 'link' && typeof node.attributes.href === 'string') links.push({ ...at(node.attributes.href), target: node.attributes.href, kind: 'link' });
    else if (node.type === 'image' && typeof node.attributes.src === 'string') links.push({ ...at(node.attributes.src), target: node.attributes.src, kind: 'picture' });
    if (typeof node.attributes.id === 'string') ids.add(node.attributes.id);
    if (node.type !== 'tag') continue;
    const resolvedAttributes = Markdoc.Ast.resolve(node.attributes, config) as Record<string, unknown>;
    // An item written with a title only takes its id from it (tags.ts idFromTitle).
    if (resolvedAttributes.id === undefined && typeof resolvedAttributes.title === 'string') ids.add(idFromTitle(resolvedAttributes.title));
    const found = { addresses: [] as Array<{ target: string; picture: boolean }>, ids };
    for (const [key, value] of Object.entries(resolvedAttributes)) collect(value, key, found);
    for (const { target, picture } of found.addresses) links.push({ ...at(target), target, kind: picture ? 'picture' : 'link' });
  }
  return { links, ids };
}

/**
 * Every page under `<dir>/pages`, in path order, and every problem in any of them: each page's own,
 * then its links (links.ts). Drafts are validated like any page, and left out unless `drafts`.
 */
export function loadContent(dir = contentDir(), options: LoadOptions = {}): LoadedContent {
  const pagesDir = join(dir, 'pages');
  const problems: ContentProblem[] = [];
  const warnings: ContentProblem[] = [];
  const loaded: ContentPage[] = [];
  const linked: LinkedPage[] = [];
  for (const file of markdownFiles(pagesDir)) {
    const shown = relative(process.cwd(), file) || file;
    const page = loadPage(pagesDir, file, problems, shown.startsWith('..') ? file : shown, warnings, linked);
    if (page) loaded.push(page);
  }
  const drafts = options.drafts ?? false;
  problems.push(...checkLinks(linked, { draftsPublished: drafts }));
  // One address, one page: the second file of a pair is reported above and never built.
  const seen = new Set<string>();
  const pages = loaded.filter((page) => (drafts || !page.draft) && !seen.has(page.path) && seen.add(page.path));
  const left = drafts ? [] : linked.filter((page) => page.draft).map((page) => page.file);
  return { pages, problems: problems.sort(byPlace), warnings, drafts: left };
}

/** Problems in file order, then line and column: a site owner reads them top to bottom. */
export function byPlace(a: ContentProblem, b: ContentProblem): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  return a.line - b.line || a.column - b.column;
}

/** `file:line:column: message`, one a line; warnings say so after the place. */
export function formatProblems(problems: readonly ContentProblem[], kind: 'problem' | 'warning' = 'problem'): string {
  return problems.map((p) => `${p.file}:${p.line}:${p.column}: ${kind === 'warning' ? 'warning: ' : ''}${p.message}`).join('\n');
}

/** Thrown by the build when any content page has a problem: its message lists them all. */
export class ContentError extends Error {
  constructor(readonly problems: readonly ContentProblem[]) {
    super(`${problems.length} problem${problems.length === 1 ? '' : 's'} in the content pages:\n${formatProblems(problems)}`);
    this.name = 'ContentError';
  }
}
