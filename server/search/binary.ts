import { closeSync, fstatSync, openSync, readSync, writeSync } from 'node:fs';
import type { InvertedIndex } from './inverted';
import type { IndexedPage } from './text';

/**
 * The saved index as one binary file (issue 15: a restart at 10,000 pages within 2 s). Loading
 * it is one read, typed-array views on the bytes for the postings (no copy), one UTF-8 decode
 * of a string table that every word and page path, type and title is a slice of; a page's body
 * (most of the bytes) is not even read until an answer shows its excerpt (openIndexFile). The structured-clone
 * file it replaces (v8.serialize) rebuilt ~150,000 strings and 10,000 objects one by one and
 * left the garbage collector most of the start-up time.
 *
 * Layout, all numbers little-endian u32 (the file is rebuilt, never misread, on a machine of the
 * other byte order): MAGIC, BYTE_ORDER, the counts (words, postings, pages, string table bytes),
 * averageLength as a f64, then offsets[words + 1], postingPage[postings], postingFreq[postings],
 * pageLength[pages], titleLength[pages], wordEnd[words], pageEnd[pages × 3] (where each word and
 * each page's path, type and title end in the decoded string table, in UTF-16 code units),
 * bodyEnd[pages] (where each page's body ends in the bodies, in bytes), postingTitle[postings] as
 * bytes, then the table's bytes, then the bodies' bytes.
 */
/** Names the layout: "SCI2" since issue 47 added the title counts (a "SCIX" file is refused, then rebuilt). */
const MAGIC = 0x32494353; // "SCI2"
const BYTE_ORDER = 0x01020304;
const HEADER_WORDS = 8; // magic, order, words, postings, pages, table bytes, averageLength (2 words)
const FIELDS = ['path', 'type', 'title'] as const;

/** The pages' text in UTF-8, one after another (across the buffers), and where each page's ends. */
export interface Bodies {
  bodies: readonly Buffer[];
  bodyEnd: Uint32Array;
}

/** The file's parts before the pages' text; where each page's ends is measured unless given. */
function headOf(index: InvertedIndex, given?: Bodies): Buffer[] {
  const words = index.vocabulary.length;
  const postings = index.postingPage.length;
  const pages = index.pages.length;
  const wordEnd = new Uint32Array(words);
  const pageEnd = new Uint32Array(pages * FIELDS.length);
  const bodyEnd = given?.bodyEnd ?? new Uint32Array(pages);
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
    if (given) return;
    bodyAt += Buffer.byteLength(page.body, 'utf8');
    bodyEnd[p] = bodyAt;
  });
  const table = Buffer.from(parts.join(''), 'utf8');
  const header = new Uint32Array(HEADER_WORDS);
  header.set([MAGIC, BYTE_ORDER, words, postings, pages, table.length]);
  new Float64Array(header.buffer, 24, 1)[0] = index.averageLength;
  const arrays = [header, index.offsets, index.postingPage, index.postingFreq, index.pageLength, index.titleLength, wordEnd, pageEnd, bodyEnd, index.postingTitle];
  return [...arrays.map((array) => Buffer.from(array.buffer, array.byteOffset, array.byteLength)), table];
}

export function encodeIndex(index: InvertedIndex): Buffer {
  return Buffer.concat([...headOf(index), ...index.pages.map((page) => Buffer.from(page.body, 'utf8'))]);
}

/** Bodies are written this many characters at a time: no copy of them all in memory at once. */
const BODY_CHUNK_CHARS = 1 << 22;

/**
 * The index written to `file` part by part (at 100,000 pages it is hundreds of MB: one buffer of it
 * all doubled the memory of a first start); the pages' text as given in UTF-8, else encoded here.
 */
export function writeIndexFile(file: string, index: InvertedIndex, given?: Bodies): void {
  const fd = openSync(file, 'w');
  try {
    for (const part of headOf(index, given)) writeAll(fd, part);
    if (given) {
      for (const bodies of given.bodies) writeAll(fd, bodies);
      return;
    }
    let chunk: string[] = [];
    let chars = 0;
    for (const page of index.pages) {
      chunk.push(page.body);
      chars += page.body.length;
      if (chars >= BODY_CHUNK_CHARS) {
        writeAll(fd, Buffer.from(chunk.join(''), 'utf8'));
        chunk = [];
        chars = 0;
      }
    }
    writeAll(fd, Buffer.from(chunk.join(''), 'utf8'));
  } finally {
    closeSync(fd);
  }
}

function writeAll(fd: number, bytes: Buffer) {
  for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at);
}

/** The index in `bytes`, or an Error saying why the file is not one (it is then rebuilt). */
export function decodeIndex(bytes: Buffer): InvertedIndex | Error {
  // Typed-array views need 4-byte alignment; a small Buffer may sit unaligned in Node's pool.
  const data = bytes.byteOffset % 8 === 0 ? bytes : Buffer.from(bytes);
  const size = headSize(data);
  if (size instanceof Error) return size;
  if (data.length < size) return new Error(`${data.length} bytes where the header says at least ${size}`);
  const bodies = data.subarray(size);
  return decodeHead(data.subarray(0, size), bodies.length, (start, end) => bodies.toString('utf8', start, end));
}

/** An index file opened for searching (issue 35): ready once its postings, words and titles are read. */
export interface OpenedIndex {
  index: InvertedIndex;
  /** Closes the file; a page's body can no longer be read then. */
  close(): void;
}

/**
 * Opens a saved index without reading its pages' bodies (issue 35: at 100,000 pages they are most of
 * the file, 450 MB of the 778 it was, and were read whole at every start): a body is read from the
 * file when an answer shows its excerpt, five per live answer. An Error says why the file is not one.
 */
export function openIndexFile(file: string): OpenedIndex | Error {
  const fd = openSync(file, 'r');
  try {
    const fileSize = fstatSync(fd).size;
    const header = Buffer.alloc(HEADER_WORDS * 4);
    readAll(fd, header, 0);
    const size = headSize(header);
    if (size instanceof Error) throw size;
    if (fileSize < size) throw new Error(`${fileSize} bytes where the header says at least ${size}`);
    // A buffer of its own (offset 0): the typed-array views need it aligned.
    const head = Buffer.from(new ArrayBuffer(size));
    readAll(fd, head, 0);
    let scratch = Buffer.alloc(1 << 16);
    const index = decodeHead(head, fileSize - size, (start, end) => {
      if (end - start > scratch.length) scratch = Buffer.alloc(end - start);
      readAll(fd, scratch.subarray(0, end - start), size + start);
      return scratch.toString('utf8', 0, end - start);
    });
    if (index instanceof Error) throw index;
    return { index, close: () => closeSync(fd) };
  } catch (error) {
    closeSync(fd);
    return error instanceof Error ? error : new Error(String(error));
  }
}

function readAll(fd: number, into: Buffer, position: number) {
  for (let at = 0; at < into.length; ) {
    const read = readSync(fd, into, at, into.length - at, position + at);
    if (read === 0) throw new Error(`the file ends at ${position + at} bytes, before its tables do`);
    at += read;
  }
}

/** How many bytes come before the bodies, from the header; or an Error saying why it is no index. */
function headSize(data: Buffer): number | Error {
  if (data.length < HEADER_WORDS * 4) return new Error('too short');
  const header = new Uint32Array(data.buffer, data.byteOffset, HEADER_WORDS);
  const [magic, order, words = 0, postings = 0, pages = 0, tableBytes = 0] = header;
  if (magic !== MAGIC) return new Error('not a search index');
  if (order !== BYTE_ORDER) return new Error('saved on a machine of another byte order');
  const size = HEADER_WORDS * 4 + 4 * (words + 1 + 2 * postings + 2 * pages + words + pages * FIELDS.length + pages) + postings + tableBytes;
  return size;
}

/** The index from the bytes before the bodies (aligned); a page's body is read by `bodyOf` when asked for. */
function decodeHead(data: Buffer, bodiesLength: number, bodyOf: (start: number, end: number) => string): InvertedIndex | Error {
  const header = new Uint32Array(data.buffer, data.byteOffset, HEADER_WORDS);
  const [, , words = 0, postings = 0, pages = 0, tableBytes = 0] = header;
  const averageLength = new Float64Array(data.buffer, data.byteOffset + 24, 1)[0] ?? 0;
  let offset = data.byteOffset + HEADER_WORDS * 4;
  const u32 = (length: number) => {
    const view = new Uint32Array(data.buffer, offset, length);
    offset += length * 4;
    return view;
  };
  const offsets = u32(words + 1);
  const postingPage = u32(postings);
  const postingFreq = u32(postings);
  const pageLength = u32(pages);
  const titleLength = u32(pages);
  const wordEnd = u32(words);
  const pageEnd = u32(pages * FIELDS.length);
  const bodyEnd = u32(pages);
  const postingTitle = new Uint8Array(data.buffer, offset, postings);
  const table = data.toString('utf8', data.length - tableBytes, data.length);
  if (offsets[words] !== postings || (pages > 0 && pageEnd[pages * FIELDS.length - 1] !== table.length)) return new Error('tables do not agree');
  if ((pages > 0 ? bodyEnd[pages - 1] : 0) !== bodiesLength) return new Error(`the bodies do not end where the file does`);
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
        return bodyOf(bodyStart, bodyStop);
      },
    };
  }
  return { pages: pageList, vocabulary, offsets, postingPage, postingFreq, postingTitle, pageLength, titleLength, averageLength };
}
