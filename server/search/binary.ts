import type { InvertedIndex } from './inverted';
import type { IndexedPage } from './text';

/**
 * The saved index as one binary file (issue 15: a restart at 10,000 pages within 2 s). Loading
 * it is one read, typed-array views on the bytes for the postings (no copy), one UTF-8 decode
 * of a string table that every word and page path, type and title is a slice of; a page's body
 * (most of the bytes) stays undecoded until an answer shows its excerpt. The structured-clone
 * file it replaces (v8.serialize) rebuilt ~150,000 strings and 10,000 objects one by one and
 * left the garbage collector most of the start-up time.
 *
 * Layout, all numbers little-endian u32 (the file is rebuilt, never misread, on a machine of the
 * other byte order): MAGIC, BYTE_ORDER, the counts (words, postings, pages, string table bytes),
 * averageLength as a f64, then offsets[words + 1], postingPage[postings], postingFreq[postings],
 * pageLength[pages], wordEnd[words], pageEnd[pages × 3] (where each word and each page's path,
 * type and title end in the decoded string table, in UTF-16 code units), bodyEnd[pages] (where
 * each page's body ends in the bodies, in bytes), then the table's bytes, then the bodies' bytes.
 */
const MAGIC = 0x58494353; // "SCIX"
const BYTE_ORDER = 0x01020304;
const HEADER_WORDS = 8; // magic, order, words, postings, pages, table bytes, averageLength (2 words)
const FIELDS = ['path', 'type', 'title'] as const;

export function encodeIndex(index: InvertedIndex): Buffer {
  const words = index.vocabulary.length;
  const postings = index.postingPage.length;
  const pages = index.pages.length;
  const wordEnd = new Uint32Array(words);
  const pageEnd = new Uint32Array(pages * FIELDS.length);
  const bodyEnd = new Uint32Array(pages);
  const bodies: Buffer[] = [];
  let bodyAt = 0;
  const parts: string[] = [];
  let at = 0;
  index.vocabulary.forEach((word, k) => {
    parts.push(word);
    at += word.length;
    wordEnd[k] = at;
  });
  index.pages.forEach((page, p) => {
    FIELDS.forEach((field, f) => {
      parts.push(page[field]);
      at += page[field].length;
      pageEnd[p * FIELDS.length + f] = at;
    });
    const body = Buffer.from(page.body, 'utf8');
    bodies.push(body);
    bodyAt += body.length;
    bodyEnd[p] = bodyAt;
  });
  const table = Buffer.from(parts.join(''), 'utf8');
  const header = new Uint32Array(HEADER_WORDS);
  header.set([MAGIC, BYTE_ORDER, words, postings, pages, table.length]);
  new Float64Array(header.buffer, 24, 1)[0] = index.averageLength;
  const arrays = [header, index.offsets, index.postingPage, index.postingFreq, index.pageLength, wordEnd, pageEnd, bodyEnd];
  return Buffer.concat([...arrays.map((array) => Buffer.from(array.buffer, array.byteOffset, array.byteLength)), table, ...bodies]);
}

/** The index in `bytes`, or an Error saying why the file is not one (it is then rebuilt). */
export function decodeIndex(bytes: Buffer): InvertedIndex | Error {
  // Typed-array views need 4-byte alignment; a small Buffer may sit unaligned in Node's pool.
  const data = bytes.byteOffset % 8 === 0 ? bytes : Buffer.from(bytes);
  if (data.length < HEADER_WORDS * 4) return new Error('too short');
  const header = new Uint32Array(data.buffer, data.byteOffset, HEADER_WORDS);
  const [magic, order, words = 0, postings = 0, pages = 0, tableBytes = 0] = header;
  if (magic !== MAGIC) return new Error('not a search index');
  if (order !== BYTE_ORDER) return new Error('saved on a machine of another byte order');
  const averageLength = new Float64Array(data.buffer, data.byteOffset + 24, 1)[0] ?? 0;
  let offset = data.byteOffset + HEADER_WORDS * 4;
  const u32 = (length: number) => {
    const view = new Uint32Array(data.buffer, offset, length);
    offset += length * 4;
    return view;
  };
  const before = HEADER_WORDS * 4 + 4 * (words + 1 + 2 * postings + pages + words + pages * FIELDS.length + pages) + tableBytes;
  if (data.length < before) return new Error(`${data.length} bytes where the header says at least ${before}`);
  const offsets = u32(words + 1);
  const postingPage = u32(postings);
  const postingFreq = u32(postings);
  const pageLength = u32(pages);
  const wordEnd = u32(words);
  const pageEnd = u32(pages * FIELDS.length);
  const bodyEnd = u32(pages);
  const table = data.toString('utf8', before - tableBytes, before);
  const bodies = data.subarray(before);
  if (offsets[words] !== postings || (pages > 0 && pageEnd[pages * FIELDS.length - 1] !== table.length)) return new Error('tables do not agree');
  if ((pages > 0 ? bodyEnd[pages - 1] : 0) !== bodies.length) return new Error(`${data.length} bytes: the bodies do not end where the file does`);
  // Slices of one string: V8 keeps them as views on the table, not copies.
  const vocabulary = new Array<string>(words);
  let start = 0;
  for (let k = 0; k < words; k++) {
    const end = wordEnd[k] ?? 0;
    vocabulary[k] = table.slice(start, end);
    start = end;
  }
  const pageList = new Array<IndexedPage>(pages);
  for (let p = 0; p < pages; p++) {
    const field = (f: number) => {
      const end = pageEnd[p * FIELDS.length + f] ?? 0;
      const text = table.slice(start, end);
      start = end;
      return text;
    };
    const bodyStart = p > 0 ? (bodyEnd[p - 1] ?? 0) : 0;
    const bodyStop = bodyEnd[p] ?? 0;
    pageList[p] = {
      path: field(0),
      type: field(1),
      title: field(2),
      get body() {
        return bodies.toString('utf8', bodyStart, bodyStop);
      },
    };
  }
  return { pages: pageList, vocabulary, offsets, postingPage, postingFreq, pageLength, averageLength };
}
