import { renderToStaticMarkup } from 'react-dom/server';
import { LOADED_MARKER, parseLoadMoreRequest, selectPage } from '../machines/masonry/masonry.rules';
import { NEWS_COLLECTION, NewsCard, newsItems, type NewsItem } from '../demo/content/news';
import { BadRequest, type AjaxHandler } from './ajax';

/**
 * §7 Masonry load-more (avia_ajax_masonry_more): checks the request with the rules the client
 * uses, leaves out the ids already shown, and answers the marker followed by items + 1 bricks
 * (the extra one tells the client that more exist; it drops it).
 */
export interface MasonryCollection<T extends { id: string }> {
  entries: readonly T[];
  /** One brick's HTML: a [data-brick] element carrying id, categories, date and title. */
  render(entry: T): string;
}

export function brickHtml(attributes: { id: string; categories: string[]; date: string; title: string }, inner: React.ReactNode): string {
  return renderToStaticMarkup(
    <article
      data-brick=""
      data-id={attributes.id}
      data-categories={attributes.categories.join(' ')}
      data-date={attributes.date}
      data-title={attributes.title}
    >
      {inner}
    </article>,
  );
}

export const newsCollection: MasonryCollection<NewsItem> = {
  entries: newsItems,
  render: (item) => brickHtml(item, <NewsCard item={item} />),
};

export function masonryMore(collections: Readonly<Record<string, MasonryCollection<{ id: string }>>>): AjaxHandler {
  return (body) => {
    const parsed = parseLoadMoreRequest(body);
    if (!parsed.ok) throw new BadRequest(parsed.message);
    const collection = Object.hasOwn(collections, parsed.request.collection) ? collections[parsed.request.collection] : undefined;
    if (!collection) throw new BadRequest(`No grid collection named '${parsed.request.collection}'.`);
    return LOADED_MARKER + selectPage(collection.entries, parsed.request).map((entry) => collection.render(entry)).join('');
  };
}

export const masonryCollections = { [NEWS_COLLECTION]: newsCollection } as Readonly<Record<string, MasonryCollection<{ id: string }>>>;
