import { fromPromise } from 'xstate';
import { ajaxSearchMachine, type SearchRequest } from '../../machines/ajax-search/ajax-search.machine';
import { SEARCH_ACTION, type SearchResults } from '../../machines/ajax-search/ajax-search.rules';
import { ajaxUrl, postForm } from '../../runtime/http';
import { defineWidget } from '../../runtime/widget';
import { AjaxSearchView } from './AjaxSearch';
import { ajaxSearchSettings } from './ajax-search.settings';
import { ajaxSearchTranslations } from './ajax-search.translations';
import { parseAnswer } from './parse-answer';

export default defineWidget({
  name: 'ajax-search',
  settings: ajaxSearchSettings,
  machine: ajaxSearchMachine,
  input: () => undefined,
  provide: () => ({
    actors: {
      searchRequest: fromPromise<SearchResults | null, SearchRequest>(async ({ input, signal }) => {
        const answer = await postForm(ajaxUrl(), { action: SEARCH_ACTION, s: input.query }, signal);
        if (answer.status !== 200) throw new Error(`search answered ${answer.status}`);
        return parseAnswer(answer.text);
      }),
    },
    actions: {
      openResult: (_, { href }) => window.location.assign(href),
    },
  }),
  translations: ajaxSearchTranslations,
  View: AjaxSearchView,
  // React loads only when the visitor reaches for the search field; keystrokes before that are replayed.
  hydrate: 'interaction',
});
