import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { createTestClock } from '../../runtime/test-clock';
import { SEARCH_DELAY_MS, ajaxSearchMachine, type SearchRequest } from './ajax-search.machine';
import type { SearchResults } from './ajax-search.rules';

const hits: SearchResults = {
  groups: [
    { type: 'Pages', entries: [{ href: '/dosing/', title: 'Dosing', excerpt: 'fever' }, { href: '/', title: 'Home', excerpt: 'care' }] },
  ],
  notFound: null,
  viewAll: { href: '/search/?s=fev', title: 'View all results', excerpt: '' },
};
const miss: SearchResults = { groups: [], notFound: 'Sorry, no results', viewAll: { href: '/search/?s=zz', title: 'View all results', excerpt: '' } };

function start(answer: (query: string) => SearchResults | null | Error = () => hits) {
  const queries: string[] = [];
  const opened: string[] = [];
  const clock = createTestClock();
  const machine = ajaxSearchMachine.provide({
    actors: {
      searchRequest: fromPromise<SearchResults | null, SearchRequest>(async ({ input }) => {
        queries.push(input.query);
        const result = answer(input.query);
        if (result instanceof Error) throw result;
        return result;
      }),
    },
    actions: { openResult: (_, params) => opened.push(params.href) },
  });
  const actor = createActor(machine, { clock }).start();
  const type = (value: string) => actor.send({ type: 'search.input', value });
  return { actor, clock, queries, opened, type };
}

/** Lets the invoked promise settle (a few microtasks; machines/ uses no platform timers). */
const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

describe('ajax-search machine (§4 Ajax search)', () => {
  it('waits 300 ms after the last keystroke before searching', async () => {
    const { actor, clock, queries, type } = start();
    type('fev');
    clock.advanceBy(SEARCH_DELAY_MS - 1);
    type('feve');
    clock.advanceBy(SEARCH_DELAY_MS - 1);
    expect(actor.getSnapshot().value).toBe('waiting');
    expect(queries).toEqual([]);
    clock.advanceBy(1);
    expect(actor.getSnapshot().value).toBe('searching');
    await flush();
    expect(queries).toEqual(['feve']);
    expect(actor.getSnapshot().value).toBe('settled');
    expect(actor.getSnapshot().context.results).toEqual(hits);
  });

  it('1-2 characters do nothing', () => {
    const { actor, clock, queries, type } = start();
    type('fe');
    clock.advanceBy(SEARCH_DELAY_MS);
    expect(actor.getSnapshot().value).toBe('settled');
    expect(queries).toEqual([]);
  });

  it('the trimmed text must differ from the last search', async () => {
    const { clock, queries, type } = start();
    type('fever');
    clock.advanceBy(SEARCH_DELAY_MS);
    await flush();
    type('  fever ');
    clock.advanceBy(SEARCH_DELAY_MS);
    await flush();
    expect(queries).toEqual(['fever']);
  });

  it('an emptied field resets after 300 ms, not before', async () => {
    const { actor, clock, type } = start();
    type('fever');
    clock.advanceBy(SEARCH_DELAY_MS);
    await flush();
    type('');
    clock.advanceBy(SEARCH_DELAY_MS - 1);
    expect(actor.getSnapshot().context.results).toEqual(hits);
    clock.advanceBy(1);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({ results: null, lastSearch: '' });
  });

  it('Escape resets at once: field and results cleared, pending search dropped', async () => {
    const { actor, clock, queries, type } = start();
    type('fever');
    clock.advanceBy(SEARCH_DELAY_MS);
    await flush();
    type('fevers');
    actor.send({ type: 'search.escape' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({ value: '', results: null, lastSearch: '' });
    clock.advanceBy(SEARCH_DELAY_MS * 2);
    expect(queries).toEqual(['fever']);
  });

  it('still typing past a miss makes no request; new text that drops the missed text does', async () => {
    const { actor, clock, queries, type } = start((q) => (q.startsWith('zz') ? miss : hits));
    type('zzq');
    clock.advanceBy(SEARCH_DELAY_MS);
    await flush();
    expect(actor.getSnapshot().context.lastWasMiss).toBe(true);
    type('zzqx');
    clock.advanceBy(SEARCH_DELAY_MS);
    await flush();
    expect(queries).toEqual(['zzq']);
    type('zzx');
    clock.advanceBy(SEARCH_DELAY_MS);
    await flush();
    expect(queries).toEqual(['zzq', 'zzx']);
  });

  it('the §7 empty answer ("0" → null) shows nothing and counts as a miss', async () => {
    const { actor, clock, type } = start(() => null);
    type('abc');
    clock.advanceBy(SEARCH_DELAY_MS);
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ results: null, lastWasMiss: true });
  });

  it('typing during a request drops its answer and waits again', async () => {
    const { actor, clock, queries, type } = start();
    type('fev');
    clock.advanceBy(SEARCH_DELAY_MS);
    type('feve');
    await flush();
    expect(actor.getSnapshot().value).toBe('waiting');
    expect(actor.getSnapshot().context.results).toBeNull();
    clock.advanceBy(SEARCH_DELAY_MS);
    await flush();
    expect(queries).toEqual(['fev', 'feve']);
    expect(actor.getSnapshot().context.lastSearch).toBe('feve');
  });

  it('a failed request is remembered, shows no results, and the same text is not retried until it changes', async () => {
    const { actor, clock, queries, type } = start(() => new Error('offline'));
    type('fever');
    clock.advanceBy(SEARCH_DELAY_MS);
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ failed: true, results: null });
    type('fevers');
    clock.advanceBy(SEARCH_DELAY_MS);
    await flush();
    expect(queries).toEqual(['fever', 'fevers']);
  });

  it('a click outside parks the results; a click on the field shows them again', async () => {
    const { actor, clock, type } = start();
    type('fever');
    clock.advanceBy(SEARCH_DELAY_MS);
    await flush();
    actor.send({ type: 'search.outside' });
    expect(actor.getSnapshot().context).toMatchObject({ parked: true, results: hits });
    actor.send({ type: 'search.field' });
    expect(actor.getSnapshot().context.parked).toBe(false);
  });

  it('a tap outside with no results, or with them parked already, leaves the snapshot as it was (no render for it)', async () => {
    const { actor, clock, type } = start();
    const before = actor.getSnapshot();
    actor.send({ type: 'search.outside' });
    expect(actor.getSnapshot()).toBe(before);
    type('fever');
    clock.advanceBy(SEARCH_DELAY_MS);
    await flush();
    actor.send({ type: 'search.outside' });
    const parked = actor.getSnapshot();
    expect(parked.context.parked).toBe(true);
    actor.send({ type: 'search.outside' });
    expect(actor.getSnapshot()).toBe(parked);
  });

  it('arrow keys wrap through the entries and "View all results"; Enter opens the active one', async () => {
    const { actor, clock, opened, type } = start();
    actor.send({ type: 'results.next' });
    expect(actor.getSnapshot().context.activeIndex).toBe(-1);
    type('fever');
    clock.advanceBy(SEARCH_DELAY_MS);
    await flush();
    actor.send({ type: 'results.open' });
    expect(opened).toEqual([]);
    actor.send({ type: 'results.prev' });
    expect(actor.getSnapshot().context.activeIndex).toBe(2);
    actor.send({ type: 'results.next' });
    expect(actor.getSnapshot().context.activeIndex).toBe(0);
    actor.send({ type: 'results.next' });
    actor.send({ type: 'results.open' });
    expect(opened).toEqual(['/']);
    actor.send({ type: 'search.outside' });
    actor.send({ type: 'results.next' });
    expect(actor.getSnapshot().context.activeIndex).toBe(-1);
  });

  it('typing or moving the caret returns to the text: no option stays active, so Enter opens nothing (issue 23.2)', async () => {
    const { actor, clock, opened, type } = start();
    type('fever');
    clock.advanceBy(SEARCH_DELAY_MS);
    await flush();
    actor.send({ type: 'results.next' });
    expect(actor.getSnapshot().context.activeIndex).toBe(0);
    type('fevers');
    expect(actor.getSnapshot().context.activeIndex).toBe(-1);
    actor.send({ type: 'results.open' });
    expect(opened).toEqual([]);
    clock.advanceBy(SEARCH_DELAY_MS);
    await flush();
    actor.send({ type: 'results.next' });
    expect(actor.getSnapshot().context.activeIndex).toBe(0);
    actor.send({ type: 'search.caret' });
    expect(actor.getSnapshot().context.activeIndex).toBe(-1);
    expect(actor.getSnapshot().context.results).not.toBeNull();
    actor.send({ type: 'results.next' });
    expect(actor.getSnapshot().context.activeIndex).toBe(0);
  });
});
