import type { AjaxHandler } from './ajax';
import { LOAD_MORE_ACTION } from '../machines/masonry/masonry.rules';
import { masonryCollections, masonryMore } from './masonry';
import { SEARCH_ACTION, ajaxSearch } from './search/answer';

/** Every action the ajax endpoint answers, by its `action` field (§7). */
export const ajaxActions: Readonly<Record<string, AjaxHandler>> = {
  [LOAD_MORE_ACTION]: masonryMore(masonryCollections),
  [SEARCH_ACTION]: ajaxSearch,
};
