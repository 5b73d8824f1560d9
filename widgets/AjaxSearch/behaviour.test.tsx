// @vitest-environment jsdom
import { setImmediate } from 'node:timers/promises';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { ajaxSearchMachine, SEARCH_DELAY_MS, type AjaxSearchEvent, type SearchRequest } from '../../machines/ajax-search/ajax-search.machine';
import type { SearchResults } from '../../machines/ajax-search/ajax-search.rules';
import { Island } from '../../runtime/render/Island';
import { createTestClock } from '../../runtime/test-clock';
import { defineWidget } from '../../runtime/widget';
import { liveAnswer } from '../../tests/support/server-parts';
import { answeringPage, cleanUpAnsweringPages, islandShape } from '../../tests/support/answering';
import { AjaxSearchView } from './AjaxSearch';
import ajaxSearchBehaviour, { drawAjaxSearch, type AjaxSearchContent } from './behaviour';
import { parseAnswer } from './parse-answer';
import ajaxSearch from './widget';

/** What the server answers (§7), read as the widget reads it: two groups and "view all"; a miss. */
const FOUND = parseAnswer(
  liveAnswer(
    [
      { path: '/services/', type: 'Pages', title: 'Our nurses', excerpt: 'Nursing at home, day and night' },
      { path: '/news/night-nurse/', type: 'News', title: 'A second night nurse', excerpt: '' },
      { path: '/news/lantern/', type: 'News', title: 'Lantern walk', excerpt: '12 November 2026' },
    ],
    'nurse',
  ),
) as SearchResults;
const MISSED = parseAnswer(liveAnswer([], 'zzqx')) as SearchResults;

const ARABIC: AjaxSearchContent = {
  translations: { form: 'البحث في الموقع', field: 'ابحث في الموقع', placeholder: 'بحث', results: 'نتائج البحث', submit: 'ابحث', found: 'عدد النتائج: {count}.', noResults: 'لا نتائج.', unavailable: 'البحث الفوري غير متاح الآن.' },
};

type SearchActor = ActorRefFrom<typeof ajaxSearchMachine>;

/** The search whose view renders `actor`'s state, not the initial one of the actor the island makes. */
const showing = (actor: SearchActor) => defineWidget({ ...ajaxSearchBehaviour, View: ({ content }: { content: AjaxSearchContent }) => <AjaxSearchView actorRef={actor} content={content} /> });

/** The search island as the prerender writes it, its view rendering `actor`'s state (by default the initial one). */
const rendered = (content: AjaxSearchContent, actor?: SearchActor) => renderToString(<Island widget={actor ? showing(actor) : ajaxSearch} content={content} className="site-header__search" />);

/** Each search the machine makes, answered when the test says. */
function searches() {
  const made: Array<{ query: string; answer: (results: SearchResults | null) => void; fail: () => void }> = [];
  const searchRequest = fromPromise<SearchResults | null, SearchRequest>(
    ({ input }) => new Promise((resolve, reject) => made.push({ query: input.query, answer: resolve, fail: () => reject(new Error('offline')) })),
  );
  return { made, searchRequest, last: () => made.at(-1) };
}

/** Lets a search's answer settle (a macrotask: every pending microtask has run). */
const flush = () => setImmediate();

cleanUpAnsweringPages();

/** The texts under the island, as a visitor's browser and a screen reader get them. */
const textOf = (html: string) => {
  const host = document.createElement('div');
  host.innerHTML = html;
  return host.querySelector('[data-widget]')?.textContent;
};

describe('the search behaviour draws what the view renders (issue 35, goal 2)', () => {
  type Step = [string, (actor: SearchActor, clock: ReturnType<typeof createTestClock>, made: ReturnType<typeof searches>) => Promise<void> | void];
  const send = (event: AjaxSearchEvent) => (actor: SearchActor) => actor.send(event);
  /** Every state a visitor sees, in a visitor's order, drawn one after another on the same markup. */
  const steps: Step[] = [
    ['idle', () => undefined],
    ['typing, waiting to search', send({ type: 'search.input', value: 'nurse' })],
    ['searching (busy)', (_, clock) => clock.advanceBy(SEARCH_DELAY_MS)],
    ['results in groups, none active', async (_, __, made) => {
      made.last()?.answer(FOUND);
      await flush();
    }],
    ['the first option active (ArrowDown)', send({ type: 'results.next' })],
    ['an option of the second group active (ArrowDown)', send({ type: 'results.next' })],
    ['back to the first (ArrowUp)', send({ type: 'results.prev' })],
    ['"view all" active (ArrowUp wraps)', send({ type: 'results.prev' })],
    ['back to the text (ArrowLeft)', send({ type: 'search.caret' })],
    ['an option active again', send({ type: 'results.next' })],
    ['parked (a press outside)', send({ type: 'search.outside' })],
    ['shown again (a click on the field)', send({ type: 'search.field' })],
    ['typing a miss', send({ type: 'search.input', value: 'zzqx' })],
    ['not found', async (_, clock, made) => {
      clock.advanceBy(SEARCH_DELAY_MS);
      made.last()?.answer(MISSED);
      await flush();
    }],
    ['failed (unavailable)', async (actor, clock, made) => {
      actor.send({ type: 'search.input', value: 'lantern' });
      clock.advanceBy(SEARCH_DELAY_MS);
      made.last()?.fail();
      await flush();
    }],
    ['found again', async (actor, clock, made) => {
      actor.send({ type: 'search.input', value: 'nurse' });
      clock.advanceBy(SEARCH_DELAY_MS);
      made.last()?.answer(FOUND);
      await flush();
      actor.send({ type: 'results.next' });
    }],
    ['escape (field and results reset)', send({ type: 'search.escape' })],
  ];

  it.each([
    ['in English', undefined],
    ['in Arabic', ARABIC],
  ])('%s: each state drawn on the prerendered markup is the view’s render of it, texts included', async (_language, content) => {
    const clock = createTestClock();
    const made = searches();
    const actor = createActor(ajaxSearchMachine.provide({ actors: { searchRequest: made.searchRequest } }), { clock }).start();
    const host = document.createElement('div');
    host.innerHTML = rendered(content);
    const island = host.querySelector<HTMLElement>('[data-widget]') as HTMLElement;
    const field = island.querySelector('input') as HTMLInputElement;
    const idle = islandShape(host.innerHTML);
    const seen = new Set<string>();
    for (const [name, step] of steps) {
      await step(actor, clock, made);
      const snapshot = actor.getSnapshot();
      drawAjaxSearch(island, snapshot, content);
      const view = rendered(content, actor);
      expect(islandShape(host.innerHTML), name).toEqual(islandShape(view));
      expect(textOf(host.innerHTML), name).toBe(textOf(view));
      expect(field.value, name).toBe(snapshot.context.value);
      if (name !== 'idle' && name !== 'escape (field and results reset)') expect(islandShape(host.innerHTML), name).not.toEqual(idle);
      seen.add(String(snapshot.value));
    }
    expect(seen).toEqual(new Set(['idle', 'waiting', 'searching', 'settled']));
    expect(made.made.map((search) => search.query)).toEqual(['nurse', 'zzqx', 'lantern', 'nurse']);
    actor.stop();
  });

  it('arrowing moves aria-selected on the options drawn, without building them again; new results are built anew', async () => {
    const clock = createTestClock();
    const made = searches();
    const actor = createActor(ajaxSearchMachine.provide({ actors: { searchRequest: made.searchRequest } }), { clock }).start();
    const host = document.createElement('div');
    host.innerHTML = rendered(undefined);
    const island = host.querySelector<HTMLElement>('[data-widget]') as HTMLElement;
    const options = () => [...island.querySelectorAll('[role="option"][id]')];
    actor.send({ type: 'search.input', value: 'nurse' });
    clock.advanceBy(SEARCH_DELAY_MS);
    made.last()?.answer(FOUND);
    await flush();
    drawAjaxSearch(island, actor.getSnapshot(), undefined);
    const built = options();
    expect(built.map((option) => option.id)).toEqual(['header-search-option-0', 'header-search-option-1', 'header-search-option-2', 'header-search-option-3']);
    actor.send({ type: 'results.next' });
    actor.send({ type: 'results.next' });
    drawAjaxSearch(island, actor.getSnapshot(), undefined);
    expect(options()).toEqual(built);
    expect(options().map((option) => option.getAttribute('aria-selected'))).toEqual(['false', 'true', 'false', 'false']);
    expect(island.querySelector('input')?.getAttribute('aria-activedescendant')).toBe('header-search-option-1');
    actor.send({ type: 'search.input', value: 'nurses' });
    clock.advanceBy(SEARCH_DELAY_MS);
    made.last()?.answer(parseAnswer(liveAnswer([{ path: '/services/', type: 'Pages', title: 'Our nurses', excerpt: '' }], 'nurses')));
    await flush();
    drawAjaxSearch(island, actor.getSnapshot(), undefined);
    expect(options().map((option) => option.textContent)).toEqual(['Our nurses', 'View all results']);
    actor.stop();
  });

  it('typing is never written back into the field: its caret stays where the visitor left it', () => {
    const actor = createActor(ajaxSearchMachine).start();
    const host = document.createElement('div');
    host.innerHTML = rendered(undefined);
    document.body.append(host);
    const island = host.querySelector<HTMLElement>('[data-widget]') as HTMLElement;
    const field = island.querySelector('input') as HTMLInputElement;
    drawAjaxSearch(island, actor.getSnapshot(), undefined);
    field.value = 'nurse';
    field.setSelectionRange(2, 2);
    // The first state drawn over text typed before the chunk arrived leaves it (the machine hears of it next).
    drawAjaxSearch(island, actor.getSnapshot(), undefined);
    expect(field.value).toBe('nurse');
    actor.send({ type: 'search.input', value: 'nurse' });
    drawAjaxSearch(island, actor.getSnapshot(), undefined);
    expect([field.value, field.selectionStart, field.getAttribute('value')]).toEqual(['nurse', 2, 'nurse']);
    actor.send({ type: 'search.escape' });
    drawAjaxSearch(island, actor.getSnapshot(), undefined);
    expect([field.value, field.getAttribute('value')]).toEqual(['', '']);
    actor.stop();
  });
});

describe('the search answers the visitor without its view (issue 35, goal 2)', () => {
  /** The header search as the prerender writes it, its behaviour's chunk held back, its searches answered by the test, its navigation recorded. */
  function slowSearch() {
    const made = searches();
    const opened: string[] = [];
    const behaviour = { ...ajaxSearchBehaviour, provide: () => ({ actors: { searchRequest: made.searchRequest }, actions: { openResult: (_: unknown, { href }: { href: string }) => void opened.push(href) } }) };
    const page = answeringPage(rendered(undefined), ajaxSearch, behaviour);
    const field = document.querySelector<HTMLInputElement>('input[role="combobox"]') as HTMLInputElement;
    return { ...page, made, opened, field };
  }
  const listbox = () => document.querySelector<HTMLElement>('[role="listbox"]') as HTMLElement;
  const told = () => document.querySelector('[aria-live]')?.textContent;
  /** Typing, as the browser does it: the text changes, then the field gets `input`. */
  const type = (field: HTMLInputElement, text: string) => {
    for (const character of text) {
      field.value += character;
      field.setSelectionRange(field.value.length, field.value.length);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  };
  const key = (field: HTMLInputElement, name: string) => {
    const event = new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true });
    field.dispatchEvent(event);
    return event;
  };

  it('the first tap and text typed before the chunk arrives reach the behaviour once: the text stays, its caret too, and it is searched once', async () => {
    const { island, view, release, controller, clock, made, field } = slowSearch();
    field.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    field.focus();
    field.click();
    expect(island.getAttribute('aria-busy')).toBe('true');
    type(field, 'nurse');
    expect(made.made).toEqual([]);
    release();
    await controller.settled();
    expect(island.dataset.island).toBe('answering');
    expect(island.hasAttribute('aria-busy')).toBe(false);
    expect([field.value, field.selectionStart]).toEqual(['nurse', 5]);
    clock.advanceBy(SEARCH_DELAY_MS);
    expect(made.made.map((search) => search.query)).toEqual(['nurse']);
    expect(document.querySelector('form')?.getAttribute('aria-busy')).toBe('true');
    made.last()?.answer(FOUND);
    await flush();
    expect(listbox().hidden).toBe(false);
    expect(field.getAttribute('aria-expanded')).toBe('true');
    expect([...listbox().querySelectorAll('[role="group"]')].map((group) => group.getAttribute('aria-label'))).toEqual(['Pages', 'News']);
    expect(told()).toBe('3 results. Use the up and down arrows to choose one.');
    clock.advanceBy(10 * SEARCH_DELAY_MS);
    expect(made.made).toHaveLength(1);
    expect(view).not.toHaveBeenCalled();
  });

  it('the arrows move the active option, Enter opens it, Escape resets; Enter with none active is the form’s own; a press outside parks the results', async () => {
    const { release, controller, clock, made, opened, field, view } = slowSearch();
    release();
    field.focus();
    await controller.settled();
    type(field, 'nurse');
    clock.advanceBy(SEARCH_DELAY_MS);
    made.last()?.answer(FOUND);
    await flush();
    expect(key(field, 'Enter').defaultPrevented).toBe(false);
    expect(key(field, 'ArrowDown').defaultPrevented).toBe(true);
    key(field, 'ArrowDown');
    expect(field.getAttribute('aria-activedescendant')).toBe('header-search-option-1');
    expect(document.getElementById('header-search-option-1')?.getAttribute('aria-selected')).toBe('true');
    key(field, 'ArrowUp');
    expect(field.getAttribute('aria-activedescendant')).toBe('header-search-option-0');
    expect(key(field, 'Enter').defaultPrevented).toBe(true);
    expect(opened).toEqual(['/services/']);
    // An input method's keys are its own.
    field.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', isComposing: true, bubbles: true }));
    expect(field.getAttribute('aria-activedescendant')).toBe('header-search-option-0');
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(listbox().hidden).toBe(true);
    expect(field.getAttribute('aria-expanded')).toBe('false');
    field.click();
    expect(listbox().hidden).toBe(false);
    key(field, 'Escape');
    expect([field.value, listbox().hidden, listbox().children.length, told()]).toEqual(['', true, 0, '']);
    expect(view).not.toHaveBeenCalled();
  });

  it('a failed search says so in the live region; no match shows the not-found option', async () => {
    const { release, controller, clock, made, field } = slowSearch();
    release();
    field.focus();
    await controller.settled();
    type(field, 'lantern');
    clock.advanceBy(SEARCH_DELAY_MS);
    made.last()?.fail();
    await flush();
    expect(told()).toBe('Live search is not available right now; press Enter to see the results page.');
    field.value = '';
    type(field, 'zzqx');
    clock.advanceBy(SEARCH_DELAY_MS);
    made.last()?.answer(MISSED);
    await flush();
    expect(listbox().querySelector('.ajax-search__not-found')?.textContent).toBe('Sorry, nothing matched “zzqx”. Try other words or fewer letters.');
    expect(told()).toBe(MISSED.notFound);
  });

  it('hydrateAll() brings the view, which hydrates over the results the behaviour drew: no mismatch, and it answers from there', async () => {
    const reported = vi.spyOn(console, 'error');
    const { release, controller, clock, made, field, island } = slowSearch();
    release();
    field.focus();
    await controller.settled();
    type(field, 'nurse');
    clock.advanceBy(SEARCH_DELAY_MS);
    made.last()?.answer(FOUND);
    await flush();
    key(field, 'ArrowDown');
    await controller.hydrateAll();
    expect(island.dataset.island).toBe('hydrated');
    expect(field.getAttribute('aria-activedescendant')).toBe('header-search-option-0');
    expect(listbox().querySelectorAll('[role="option"][id]')).toHaveLength(4);
    key(field, 'ArrowDown');
    await vi.waitFor(() => expect(field.getAttribute('aria-activedescendant')).toBe('header-search-option-1'));
    expect(reported).not.toHaveBeenCalled();
  });

  it('once stopped, a press outside reaches it no more', () => {
    const host = document.createElement('div');
    host.innerHTML = rendered(undefined);
    document.body.append(host);
    const island = host.querySelector<HTMLElement>('[data-widget]') as HTMLElement;
    const actor = createActor(ajaxSearchMachine, { snapshot: ajaxSearchMachine.resolveState({ value: 'settled', context: { value: 'nurse', lastSearch: 'nurse', lastWasMiss: false, results: FOUND, parked: false, activeIndex: -1, failed: false } }) }).start();
    const stop = ajaxSearchBehaviour.connect?.(island, actor, undefined);
    stop?.();
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(actor.getSnapshot().context.parked).toBe(false);
    actor.stop();
  });
});
