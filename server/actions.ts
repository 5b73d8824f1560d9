import type { AjaxHandler } from './ajax';
import { SEARCH_ACTION, ajaxSearch } from './search/answer';

/** Every action the ajax endpoint answers, by its `action` field (§7). */
export const ajaxActions: Readonly<Record<string, AjaxHandler>> = {
  [SEARCH_ACTION]: ajaxSearch,
};
