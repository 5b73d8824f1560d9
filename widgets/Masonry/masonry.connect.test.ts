import { setImmediate } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { createTestClock } from '../../runtime/test-clock';
import { LOAD_MORE_DELAY_MS, masonryMachine, type LoadMoreAnswer, type MasonryContext, type MasonryEvent } from '../../machines/masonry/masonry.machine';
import type { Brick, LoadMoreRequest } from '../../machines/masonry/masonry.rules';
import { connectMasonry } from './masonry.connect';
import { masonryTranslations } from './masonry.translations';

const brick = (id: string, categories: string[], date: string, title: string): Brick => ({ id, categories, date, title });
const page = [brick('a', ['events'], '2026-01-01', 'Bake sale'), brick('b', ['news'], '2026-03-01', 'Anniversary'), brick('c', ['news', 'events'], '2026-02-01', 'Cycle ride')];
const labels = { label: 'News', noun: 'stories', filters: [{ slug: 'news', label: 'News' }, { slug: 'events', label: 'Events' }], bricks: page };

function context(over: Partial<MasonryContext>): MasonryContext {
  return { bricks: page, pending: [], items: 2, offset: 0, more: true, animation: 'standard', collection: 'news', filter: 'all', sort: 'newest', loading: false, ...over };
}

function connected(value: Parameters<typeof masonryMachine.resolveState>[0]['value'], over: Partial<MasonryContext> = {}) {
  const sent: MasonryEvent[] = [];
  const snapshot = masonryMachine.resolveState({ value, context: context(over) });
  return { api: connectMasonry(snapshot, (event) => sent.push(event), masonryTranslations, labels), sent };
}

describe('the masonry connect layer (§4 filters and order, §7 load more)', () => {
  it('filters: a labelled group, "All" pressed, each with its count; the bricks newest first, the unrevealed ones known', () => {
    const { api } = connected({ reveal: 'revealing', loader: 'ready' }, { pending: ['c'] });
    expect(api.filterGroupProps).toEqual({ role: 'group', 'aria-label': 'Filter news' });
    expect(api.filters).toEqual([
      { slug: 'all', label: 'All', count: 3 },
      { slug: 'news', label: 'News', count: 2 },
      { slug: 'events', label: 'Events', count: 2 },
    ]);
    expect(api.filters.map((f) => api.getFilterProps(f.slug)['aria-pressed'])).toEqual([true, false, false]);
    expect(api.bricks.map((b) => b.id)).toEqual(['b', 'c', 'a']);
    expect(page.map((b) => api.isRevealed(b.id))).toEqual([true, true, false]);
    expect(page.map((b) => api.brickClassName(b.id))).toEqual(['masonry__brick is-revealed', 'masonry__brick is-revealed', 'masonry__brick']);
    expect(api.filters.map((f) => api.filterClassName(f.slug))).toEqual(['masonry__filter active_sort', 'masonry__filter', 'masonry__filter']);
    expect(api.sortProps.value).toBe('newest');
    expect(api.sorts).toEqual([
      { value: 'newest', label: 'Newest first' },
      { value: 'oldest', label: 'Oldest first' },
      { value: 'title', label: 'Title A–Z' },
    ]);
  });

  it('a filter chosen: its button pressed, the other bricks hidden; a title sort orders A–Z', () => {
    const { api } = connected({ reveal: 'settled', loader: 'ready' }, { filter: 'events', sort: 'title' });
    expect(api.isActiveFilter('events')).toBe(true);
    expect(api.getFilterProps('events')['aria-pressed']).toBe(true);
    expect(api.getFilterProps('all')['aria-pressed']).toBe(false);
    expect(page.map((b) => api.getBrickProps(b))).toEqual([
      { 'data-id': 'a', hidden: false },
      { 'data-id': 'b', hidden: true },
      { 'data-id': 'c', hidden: false },
    ]);
    expect(api.bricks.map((b) => b.title)).toEqual(['Anniversary', 'Bake sale', 'Cycle ride']);
  });

  it('handlers send filter.select, sort.select (only a known order), more.load and view.enter', () => {
    const { api, sent } = connected({ reveal: 'waiting', loader: 'ready' });
    api.getFilterProps('news').onClick();
    api.sortProps.onChange({ target: { value: 'oldest' } });
    api.sortProps.onChange({ target: { value: 'random' } });
    api.loadMoreProps.onClick();
    api.onViewEnter(true);
    expect(sent).toEqual([
      { type: 'filter.select', filter: 'news' },
      { type: 'sort.select', sort: 'oldest' },
      { type: 'more.load' },
      { type: 'view.enter', reducedMotion: true },
    ]);
  });

  it('loading: the grid busy, the button aria-disabled saying Loading…, the loader shown; before any load nothing is said', () => {
    const idle = connected({ reveal: 'settled', loader: 'ready' }).api;
    expect([idle.gridProps['aria-busy'], idle.loadMoreProps['aria-disabled'], idle.loadMoreText, idle.loaderProps.hidden]).toEqual([false, false, 'Load more stories', true]);
    const { api } = connected({ reveal: 'settled', loader: 'loading' }, { loading: true });
    expect([api.gridProps['aria-busy'], api.loadMoreProps['aria-disabled'], api.loadMoreText, api.loaderProps.hidden]).toEqual([true, true, 'Loading…', false]);
    expect(api.loaderProps['aria-hidden']).toBe('true');
    expect(api.status).toEqual({ shown: '', noMore: '' });
    expect(api.statusProps).toEqual({ role: 'status' });
  });

  it('on a live actor: a load appends bricks, the status counts them, then says there are no more', async () => {
    // Three answered for two asked: the third says there are more (takePage).
    const more = [brick('d', ['news'], '2026-04-01', 'Dinner'), brick('e', ['events'], '2026-05-01', 'Easter walk'), brick('f', ['news'], '2026-06-01', 'Fair')];
    const answers: LoadMoreAnswer[] = [{ marker: true, bricks: more }];
    const machine = masonryMachine.provide({ actors: { loadMore: fromPromise<LoadMoreAnswer, LoadMoreRequest>(async () => answers.shift() ?? { marker: false, bricks: [] }) } });
    const clock = createTestClock();
    const actor = createActor(machine, { input: { bricks: page, items: 2, more: true, animation: 'none', collection: 'news' }, clock }).start();
    const view = () => connectMasonry(actor.getSnapshot(), actor.send, masonryTranslations, labels);
    view().loadMoreProps.onClick();
    clock.advanceBy(LOAD_MORE_DELAY_MS);
    await setImmediate();
    expect(view().status).toEqual({ shown: '5 stories shown.', noMore: '' });
    expect(view().filters.find((f) => f.slug === 'news')?.count).toBe(3);
    view().loadMoreProps.onClick();
    clock.advanceBy(LOAD_MORE_DELAY_MS);
    await setImmediate();
    expect(view().exhausted).toBe(true);
    expect(view().status).toEqual({ shown: '5 stories shown.', noMore: ' No more stories.' });
    expect(view().noMoreText).toEqual({ lead: 'No more ', noun: 'stories' });
  });

  it('its labels come from the translations', () => {
    const snapshot = masonryMachine.resolveState({ value: { reveal: 'settled', loader: 'ready' }, context: context({}) });
    const t = { ...masonryTranslations, all: 'الكل', filters: 'تصفية {label}', loadMore: 'المزيد من {noun}', newest: 'الأحدث أولاً' };
    const api = connectMasonry(snapshot, () => undefined, t, { ...labels, noun: 'القصص' });
    expect([api.filters[0]?.label, api.filterGroupProps['aria-label'], api.loadMoreText, api.sorts[0]?.label]).toEqual(['الكل', 'تصفية news', 'المزيد من القصص', 'الأحدث أولاً']);
  });
});
