import type { SearchResults } from '../../machines/ajax-search/ajax-search.rules';
import { drawProps } from '../../runtime/connect';
import type { AjaxSearchApi, NumberedOption } from './ajax-search.connect';

/**
 * The results listbox's content for the DOM, built from the connect layer's props exactly as
 * AjaxSearch.tsx renders it (tested equal, state by state, in behaviour.test.tsx): the groups with
 * their type label, the entries, the not-found option and the "view all" link. No React: the
 * behaviour draws it (issue 35, goal 2).
 */

/** The results each listbox was last built for: it is built again only when they change. */
const built = new WeakMap<Element, SearchResults | null>();

type Child = Node | string;

/** An element with the props as React writes them, and its children (an empty text is no node, as in React). */
function element(document: Document, tag: string, props: Readonly<Record<string, unknown>>, ...children: Child[]): HTMLElement {
  const made = document.createElement(tag);
  drawProps(made, props);
  made.append(...children.filter((child) => child !== ''));
  return made;
}

function optionElement(document: Document, api: AjaxSearchApi, option: NumberedOption, className: string, ...children: Child[]) {
  return element(document, 'a', { ...api.getOptionProps(option.index, option.href), className }, ...children);
}

/** The listbox's children for the connect layer's results. */
function listChildren(document: Document, api: AjaxSearchApi): HTMLElement[] {
  const { groups, notFound, viewAll } = api.list;
  const children = groups.map((group) =>
    element(
      document,
      'div',
      { ...api.getGroupProps(group.type), className: 'ajax-search__group' },
      element(document, 'div', { className: 'ajax-search__type', 'aria-hidden': 'true' }, group.type),
      ...group.options.map((entry) =>
        optionElement(
          document,
          api,
          entry,
          'ajax-search__entry',
          element(document, 'strong', { className: 'ajax-search__title' }, entry.title),
          element(document, 'span', { className: 'ajax-search__excerpt' }, entry.excerpt),
        ),
      ),
    ),
  );
  if (notFound) children.push(element(document, 'div', { ...api.notFoundProps, className: 'ajax-search__not-found' }, notFound));
  if (viewAll) children.push(optionElement(document, api, viewAll, 'ajax-search__view-all', viewAll.title));
  return children;
}

/** Every option the listbox shows, in their numbers' order (entries by group, then "view all"). */
const OPTIONS = ':scope > .ajax-search__group > .ajax-search__entry, :scope > .ajax-search__view-all';

/**
 * Draws the results in the listbox: built again only when the results changed; otherwise only the
 * options' attributes follow the state (the active option's aria-selected, so arrowing stays cheap).
 */
export function drawResultList(list: HTMLElement, api: AjaxSearchApi): void {
  // Never built here: an empty listbox (as prerendered) shows no results; anything else is built anew.
  const shown = built.has(list) ? built.get(list) : list.children.length === 0 ? null : undefined;
  if (shown !== api.results) {
    list.replaceChildren(...listChildren(list.ownerDocument, api));
    built.set(list, api.results);
    return;
  }
  const options = [api.list.groups.flatMap((group) => group.options), api.list.viewAll ?? []].flat();
  list.querySelectorAll(OPTIONS).forEach((option, index) => {
    const shown = options[index];
    if (shown) drawProps(option, api.getOptionProps(shown.index, shown.href));
  });
}
