/**
 * Front matter made of `key: text` lines only (the usual page: title, description), read without
 * the YAML library (issue 47: YAML was 40 % of a plain page's load on the build's render threads).
 * A line is taken only when YAML would read it as the same text, or as `true`/`false`; anything
 * else (a nested menu, quotes, a number, a comment, a list, a blank line) returns undefined and the
 * whole front matter goes to the YAML library, which also words its problems.
 */

/** A key YAML reads as that string: a word (YAML's implicit keys are short), not a boolean or null. */
const KEY = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
/** The words YAML's core schema reads as a boolean or null, not as text. */
const BOOLEANS = new Map([...['true', 'True', 'TRUE'].map((word) => [word, true] as const), ...['false', 'False', 'FALSE'].map((word) => [word, false] as const)]);
const NULL = /^(?:null|Null|NULL)$/;
/**
 * A plain scalar YAML 1.2 (its core schema) reads as that very text: it starts with a letter (no
 * indicator, quote, digit, sign or dot), holds no `: ` or ` #` (a nested map, a comment), does not
 * end with `:` or a space, and has no control character, tab, byte-order mark or line separator.
 */
const PLAIN_TEXT = /^[A-Za-z](?:[^\p{Cc}\ufeff\u2028\u2029](?<!: | #))*(?<![: ])$/u;

export function plainFrontMatter(raw: string): Record<string, string | boolean> | undefined {
  const data: Record<string, string | boolean> = {};
  for (const line of raw.split('\n')) {
    const colon = line.indexOf(': ');
    if (colon <= 0) return undefined;
    const key = line.slice(0, colon);
    const value = line.slice(colon + 2);
    if (!KEY.test(key) || BOOLEANS.has(key) || NULL.test(key) || Object.hasOwn(data, key)) return undefined;
    const flag = BOOLEANS.get(value);
    if (flag !== undefined) data[key] = flag;
    else if (NULL.test(value) || !PLAIN_TEXT.test(value)) return undefined;
    else data[key] = value;
  }
  return data;
}
