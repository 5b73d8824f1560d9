import { setImmediate } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { createTestClock } from '../../runtime/test-clock';
import {
  BRICK_STAGGER_MS,
  CURTAIN_STAGGER_MS,
  LOAD_MORE_DELAY_MS,
  masonryMachine,
  type LoadMoreAnswer,
  type MasonryAnimation,
} from './masonry.machine';
import {
  filterCounts,
  htmlAfterMarker,
  LOADED_MARKER,
  parseLoadMoreRequest,
  requestFields,
  selectPage,
  sortBricks,
  takePage,
  type Brick,
  type LoadMoreRequest,
} from './masonry.rules';

const brick = (id: number, categories = ['news'], date = `2026-0${(id % 9) + 1}-01`): Brick => ({ id: `n${id}`, categories, date, title: `Story ${id}` });
const page = [brick(1, ['events']), brick(2), brick(3, ['events', 'news'])];

/** Load-more answers in order; `fail` makes that call reject. */
function start(answers: Array<LoadMoreAnswer | 'fail'>, animation: MasonryAnimation = 'standard', more = true) {
  const clock = createTestClock();
  const requests: LoadMoreRequest[] = [];
  let resolveCall: (() => void) | undefined;
  const machine = masonryMachine.provide({
    actors: {
      loadMore: fromPromise<LoadMoreAnswer, LoadMoreRequest>(async ({ input }) => {
        requests.push(input);
        const answer = answers.shift();
        await new Promise<void>((r) => (resolveCall = r));
        if (answer === undefined || answer === 'fail') throw new Error('network down');
        return answer;
      }),
    },
  });
  const actor = createActor(machine, { input: { bricks: page, items: 2, more, animation, collection: 'news' }, clock }).start();
  const answer = async () => {
    resolveCall?.();
    await setImmediate();
  };
  const pendingIds = () => actor.getSnapshot().context.pending;
  return { actor, clock, requests, answer, pendingIds };
}

describe('masonry reveal (§9 staggers 100 / 500 / 0 ms, 80 % waypoint)', () => {
  it('waits for the waypoint, then reveals the first brick at once and the next every 100 ms', () => {
    const { actor, clock, pendingIds } = start([]);
    expect(pendingIds()).toEqual(['n1', 'n2', 'n3']);
    expect(clock.pending()).toBe(0);
    actor.send({ type: 'view.enter', reducedMotion: false });
    expect(pendingIds()).toEqual(['n2', 'n3']);
    clock.advanceBy(BRICK_STAGGER_MS - 1);
    expect(pendingIds()).toEqual(['n2', 'n3']);
    clock.advanceBy(1);
    expect(pendingIds()).toEqual(['n3']);
    clock.advanceBy(BRICK_STAGGER_MS);
    expect(pendingIds()).toEqual([]);
    expect(actor.getSnapshot().value).toMatchObject({ reveal: 'settled' });
  });

  it('the curtain reveal staggers 500 ms', () => {
    const { actor, clock, pendingIds } = start([], 'curtain');
    actor.send({ type: 'view.enter', reducedMotion: false });
    clock.advanceBy(CURTAIN_STAGGER_MS - 1);
    expect(pendingIds()).toHaveLength(2);
    clock.advanceBy(1);
    expect(pendingIds()).toHaveLength(1);
    expect(CURTAIN_STAGGER_MS).toBe(500);
  });

  it('no animations (mobile) and reduced motion show every brick at once', () => {
    for (const [animation, reducedMotion] of [['none', false], ['standard', true]] as const) {
      const { actor, clock, pendingIds } = start([], animation);
      actor.send({ type: 'view.enter', reducedMotion });
      expect(pendingIds()).toEqual([]);
      expect(clock.pending()).toBe(0);
    }
  });
});

describe('masonry filters and sorting (§4)', () => {
  it('switching a filter marks it active; sorting changes the order', () => {
    const { actor } = start([]);
    expect(actor.getSnapshot().context.filter).toBe('all');
    actor.send({ type: 'filter.select', filter: 'events' });
    expect(actor.getSnapshot().context.filter).toBe('events');
    actor.send({ type: 'sort.select', sort: 'title' });
    expect(actor.getSnapshot().context.sort).toBe('title');
    expect(sortBricks([brick(2), brick(10), brick(1)], 'title').map((b) => b.id)).toEqual(['n1', 'n10', 'n2']);
    expect(sortBricks(page, 'oldest').map((b) => b.id)).toEqual(['n1', 'n2', 'n3']);
    expect(sortBricks(page, 'newest').map((b) => b.id)).toEqual(['n3', 'n2', 'n1']);
    expect(filterCounts(page, ['all', 'events', 'news'])).toEqual({ all: 3, events: 2, news: 2 });
  });

  it('orders as the English collation and ISO dates do, with one collator, not a locale looked up per comparison (issue 49, goal 2)', () => {
    const titled = ['Éclair day', 'apple picking', 'Zebra visit', 'eclair night', 'Apple fair', 'Ökosystem', 'oak walk'].map((title, i) => ({ ...brick(i), title, date: `2026-0${(i % 3) + 1}-1${i}T0${i}:00` }));
    const localeCompare = String.prototype.localeCompare;
    let looked = 0;
    String.prototype.localeCompare = function (this: string, ...args: Parameters<typeof localeCompare>) {
      looked++;
      return localeCompare.apply(this, args);
    };
    try {
      const byTitle = sortBricks(titled, 'title').map((b) => b.title);
      const newest = sortBricks(titled, 'newest').map((b) => b.date);
      expect(looked).toBe(0);
      expect(byTitle).toEqual([...titled].map((b) => b.title).sort((a, b) => localeCompare.call(a, b, 'en')));
      expect(newest).toEqual([...titled].map((b) => b.date).sort((a, b) => localeCompare.call(b, a)));
    } finally {
      String.prototype.localeCompare = localeCompare;
    }
  });
});

describe('masonry load-more (§4, §7, §8, §9 150 ms)', () => {
  it('waits 150 ms, then asks for items with offset += items, the loaded ids and the button data', async () => {
    const { actor, clock, requests, answer } = start([{ marker: true, bricks: [brick(4), brick(5), brick(6)] }]);
    actor.send({ type: 'more.load' });
    expect(actor.getSnapshot().context.loading).toBe(true);
    clock.advanceBy(LOAD_MORE_DELAY_MS - 1);
    expect(requests).toEqual([]);
    clock.advanceBy(1);
    expect(requests).toEqual([{ items: 2, offset: 2, loaded: ['n1', 'n2', 'n3'], collection: 'news' }]);
    await answer();
    // items + 1 came back: the extra one is dropped and the button stays.
    expect(actor.getSnapshot().context.bricks.map((b) => b.id)).toEqual(['n1', 'n2', 'n3', 'n4', 'n5']);
    expect(actor.getSnapshot().value).toMatchObject({ loader: 'ready' });
    expect(actor.getSnapshot().context).toMatchObject({ loading: false, more: true });
  });

  it('blocks re-entry while delaying or loading', async () => {
    const { actor, clock, requests, answer } = start([{ marker: true, bricks: [brick(4), brick(5), brick(6)] }]);
    actor.send({ type: 'more.load' });
    actor.send({ type: 'more.load' });
    clock.advanceBy(LOAD_MORE_DELAY_MS);
    actor.send({ type: 'more.load' });
    clock.advanceBy(LOAD_MORE_DELAY_MS);
    expect(requests).toHaveLength(1);
    expect(actor.getSnapshot().context.offset).toBe(2);
    await answer();
  });

  it('no more than items back: the no-more-items state', async () => {
    const { actor, clock, answer } = start([{ marker: true, bricks: [brick(4), brick(5)] }]);
    actor.send({ type: 'more.load' });
    clock.advanceBy(LOAD_MORE_DELAY_MS);
    await answer();
    expect(actor.getSnapshot().value).toMatchObject({ loader: 'exhausted' });
    expect(actor.getSnapshot().context.bricks).toHaveLength(5);
    actor.send({ type: 'more.load' });
    expect(actor.getSnapshot().value).toMatchObject({ loader: 'exhausted' });
  });

  it('an answer without the marker is finished with nothing added, whatever it carried (§8)', async () => {
    const { actor, clock, answer } = start([{ marker: false, bricks: [brick(7), brick(8), brick(9)] }]);
    actor.send({ type: 'more.load' });
    clock.advanceBy(LOAD_MORE_DELAY_MS);
    await answer();
    expect(actor.getSnapshot().value).toMatchObject({ loader: 'exhausted' });
    expect(actor.getSnapshot().context.bricks).toHaveLength(3);
  });

  it('a failure hides the loader, adds nothing and lets the visitor try again', async () => {
    const { actor, clock, requests, answer } = start(['fail', { marker: true, bricks: [brick(4)] }]);
    actor.send({ type: 'more.load' });
    clock.advanceBy(LOAD_MORE_DELAY_MS);
    await answer();
    expect(actor.getSnapshot().value).toMatchObject({ loader: 'ready' });
    expect(actor.getSnapshot().context).toMatchObject({ loading: false, more: true });
    expect(actor.getSnapshot().context.bricks).toHaveLength(3);
    actor.send({ type: 'more.load' });
    clock.advanceBy(LOAD_MORE_DELAY_MS);
    expect(requests).toHaveLength(2);
    await answer();
  });

  it('loaded bricks are revealed in turn after the grid has settled', async () => {
    const { actor, clock, answer, pendingIds } = start([{ marker: true, bricks: [brick(4), brick(5), brick(6)] }]);
    actor.send({ type: 'view.enter', reducedMotion: false });
    clock.advanceBy(1000);
    actor.send({ type: 'more.load' });
    clock.advanceBy(LOAD_MORE_DELAY_MS);
    await answer();
    expect(pendingIds()).toEqual(['n5']);
    clock.advanceBy(BRICK_STAGGER_MS);
    expect(pendingIds()).toEqual([]);
  });

  it('starts exhausted when the page knows of no more entries', () => {
    const { actor } = start([], 'standard', false);
    expect(actor.getSnapshot().value).toMatchObject({ loader: 'exhausted' });
  });
});

describe('masonry protocol rules (§7, reference notes)', () => {
  it('keeps only the HTML after the marker; no marker is null', () => {
    expect(htmlAfterMarker(`junk${LOADED_MARKER}<article></article>`)).toBe('<article></article>');
    expect(htmlAfterMarker('<article></article>')).toBeNull();
    expect(LOADED_MARKER).toBe('{av-masonry-loaded}');
  });

  it('items + 1 sentinel', () => {
    expect(takePage([1, 2, 3], 2)).toEqual({ added: [1, 2], more: true });
    expect(takePage([1, 2], 2)).toEqual({ added: [1, 2], more: false });
    expect(takePage([], 2)).toEqual({ added: [], more: false });
  });

  it('request fields and the server check agree', () => {
    const fields = requestFields({ items: 3, offset: 6, loaded: ['n1', 'n2'], collection: 'news' });
    expect(fields.toString()).toBe('action=avia_ajax_masonry_more&items=3&offset=6&collection=news&loaded%5B%5D=n1&loaded%5B%5D=n2');
    const parsed = parseLoadMoreRequest({ items: '3', offset: '6', 'loaded[]': ['n1', 'n2'], collection: 'news' });
    expect(parsed).toEqual({ ok: true, request: { items: 3, offset: 6, loaded: ['n1', 'n2'], collection: 'news' } });
    expect(parseLoadMoreRequest({ items: '0', collection: 'news' })).toMatchObject({ ok: false });
    expect(parseLoadMoreRequest({ items: 'x', collection: 'news' })).toMatchObject({ ok: false });
    expect(parseLoadMoreRequest({ items: '2', offset: '-1', collection: 'news' })).toMatchObject({ ok: false });
    expect(parseLoadMoreRequest({ items: '2', loaded: 'n1,<script>', collection: 'news' })).toMatchObject({ ok: false });
  });

  it('the server page leaves out loaded ids and takes items + 1', () => {
    const entries = [1, 2, 3, 4, 5, 6].map((n) => ({ id: `n${n}` }));
    expect(selectPage(entries, { items: 2, offset: 2, loaded: ['n1', 'n2'], collection: 'news' }).map((e) => e.id)).toEqual(['n3', 'n4', 'n5']);
    expect(selectPage(entries, { items: 2, offset: 4, loaded: ['n1', 'n2', 'n3', 'n5'], collection: 'news' }).map((e) => e.id)).toEqual(['n4', 'n6']);
  });
});
