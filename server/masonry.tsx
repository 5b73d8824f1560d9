import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { LOADED_MARKER, parseLoadMoreRequest, selectPage, type Brick } from '../machines/masonry/masonry.rules';
import type { SiteCollection } from '../runtime/site';
import { BadRequest, type AjaxHandler } from './ajax';

/**
 * §7 Masonry load-more (avia_ajax_masonry_more): checks the request with the rules the client
 * uses, leaves out the ids already shown, and answers the marker followed by items + 1 bricks
 * (the extra one tells the client that more exist; it drops it). The collections are the site's
 * (its config's `collections`).
 */
export function brickHtml(brick: Brick, card: ReactNode): string {
  return renderToStaticMarkup(
    <article data-brick="" data-id={brick.id} data-categories={brick.categories.join(' ')} data-date={brick.date} data-title={brick.title}>
      {card}
    </article>,
  );
}

export function masonryMore(collections: Readonly<Record<string, SiteCollection>>): AjaxHandler {
  return (body) => {
    const parsed = parseLoadMoreRequest(body);
    if (!parsed.ok) throw new BadRequest(parsed.message);
    const collection = Object.hasOwn(collections, parsed.request.collection) ? collections[parsed.request.collection] : undefined;
    if (!collection) throw new BadRequest(`No grid collection named '${parsed.request.collection}'.`);
    return LOADED_MARKER + selectPage(collection.entries, parsed.request).map((entry) => brickHtml(entry, collection.card(entry))).join('');
  };
}
