import { describe, expect, it, vi } from 'vitest';
import { ajaxSearchMachine, type AjaxSearchEvent } from '../../machines/ajax-search/ajax-search.machine';
import type { AjaxSearchContext } from '../../machines/ajax-search/ajax-search.machine';
import { connectAjaxSearch, listOf, optionId } from './ajax-search.connect';
import { ajaxSearchTranslations } from './ajax-search.translations';

const results = {
  groups: [{ type: 'Pages', entries: [{ href: '/services/', title: 'Our services', excerpt: 'Nursing at home' }] }],
  notFound: null,
  viewAll: { href: '/search/?s=nurse', title: 'View all results', excerpt: '' },
};

function connected(context: Partial<AjaxSearchContext>) {
  const base: AjaxSearchContext = { value: 'nurse', lastSearch: 'nurse', lastWasMiss: false, results, parked: false, activeIndex: 0, failed: false, ...context };
  const sent: AjaxSearchEvent[] = [];
  const snapshot = ajaxSearchMachine.resolveState({ value: 'idle', context: base });
  return { api: connectAjaxSearch(snapshot, (event) => sent.push(event), ajaxSearchTranslations), sent };
}

const key = (name: string, composing = false) => ({
  key: name,
  nativeEvent: { isComposing: composing },
  currentTarget: {} as Element,
  preventDefault: vi.fn(),
});

describe('the live search connect layer (WAI-ARIA combobox)', () => {
  it('names the field a combobox that controls the listbox and points at the active option', () => {
    const { api } = connected({});
    expect(api.inputProps).toMatchObject({ role: 'combobox', 'aria-expanded': true, 'aria-controls': 'header-search-results', 'aria-activedescendant': optionId(0) });
    expect(api.listProps).toMatchObject({ role: 'listbox', 'aria-label': 'Search results', hidden: false });
    expect(api.getOptionProps(0, '/services/')).toMatchObject({ role: 'option', 'aria-selected': true, tabIndex: -1 });
    expect(api.status).toBe('1 results. Use the up and down arrows to choose one.');
    // Parked results are closed: nothing is active for assistive technology either.
    expect(connected({ parked: true }).api.inputProps).toMatchObject({ 'aria-expanded': false, 'aria-activedescendant': undefined });
  });

  it('arrows, Enter and Escape drive the machine and keep the field from acting on them', () => {
    const { api, sent } = connected({});
    for (const name of ['ArrowDown', 'ArrowUp', 'Enter', 'Escape']) {
      const event = key(name);
      api.inputProps.onKeyDown(event);
      expect(event.preventDefault, name).toHaveBeenCalledOnce();
    }
    expect(sent.map((event) => event.type)).toEqual(['results.next', 'results.prev', 'results.open', 'search.escape']);
  });

  it('IME: while an input method composes, Enter, the arrows and Escape are its own and reach neither the machine nor preventDefault', () => {
    const { api, sent } = connected({});
    for (const name of ['Enter', 'ArrowDown', 'ArrowUp', 'Escape', 'ArrowLeft']) {
      const event = key(name, true);
      api.inputProps.onKeyDown(event);
      expect(event.preventDefault, name).not.toHaveBeenCalled();
    }
    // Chromium and Safari report keys during composition as "Process" (keyCode 229).
    api.inputProps.onKeyDown(key('Process'));
    expect(sent).toEqual([]);
    // The composition ends; the next Enter opens the active option.
    api.inputProps.onKeyDown(key('Enter'));
    expect(sent).toEqual([{ type: 'results.open' }]);
  });

  it('the caret keys keep their default and return to the text; Enter with no active option submits the form', () => {
    const { api, sent } = connected({ activeIndex: -1 });
    const left = key('ArrowLeft');
    api.inputProps.onKeyDown(left);
    const enter = key('Enter');
    api.inputProps.onKeyDown(enter);
    expect(left.preventDefault).not.toHaveBeenCalled();
    expect(enter.preventDefault).not.toHaveBeenCalled();
    expect(sent).toEqual([{ type: 'search.caret' }]);
  });

  it('typing sends the text; the announcements come from the translations', () => {
    const { api, sent } = connected({});
    api.inputProps.onChange({ target: { value: 'nurses' } });
    expect(sent).toEqual([{ type: 'search.input', value: 'nurses' }]);
    const t = { ...ajaxSearchTranslations, found: '{count} نتائج', unavailable: 'غير متاح', results: 'النتائج' };
    const snapshot = ajaxSearchMachine.resolveState({ value: 'idle', context: { value: 'x', lastSearch: 'x', lastWasMiss: false, results, parked: false, activeIndex: -1, failed: false } });
    expect(connectAjaxSearch(snapshot, () => undefined, t).status).toBe('1 نتائج');
    expect(connectAjaxSearch(snapshot, () => undefined, t).listProps['aria-label']).toBe('النتائج');
    const failed = ajaxSearchMachine.resolveState({ value: 'idle', context: { ...snapshot.context, results: null, failed: true } });
    expect(connectAjaxSearch(failed, () => undefined, t).status).toBe('غير متاح');
  });

  it('numbers the options across the groups in reading order, "view all" last, as the view and the behaviour draw them', () => {
    const two = { ...results, groups: [...results.groups, { type: 'News', entries: [{ href: '/news/a/', title: 'A', excerpt: '' }, { href: '/news/b/', title: 'B', excerpt: '' }] }] };
    const list = listOf(two);
    expect(list.groups.map((group) => group.options.map((option) => option.index))).toEqual([[0], [1, 2]]);
    expect(list.viewAll?.index).toBe(3);
    expect(listOf(null)).toEqual({ groups: [], notFound: null, viewAll: null });
  });

  it('a press outside the form parks the results; one inside it does not', () => {
    const { api, sent } = connected({});
    const inside = { nodeType: 1 } as unknown as Node;
    const form = { contains: (node: Node) => node === inside } as unknown as Node;
    api.onDocumentPointerDown(inside, form);
    api.onDocumentPointerDown(null, form);
    expect(sent).toEqual([]);
    api.onDocumentPointerDown({ nodeType: 1 } as unknown as Node, form);
    expect(sent).toEqual([{ type: 'search.outside' }]);
  });
});
