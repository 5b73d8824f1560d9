/**
 * The words of a text as small numbers, for building the index (issue 35: 100,000 pages, 450 MB of
 * text, at a first start). Each distinct word gets an id the first time it is seen; a word already
 * known is found by hashing its characters where they are in the text, so the 60 million words of
 * such a site make no strings of their own, only the 100,000 distinct ones do. What is a word is
 * `words()`'s rule (inverted.ts), to the character: for text that is all ASCII it is the same as
 * runs of ASCII letters and digits, lower-cased, which is what the fast path reads; any other text
 * goes through `words()` itself.
 */
export class WordTable {
  /** The words, by id. */
  readonly words: string[] = [];
  /** Open addressing: a slot holds a word id + 1, or 0 when empty. */
  private slots = new Int32Array(1 << 12);
  private hashes: number[] = [];

  constructor(private readonly slowWords: (text: string) => string[]) {}

  /** Calls `visit` with the id of each word of `text`, in order; returns how many words it has. */
  scan(text: string, visit: (id: number) => void): number {
    if (!ASCII_ONLY.test(text)) {
      const list = this.slowWords(text);
      for (const word of list) visit(this.idOf(word));
      return list.length;
    }
    let count = 0;
    let start = -1;
    let hash = FNV_OFFSET;
    for (let i = 0; i <= text.length; i++) {
      const code = i < text.length ? lowerAsciiWordChar(text.charCodeAt(i)) : 0;
      if (code !== 0) {
        if (start < 0) {
          start = i;
          hash = FNV_OFFSET;
        }
        hash = Math.imul(hash ^ code, FNV_PRIME);
      } else if (start >= 0) {
        visit(this.find(text, start, i, hash >>> 0));
        count++;
        start = -1;
      }
    }
    return count;
  }

  /** The id of a word given as a string (already in `words()`'s form). */
  idOf(word: string): number {
    let hash = FNV_OFFSET;
    for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), FNV_PRIME);
    return this.findWord(word, hash >>> 0);
  }

  /** text[start, end), lower-cased ASCII letters and digits, as an id. */
  private find(text: string, start: number, end: number, hash: number): number {
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot] as number;
      if (entry === 0) return this.add(text.slice(start, end).toLowerCase(), hash, slot);
      const id = entry - 1;
      if (this.hashes[id] === hash && sameAsciiWord(this.words[id] as string, text, start, end)) return id;
    }
  }

  private findWord(word: string, hash: number): number {
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot] as number;
      if (entry === 0) return this.add(word, hash, slot);
      const id = entry - 1;
      if (this.hashes[id] === hash && this.words[id] === word) return id;
    }
  }

  private add(word: string, hash: number, slot: number): number {
    const id = this.words.length;
    this.words.push(word);
    this.hashes.push(hash);
    this.slots[slot] = id + 1;
    // At most half full, so a probe ends soon.
    if (this.words.length * 2 > this.slots.length) this.grow();
    return id;
  }

  private grow() {
    const slots = new Int32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    this.hashes.forEach((hash, id) => {
      let slot = hash & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = id + 1;
    });
    this.slots = slots;
  }
}

// eslint-disable-next-line no-control-regex -- the test is for every character outside ASCII, controls included
const ASCII_ONLY = /^[\u0000-\u007f]*$/;
/** 32-bit FNV-1a. */
const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;

/** A's to Z's code lower-cased, a letter's or digit's code as it is, 0 for any other ASCII character. */
function lowerAsciiWordChar(code: number): number {
  if (code >= 97 && code <= 122) return code;
  if (code >= 65 && code <= 90) return code + 32;
  if (code >= 48 && code <= 57) return code;
  return 0;
}

function sameAsciiWord(word: string, text: string, start: number, end: number): boolean {
  if (word.length !== end - start) return false;
  for (let i = 0; i < word.length; i++) if (word.charCodeAt(i) !== lowerAsciiWordChar(text.charCodeAt(start + i))) return false;
  return true;
}
