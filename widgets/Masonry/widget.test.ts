// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { LOADED_MARKER, htmlAfterMarker } from '../../machines/masonry/masonry.rules';
import { newsCollection, newsItems } from '../../tests/support/demo-site';
import { brickHtml } from '../../tests/support/server-parts';
import masonry, { masonrySettings, parseBricks } from './widget';

describe('masonry widget: the server bricks read back on the client (§7)', () => {
  it('parses each [data-brick] of an answer into id, categories, date, title and its inner HTML', () => {
    const [a, b] = newsItems.slice(3, 5);
    if (!a || !b) throw new Error('the news content has too few items');
    const answer = LOADED_MARKER + brickHtml(a, newsCollection.card(a)) + brickHtml(b, newsCollection.card(b));
    const bricks = parseBricks(htmlAfterMarker(answer) ?? '');
    expect(bricks.map(({ html: _html, ...rest }) => rest)).toEqual([
      { id: a.id, categories: a.categories, date: a.date, title: a.title },
      { id: b.id, categories: b.categories, date: b.date, title: b.title },
    ]);
    expect(bricks[0]?.html).toContain(`<h2 class="news-card__title">${a.title}</h2>`);
  });

  it('a bad setting falls back to its default with one warning', () => {
    const warnings: string[] = [];
    const settings = masonrySettings.parse({ items: '0', animation: 'spin', collection: 'news' }, (m) => warnings.push(m));
    expect(settings).toMatchObject({ items: 3, animation: 'standard' });
    expect(warnings).toHaveLength(2);
    expect(masonry.name).toBe('masonry');
  });
});
