import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { plainFrontMatter } from './front-matter';

/** What the YAML library reads, and whether it read it without a problem. */
const yaml = (raw: string) => {
  const document = parseDocument(raw);
  return { errors: document.errors.length, value: document.toJS() as unknown };
};

describe('plain front matter without the YAML library (issue 47)', () => {
  it('reads key: text lines, and true/false, as YAML does', () => {
    const raw = 'title: Archive story 7 from the care team\ndescription: Story 7 of the archive, as the care team wrote it.\ndraft: false\nclass: page wide';
    expect(plainFrontMatter(raw)).toEqual(yaml(raw).value);
    expect(plainFrontMatter(raw)).toEqual({ title: 'Archive story 7 from the care team', description: 'Story 7 of the archive, as the care team wrote it.', draft: false, class: 'page wide' });
  });

  it.each([
    ['a nested menu', 'title: A\nmenu:\n  label: B\n  order: 3'],
    ['a number', 'title: A\norder: 3'],
    ['quotes', 'title: "A: b"'],
    ['a comment', 'title: A # note'],
    ['a nested map in a value', 'title: A: b'],
    ['a value ending with a colon', 'title: A:'],
    ['a null', 'title: null'],
    ['a repeated key', 'title: A\ntitle: B'],
    ['a blank line', 'title: A\n\ndescription: B'],
    ['a carriage return', 'title: A\r\ndescription: B'],
    ['a leading indicator', 'title: *A'],
    ['two spaces', 'title:  A'],
    ['a trailing space', 'title: A '],
    ['a boolean key', 'true: A'],
    ['nothing', ''],
  ])('leaves %s to the YAML library', (_name, raw) => {
    expect(plainFrontMatter(raw)).toBeUndefined();
  });

  it('never reads a line otherwise than YAML does (20,000 generated front matters)', () => {
    let state = 47;
    // A fixed sequence (a linear congruential generator): every run tries the same front matters.
    const random = () => {
      state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
      return state / 2 ** 32;
    };
    const pick = (items: readonly string[]) => items[Math.floor(random() * items.length)] ?? '';
    const pieces = ['a', 'Z', 'é', ' ', ':', ': ', '#', ' #', '-', '"', "'", '&', '*', '!', '|', '>', '[', ']', '{', '}', ',', '?', '%', '@', '`', '.', '0', '7', '\t', 'true', 'False', 'null', 'NULL', '~', 'yes', 'x: y', '\\', '\u2028', '\ufeff'];
    const keys = ['title', 'description', 'draft', 'lang', 'a-b', 'c_d', 'True', 'null', '0x', '-k', 'k k'];
    let fast = 0;
    for (let n = 0; n < 20_000; n++) {
      const lines = Array.from({ length: 1 + Math.floor(random() * 3) }, () => `${pick(keys)}: ${random() < 0.7 ? pick(['Care', 'a', 'Zed']) : ''}${Array.from({ length: Math.floor(random() * 6) }, () => pick(pieces)).join('')}`);
      const raw = lines.join('\n');
      const plain = plainFrontMatter(raw);
      if (plain === undefined) continue;
      fast += 1;
      const read = yaml(raw);
      expect({ raw, errors: read.errors, value: read.value }).toEqual({ raw, errors: 0, value: plain });
    }
    // The generator reaches the fast path often enough for the comparison to mean something.
    expect(fast).toBeGreaterThan(1000);
  });
});
