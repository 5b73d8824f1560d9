import { describe, expect, it } from 'vitest';
import { readPage, textOf } from './text';

describe('the search reads a page as a visitor reads it (issue 30)', () => {
  it('formatted words are part of their sentence: no space before the punctuation after them', () => {
    expect(textOf('<p>See the <strong>music corner</strong>, a <em>seaglass</em> window and <a href="/garden/">the garden</a>.</p>')).toBe(
      'See the music corner, a seaglass window and the garden.',
    );
  });

  it('blocks still break words apart', () => {
    expect(textOf('<h2>Visits</h2><p>Every day</p><ul><li>Home</li><li>Hospital</li></ul>')).toBe('Visits Every day Home Hospital');
  });

  it('a draft shown by npm run dev (robots noindex) is not indexed', () => {
    const html = (head: string) => `<html><head>${head}</head><body><main><h1>Open day</h1><p>Soon.</p></main></body></html>`;
    expect(readPage('/open-day/', html(''))?.title).toBe('Open day');
    expect(readPage('/open-day/', html('<meta name="robots" content="noindex"/>'))).toBeNull();
  });
});
