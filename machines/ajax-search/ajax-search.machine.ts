import { assign, fromPromise, setup } from 'xstate';
import {
  isMiss,
  isSearchable,
  isStillTypingPastMiss,
  nextIndex,
  optionsOf,
  queryOf,
  type SearchResults,
} from './ajax-search.rules';

/**
 * §4 Ajax search under the header search field. Every keystroke restarts a 300 ms wait; then an
 * emptied field resets, 1-2 characters or the text last searched do nothing, text that still holds
 * a missed search does nothing, and anything else is searched. Escape resets at once (field and
 * results). A click outside parks the results; a click on the field shows them again. Arrow keys
 * move through the options; Enter opens the active one. Typing, and Left, Right, Home or End,
 * return to the text (WAI-ARIA combobox with list autocomplete): no option stays active, so Enter
 * then searches the text as typed.
 */

/** §4, §9: the search starts 300 ms after the last keystroke. */
export const SEARCH_DELAY_MS = 300;

export interface SearchRequest {
  query: string;
}

export interface AjaxSearchContext {
  value: string;
  /** The trimmed text of the last search made. */
  lastSearch: string;
  lastWasMiss: boolean;
  /** null: nothing to show (never searched, reset, or the §7 empty answer "0"). */
  results: SearchResults | null;
  /** A click outside hides the results without forgetting them. */
  parked: boolean;
  activeIndex: number;
  /** The last request failed (§8: the original did not handle this). */
  failed: boolean;
}

export type AjaxSearchEvent =
  | { type: 'search.input'; value: string }
  | { type: 'search.escape' }
  | { type: 'search.outside' }
  | { type: 'search.field' }
  | { type: 'results.next' }
  | { type: 'results.prev' }
  /** Left, Right, Home or End in the field: the caret moves in the text, so the text is what is active. */
  | { type: 'search.caret' }
  | { type: 'results.open' };

const RESET = { lastSearch: '', lastWasMiss: false, results: null, parked: false, activeIndex: -1, failed: false } as const;

export const ajaxSearchMachine = setup({
  types: {} as { context: AjaxSearchContext; events: AjaxSearchEvent },
  actors: {
    // The widget provides the real request (runtime/http.ts); null is the §7 empty answer.
    searchRequest: fromPromise<SearchResults | null, SearchRequest>(async () => null),
  },
  delays: {
    searchDelay: SEARCH_DELAY_MS,
  },
  actions: {
    // Typing returns to the text: the option that was active no longer answers it (issue 23.2).
    setValue: assign((_, params: { value: string }) => ({ value: params.value, parked: false, activeIndex: -1 })),
    returnToText: assign({ activeIndex: -1 }),
    reset: assign(RESET),
    resetWithField: assign({ ...RESET, value: '' }),
    storeResults: assign(({ context }, results: SearchResults | null) => ({
      results,
      lastSearch: queryOf(context.value),
      lastWasMiss: isMiss(results),
      parked: false,
      activeIndex: -1,
      failed: false,
    })),
    markFailed: assign(({ context }) => ({ failed: true, results: null, lastSearch: queryOf(context.value), lastWasMiss: false, activeIndex: -1 })),
    park: assign({ parked: true, activeIndex: -1 }),
    unpark: assign({ parked: false }),
    moveNext: assign(({ context }) => ({ activeIndex: nextIndex(context.activeIndex, optionsOf(context.results).length, 1) })),
    movePrev: assign(({ context }) => ({ activeIndex: nextIndex(context.activeIndex, optionsOf(context.results).length, -1) })),
    // The widget provides navigation (location.assign).
    openResult: (_, _params: { href: string }) => {},
  },
  guards: {
    isEmptied: ({ context }) => queryOf(context.value) === '',
    isTooShort: ({ context }) => !isSearchable(queryOf(context.value)),
    isLastSearch: ({ context }) => queryOf(context.value) === context.lastSearch,
    isStillTypingPastMiss: ({ context }) => isStillTypingPastMiss(queryOf(context.value), context.lastSearch, context.lastWasMiss),
    hasResults: ({ context }) => context.results !== null && !context.parked,
    hasShownOptions: ({ context }) => !context.parked && optionsOf(context.results).length > 0,
    hasActiveOption: ({ context }) => !context.parked && optionsOf(context.results)[context.activeIndex] !== undefined,
  },
}).createMachine({
  id: 'ajaxSearch',
  context: { value: '', ...RESET },
  initial: 'idle',
  on: {
    'search.input': { target: '.waiting', reenter: true, actions: { type: 'setValue', params: ({ event }) => ({ value: event.value }) } },
    'search.escape': { target: '.idle', actions: 'resetWithField' },
    // Only results are parked: with none, a tap outside (any tap on the page) changes nothing, and the
    // view does not render again for it (issue 35: it was most of every tap's input delay).
    'search.outside': { guard: 'hasResults', actions: 'park' },
    'search.field': { actions: 'unpark' },
    'search.caret': { actions: 'returnToText' },
    'results.next': { guard: 'hasShownOptions', actions: 'moveNext' },
    'results.prev': { guard: 'hasShownOptions', actions: 'movePrev' },
    'results.open': {
      guard: 'hasActiveOption',
      actions: { type: 'openResult', params: ({ context }) => ({ href: optionsOf(context.results)[context.activeIndex]?.href ?? '' }) },
    },
  },
  states: {
    idle: {},
    waiting: { after: { searchDelay: 'deciding' } },
    deciding: {
      always: [
        { guard: 'isEmptied', target: 'idle', actions: 'reset' },
        { guard: 'isTooShort', target: 'settled' },
        { guard: 'isLastSearch', target: 'settled' },
        { guard: 'isStillTypingPastMiss', target: 'settled' },
        { target: 'searching' },
      ],
    },
    searching: {
      invoke: {
        src: 'searchRequest',
        input: ({ context }) => ({ query: queryOf(context.value) }),
        onDone: { target: 'settled', actions: { type: 'storeResults', params: ({ event }) => event.output } },
        onError: { target: 'settled', actions: 'markFailed' },
      },
    },
    settled: {},
  },
});
