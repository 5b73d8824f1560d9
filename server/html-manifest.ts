import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fingerprintPages, isPageFile, readBuiltHtml, type BuiltHtml } from './built-html';
import { inlineScriptHashes } from './security/inline-scripts';

/**
 * What the server takes from every built HTML file at start, written once by the build beside them
 * (issue 35): the CSP's inline-script hashes, the pages' fingerprint the search index is saved
 * under, and the list of the pages to index. At 100,000 pages, walking the site's folders and
 * reading and hashing every file took a restart many seconds; with this record it reads one file.
 * The record is the build's promise that the files are as it wrote them: a published release is
 * never changed (server/release.ts), and the prerender writes the record last. A site without
 * one (a STATIC_DIR not made by `npm run build`) is read file by file, as before.
 */
export const HTML_MANIFEST = '.sitecharts/html.json';
/** Bump when the record's meaning changes: an older record is then not trusted but read past. */
export const HTML_MANIFEST_FORMAT = 2;
const FORMAT = HTML_MANIFEST_FORMAT;

export interface HtmlManifest {
  format: typeof FORMAT;
  /** fingerprintPages() of the pages (server/built-html.ts). */
  pages: string;
  /** The CSP source expressions of every inline script of every HTML file, each once, sorted. */
  scriptHashes: string[];
  /** The page files (index.html), relative and '/'-separated, in path order. */
  pageFiles: string[];
  /**
   * Whether every page file has its search text beside it (search/text.ts `searchTextFile`), which
   * `npm run build` writes: the index is then built from those, not from the HTML.
   */
  searchText?: boolean;
}

export function htmlManifestOf(html: readonly BuiltHtml[]): HtmlManifest {
  return { format: FORMAT, pages: fingerprintPages(html), scriptHashes: inlineScriptHashes('', html), pageFiles: html.filter((built) => isPageFile(built.file)).map((built) => built.file) };
}

/** Reads every HTML file of the built site and records them (the prerender's last step; the search bench's too). */
export function writeHtmlManifest(staticDir: string, html: readonly BuiltHtml[] = readBuiltHtml(staticDir)): HtmlManifest {
  return saveHtmlManifest(staticDir, htmlManifestOf(html));
}

/** Writes the record (the build makes it from its pages' records: tooling/build/pages). */
export function saveHtmlManifest(staticDir: string, manifest: HtmlManifest): HtmlManifest {
  const file = join(staticDir, HTML_MANIFEST);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.partial`, JSON.stringify(manifest));
  renameSync(`${file}.partial`, file);
  return manifest;
}

/** The build's record of `staticDir`'s HTML; undefined when there is none; an Error saying what is wrong with it. */
export function readHtmlManifest(staticDir: string): HtmlManifest | Error | undefined {
  const file = join(staticDir, HTML_MANIFEST);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    return new Error(`${file} could not be read: ${String(error)}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return new Error(`${file} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const record = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const strings = (list: unknown) => Array.isArray(list) && list.every((item) => typeof item === 'string');
  if (record.format !== FORMAT) return new Error(`${file} is of format ${JSON.stringify(record.format)}, this server reads ${FORMAT}`);
  if (typeof record.pages !== 'string' || !/^[0-9a-f]{32}$/.test(record.pages)) return new Error(`${file}: "pages" is not a fingerprint`);
  if (!strings(record.scriptHashes)) return new Error(`${file}: "scriptHashes" is not a list of strings`);
  if (!strings(record.pageFiles) || !(record.pageFiles as string[]).every((page) => isPageFile(page) && !page.startsWith('/') && !page.split('/').includes('..'))) return new Error(`${file}: "pageFiles" is not a list of index.html files`);
  if (record.searchText !== undefined && typeof record.searchText !== 'boolean') return new Error(`${file}: "searchText" is not true or false`);
  return record as unknown as HtmlManifest;
}

/**
 * The built site's HTML as the server needs it at start: the build's record when there is one,
 * else every file read (and a warning when a record is there but unusable).
 */
export function builtHtmlSummary(staticDir: string, warn: (message: string) => void = console.warn): HtmlManifest {
  const manifest = readHtmlManifest(staticDir);
  if (manifest instanceof Error) warn(`${manifest.message}; reading every HTML file instead`);
  else if (manifest) return manifest;
  return htmlManifestOf(readBuiltHtml(staticDir));
}
