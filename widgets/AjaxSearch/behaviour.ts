import { fromPromise, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { ajaxSearchMachine, type AjaxSearchEvent, type SearchRequest } from '../../machines/ajax-search/ajax-search.machine';
import { SEARCH_ACTION, type SearchResults } from '../../machines/ajax-search/ajax-search.rules';
import { drawProps, listenTo } from '../../runtime/connect';
import { ajaxUrl, postForm } from '../../runtime/http';
import { translate } from '../../runtime/translations';
import { defineBehaviour } from '../../runtime/widget';
import { connectAjaxSearch } from './ajax-search.connect';
import { drawResultList } from './ajax-search.dom';
import { ajaxSearchSettings } from './ajax-search.settings';
import { ajaxSearchTranslations, type AjaxSearchTranslations } from './ajax-search.translations';
import { parseAnswer } from './parse-answer';

/** What the island carries: only labels, on a page that is not in English (runtime/render/Island.tsx). */
export type AjaxSearchContent = { translations?: Partial<AjaxSearchTranslations> } | undefined;

const FORM = ':scope > form.ajax-search';
const FIELD = ':scope > .ajax-search__box > input[role="combobox"]';
const LIST = ':scope > .ajax-search__box > [role="listbox"]';
const STATUS = ':scope > [aria-live]';

type Snapshot = SnapshotFrom<typeof ajaxSearchMachine>;

const connect = (snapshot: Snapshot, send: (event: AjaxSearchEvent) => void, content: AjaxSearchContent) =>
  connectAjaxSearch(snapshot, send, translate(ajaxSearchTranslations, content?.translations));

/**
 * The field's attributes, and its text where the machine changed it (Escape empties it): the value
 * attribute holds the text last drawn, so typing, which the machine only follows, never writes the
 * text back (the caret and an input method's composition stay as they are), and neither does the
 * first state drawn over text typed before the chunk arrived (runtime/early-input.ts tells the machine).
 */
function drawField(field: HTMLInputElement, props: ReturnType<typeof connect>['inputProps']) {
  const drawn = field.getAttribute('value') ?? '';
  drawProps(field, props);
  if (props.value !== drawn && field.value !== props.value) field.value = props.value;
}

/**
 * Draws a state on the prerendered search as AjaxSearch.tsx renders it: the form busy while
 * searching, the combobox's expanded state and active option, the listbox shown or hidden with its
 * results, and what the live region tells a screen reader.
 */
export function drawAjaxSearch(element: HTMLElement, snapshot: Snapshot, content: AjaxSearchContent) {
  const form = element.querySelector<HTMLFormElement>(FORM);
  if (!form) return;
  const api = connect(snapshot, () => undefined, content);
  drawProps(form, api.formProps);
  const field = form.querySelector<HTMLInputElement>(FIELD);
  if (field) drawField(field, api.inputProps);
  const list = form.querySelector<HTMLElement>(LIST);
  if (list) {
    drawProps(list, api.listProps);
    drawResultList(list, api);
  }
  const status = form.querySelector(STATUS);
  if (status && status.textContent !== api.status) status.textContent = api.status;
}

/** The view's handlers: the field's typing, click and keys, and a press anywhere outside the form. */
function listen(element: HTMLElement, actor: ActorRefFrom<typeof ajaxSearchMachine>, content: AjaxSearchContent): () => void {
  const form = element.querySelector<HTMLFormElement>(FORM);
  const field = form?.querySelector<HTMLInputElement>(FIELD);
  if (!form || !field) return () => undefined;
  const api = () => connect(actor.getSnapshot(), actor.send, content);
  const stops = [
    listenTo(field, {
      input: () => api().inputProps.onChange({ target: field }),
      click: () => api().inputProps.onClick(),
      keydown: (event) =>
        api().inputProps.onKeyDown({ key: event.key, nativeEvent: event, currentTarget: field, target: event.target, preventDefault: () => event.preventDefault() }),
    }),
    listenTo(form.ownerDocument, { pointerdown: (event) => api().onDocumentPointerDown(event.target, form) }),
  ];
  return () => stops.forEach((stop) => stop());
}

/**
 * The header search without its view (issue 35, goal 2): the combobox's state, its live results
 * and what the live region says are drawn on the prerendered form, so the behaviour answers typing,
 * the arrows, Enter and Escape itself (`answersInput` in widgets/registry.ts), with no React.
 */
export default defineBehaviour({
  name: 'ajax-search',
  // Issue 51: a problem report masks the search terms, and the answer, whose excerpts and links repeat them.
  typed: (event, mask) =>
    event.type === 'search.input' && typeof event.value === 'string'
      ? { ...event, value: mask.text(event.value) }
      : event.type.startsWith('xstate.done.actor.')
        ? { ...event, output: mask.all(event.output) }
        : event,
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
  bind: drawAjaxSearch,
  connect: listen,
  // The behaviour loads when the visitor reaches for the search field; what was typed before is replayed to it.
  hydrate: 'interaction',
});
