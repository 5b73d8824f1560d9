/**
 * Reading a built page for the search index: its title, its content type and the text of its
 * <main>, without scripts, styles, tags or entities. A small reader for our own prerendered HTML.
 */
export interface IndexedPage {
  path: string;
  type: string;
  title: string;
  body: string;
}

/** Pages say what they are with data-search-type="…" inside <main>; anything else is a page. */
export const DEFAULT_TYPE = 'Pages';

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[\da-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Inline elements sit inside a line of text: their tags are no word break ("corner</strong>, a" reads "corner, a"). */
const INLINE_TAG = /<\/?(?:a|abbr|b|bdi|bdo|cite|code|data|dfn|em|i|kbd|mark|q|s|samp|small|span|strong|sub|sup|time|u|var)\b[^>]*>/gi;

export function textOf(html: string): string {
  return decodeEntities(
    html
      .replace(/<(script|style|template|noscript)\b[^>]*>[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(INLINE_TAG, '')
      .replace(/<[^>]*>/g, ' '),
  )
    // Placeholders the server fills per request (the contact page's captcha) are not content.
    .replace(/__SC_[A-Z_]+__/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A draft shown by `npm run dev` (issue 30) is not found by the search. */
const NOINDEX = /<meta name="robots" content="noindex"/i;
const MAIN = /<main\b[^>]*>([\s\S]*)<\/main>/i;
const TITLE = /<title>([\s\S]*?)<\/title>/i;

export function readPage(path: string, html: string): IndexedPage | null {
  if (NOINDEX.test(html)) return null;
  const main = MAIN.exec(html)?.[1];
  if (main === undefined) return null;
  return pageOf(path, main, () => TITLE.exec(html)?.[1]);
}

/**
 * readPage from the file's bytes, the same page to the character (issue 47: a first start at 100,000
 * pages decoded 1.4 GB of UTF-8 to keep a third of it). The patterns are found in the bytes read as
 * Latin-1, one character a byte: they are ASCII, and their `[^>]` and `[\s\S]` take any byte of a
 * longer character as they take the character, so they match where they match in the decoded text,
 * at ASCII characters; only <main>'s content (and the <title>, for a page without <h1>) is decoded.
 */
export function readPageBytes(path: string, bytes: Buffer): IndexedPage | null {
  const latin1 = bytes.toString('latin1');
  if (NOINDEX.test(latin1)) return null;
  const found = MAIN.exec(latin1);
  const inner = found?.[1];
  if (!found || inner === undefined) return null;
  const start = found.index + found[0].length - inner.length - '</main>'.length;
  const main = bytes.toString('utf8', start, start + inner.length);
  return pageOf(path, main, () => {
    const title = TITLE.exec(latin1);
    const text = title?.[1];
    return title && text !== undefined ? bytes.toString('utf8', title.index + '<title>'.length, title.index + '<title>'.length + text.length) : undefined;
  });
}

/** A page from its <main>'s HTML; its <title>'s, asked for when <main> has no <h1>. */
function pageOf(path: string, main: string, titleTag: () => string | undefined): IndexedPage {
  const h1 = /<h1\b[^>]*>([\s\S]*?)<\/h1>/i.exec(main)?.[1];
  const title = textOf(h1 ?? titleTag() ?? path);
  const type = decodeEntities(/data-search-type="([^"]{1,40})"/.exec(main)?.[1] ?? DEFAULT_TYPE);
  // The title is indexed on its own (and weighted); the body is the rest, so excerpts do not repeat it.
  return { path, type, title, body: textOf(main.replace(/<h1\b[^>]*>[\s\S]*?<\/h1>/i, ' ')) };
}

/**
 * Issue 47 (a first start at 100,000 pages): the build writes each page's text for the search
 * beside its HTML, as `readPageBytes` reads it from the HTML it has just written, so a first start
 * reads about a third of the bytes and parses no HTML. A dot file, which the server never serves:
 * `news/.index.search` beside `news/index.html`. It holds a line of JSON (the type and the title)
 * and then the body; an empty file is a page the search leaves out (a draft).
 */
export function searchTextFile(pageFile: string): string {
  return `${pageFile.slice(0, -'index.html'.length)}.index.search`;
}

/** The bytes of a page's search text file. */
export function searchTextOf(page: IndexedPage | null): Buffer {
  return page ? Buffer.from(`${JSON.stringify([page.type, page.title])}\n${page.body}`, 'utf8') : Buffer.alloc(0);
}

/** A page from its search text file's bytes: its body as the bytes it is, which the index keeps as they are. */
export function readSearchText(path: string, bytes: Buffer): { page: IndexedPage; bodyBytes: Buffer } | null {
  if (bytes.length === 0) return null;
  const line = bytes.indexOf(10);
  let head: unknown;
  try {
    head = line < 0 ? undefined : JSON.parse(bytes.toString('utf8', 0, line));
  } catch {
    head = undefined;
  }
  if (!Array.isArray(head) || typeof head[0] !== 'string' || typeof head[1] !== 'string') throw new Error(`the search text of ${path} does not start with its type and title`);
  const bodyBytes = bytes.subarray(line + 1);
  return { page: { path, type: head[0], title: head[1], body: bodyBytes.toString('utf8') }, bodyBytes };
}
