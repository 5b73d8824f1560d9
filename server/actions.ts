import type { AjaxHandler } from './ajax';
import { LOAD_MORE_ACTION } from '../machines/masonry/masonry.rules';
import type { SiteConfig } from '../runtime/site';
import { masonryMore } from './masonry';
import { SEARCH_ACTION, ajaxSearch } from './search/answer';

/** Every action the ajax endpoint answers for the site, by its `action` field (§7). */
export function ajaxActions(site: Pick<SiteConfig, 'collections'>): Readonly<Record<string, AjaxHandler>> {
  return {
    [LOAD_MORE_ACTION]: masonryMore(site.collections ?? {}),
    [SEARCH_ACTION]: ajaxSearch,
  };
}
