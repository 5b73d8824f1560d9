// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { liveAnswer } from '../../tests/support/server-parts';
import { parseAnswer } from './parse-answer';

describe('reading the §7 search answer', () => {
  it('"0" is empty', () => {
    expect(parseAnswer('0')).toBeNull();
  });

  it('reads groups, entries, not-found and the view-all link from what the server writes', () => {
    const html = liveAnswer(
      [
        { path: '/a/', type: 'Pages', title: 'A & <b>', excerpt: 'x' },
        { path: '/n/', type: 'News', title: 'N', excerpt: 'y' },
      ],
      'a"<q',
    );
    expect(parseAnswer(html)).toEqual({
      groups: [
        { type: 'Pages', entries: [{ href: '/a/', title: 'A & <b>', excerpt: 'x' }] },
        { type: 'News', entries: [{ href: '/n/', title: 'N', excerpt: 'y' }] },
      ],
      notFound: null,
      viewAll: { href: '/search/?s=a%22%3Cq', title: 'View all results', excerpt: '' },
    });
    const miss = parseAnswer(liveAnswer([], '<img src=x onerror=alert(1)>'));
    expect(miss?.groups).toEqual([]);
    expect(miss?.notFound).toContain('“<img src=x onerror=alert(1)>”');
  });
});
