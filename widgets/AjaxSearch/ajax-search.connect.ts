import type { SnapshotFrom } from 'xstate';
import type { ajaxSearchMachine, AjaxSearchEvent } from '../../machines/ajax-search/ajax-search.machine';
import { optionsOf, type SearchEntry, type SearchResults } from '../../machines/ajax-search/ajax-search.rules';
import { isComposing, type KeyInput } from '../../runtime/connect';
import { format, type Translations } from '../../runtime/translations';
import type { AjaxSearchTranslations } from './ajax-search.translations';

type Snapshot = SnapshotFrom<typeof ajaxSearchMachine>;
export type AjaxSearchApi = ReturnType<typeof connectAjaxSearch>;

const isNode = (target: EventTarget | null): target is Node => target !== null && 'nodeType' in target;

export const FIELD_ID = 'header-search-field';
export const LIST_ID = 'header-search-results';
export const optionId = (index: number) => `header-search-option-${index}`;
/** WAI-ARIA combobox: these move the caret in the text, and so return to it from an active option. */
const CARET_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'Home', 'End']);

/** An option of the listbox: an entry, or the "view all" link, with its number across the groups. */
export interface NumberedOption extends SearchEntry {
  index: number;
}

/** The listbox's content: its options numbered across the groups, in reading order, the "view all" link last. */
export function listOf(results: SearchResults | null) {
  let index = -1;
  const numbered = (entry: SearchEntry): NumberedOption => ({ ...entry, index: (index += 1) });
  const groups = (results?.groups ?? []).map((group) => ({ type: group.type, options: group.entries.map(numbered) }));
  return { groups, notFound: results?.notFound ?? null, viewAll: results?.viewAll ? numbered(results.viewAll) : null };
}

/**
 * §2 header search with §4 live results, as a WAI-ARIA combobox with a listbox popup. Arrow keys
 * move the active option, Enter opens it (or, with none active, sends the form to the results
 * page), Escape resets; typing and the caret keys return to the text. While an input method is
 * composing (Japanese, Chinese, Korean...), its keys are its own: Enter picks a candidate, the
 * arrows move among candidates, Escape cancels the composition; none of them reaches the machine.
 */
export function connectAjaxSearch(snapshot: Snapshot, send: (event: AjaxSearchEvent) => void, t: Translations<AjaxSearchTranslations>) {
  const { value, results, parked, activeIndex, failed } = snapshot.context;
  const searching = snapshot.matches('searching');
  const open = results !== null && !parked;
  const options = optionsOf(results);
  const count = options.length - (results?.viewAll ? 1 : 0);

  const status = failed ? t.unavailable : !results ? '' : count > 0 ? format(t.found, { count }) : (results.notFound ?? t.noResults);

  return {
    open,
    results,
    list: listOf(results),
    status,
    formProps: { role: 'search', 'aria-label': t.form, action: '/search/', method: 'get', 'aria-busy': searching || undefined } as const,
    labelProps: { className: 'visually-hidden', htmlFor: FIELD_ID },
    labelText: t.field,
    inputProps: {
      id: FIELD_ID,
      name: 's',
      type: 'search',
      placeholder: t.placeholder,
      autoComplete: 'off',
      role: 'combobox',
      'aria-autocomplete': 'list',
      'aria-expanded': open,
      'aria-controls': LIST_ID,
      'aria-activedescendant': open && activeIndex >= 0 ? optionId(activeIndex) : undefined,
      value,
      onChange: (event: { target: { value: string } }) => send({ type: 'search.input', value: event.target.value }),
      onClick: () => send({ type: 'search.field' }),
      onKeyDown(event: KeyInput) {
        if (isComposing(event)) return;
        if (event.key === 'ArrowDown') send({ type: 'results.next' });
        else if (event.key === 'ArrowUp') send({ type: 'results.prev' });
        else if (event.key === 'Escape') send({ type: 'search.escape' });
        else if (event.key === 'Enter' && open && options[activeIndex]) send({ type: 'results.open' });
        else {
          // The caret keys keep their default (they move in the text) and return to it.
          if (CARET_KEYS.has(event.key)) send({ type: 'search.caret' });
          return;
        }
        event.preventDefault();
      },
    } as const,
    listProps: { id: LIST_ID, role: 'listbox', 'aria-label': t.results, hidden: !open } as const,
    getGroupProps: (type: string) => ({ role: 'group', 'aria-label': type }) as const,
    /** Options are numbered across the groups, in reading order, the "view all" link last. */
    getOptionProps: (index: number, href: string) =>
      ({ id: optionId(index), role: 'option', 'aria-selected': index === activeIndex, href, tabIndex: -1 }) as const,
    notFoundProps: { role: 'option', 'aria-disabled': 'true', 'aria-selected': false } as const,
    submitText: t.submit,
    /** §4: a press anywhere outside the form parks the results (the field's own click shows them again). */
    onDocumentPointerDown(target: EventTarget | null, form: Node) {
      if (isNode(target) && !form.contains(target)) send({ type: 'search.outside' });
    },
  };
}
