import { setImmediate } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { createTestClock } from '../../runtime/test-clock';
import { PREVIEW_ANIMATION_MS, SCROLL_OFFSET_PX, TEMPLATE_RETRY_MS, portfolioMachine } from './portfolio.machine';
import { neighbour } from './portfolio.rules';

const entries = [
  { id: 'ana', categories: ['nurses'] },
  { id: 'ben', categories: ['therapists'] },
  { id: 'cleo', categories: ['nurses'] },
  { id: 'dev', categories: ['volunteers'] },
];

/** Lets the template adapter's promise settle (a macrotask: every pending microtask has run). */
const flush = () => setImmediate();

/** Templates on the "page"; a test can add one later to exercise the retry. */
function start(templates: Map<string, string> = new Map(entries.map((e) => [e.id, `<h3>${e.id}</h3>`]))) {
  const clock = createTestClock();
  const calls = { scroll: 0, focusPreview: 0, focusItem: [] as Array<string | null>, reads: [] as string[] };
  const machine = portfolioMachine.provide({
    actors: {
      readTemplate: fromPromise<string | null, { id: string }>(async ({ input }) => {
        calls.reads.push(input.id);
        return templates.get(input.id) ?? null;
      }),
    },
    actions: {
      scrollToPreview: () => void calls.scroll++,
      focusPreview: () => void calls.focusPreview++,
      focusItem: (_, params) => void calls.focusItem.push(params.id),
    },
  });
  const actor = createActor(machine, { input: { entries }, clock }).start();
  const state = () => actor.getSnapshot().value;
  const open = async (id: string) => {
    actor.send({ type: 'item.open', id });
    await flush();
    clock.advanceBy(PREVIEW_ANIMATION_MS);
  };
  return { actor, clock, calls, state, open, templates };
}

describe('portfolio preview (§2, §4, §9)', () => {
  it('a template read that fails waits and reads again, as a missing one does (issue 50: the onError no test took)', async () => {
    const clock = createTestClock();
    let reads = 0;
    const machine = portfolioMachine.provide({
      actors: {
        readTemplate: fromPromise<string | null, { id: string }>(async () => {
          reads++;
          if (reads === 1) throw new Error('the template could not be read');
          return '<h3>ben</h3>';
        }),
      },
      actions: { scrollToPreview: () => undefined, focusPreview: () => undefined, focusItem: () => undefined },
    });
    const actor = createActor(machine, { input: { entries }, clock }).start();
    actor.send({ type: 'item.open', id: 'ben' });
    await flush();
    expect(actor.getSnapshot().value).toBe('waitingForTemplate');
    clock.runAll();
    await flush();
    expect(reads).toBe(2);
    expect(actor.getSnapshot().value).toBe('opening');
  });

  it('closed, then open on an item after the 800 ms animation, scrolled into place', async () => {
    const { actor, clock, calls, state } = start();
    expect(state()).toBe('closed');
    actor.send({ type: 'item.open', id: 'ben' });
    await flush();
    expect(state()).toBe('opening');
    expect(actor.getSnapshot().context).toMatchObject({ current: 'ben', content: '<h3>ben</h3>', transition: 'fade' });
    expect(calls.scroll).toBe(1);
    clock.advanceBy(PREVIEW_ANIMATION_MS - 1);
    expect(state()).toBe('opening');
    clock.advanceBy(1);
    expect(state()).toBe('open');
    expect(calls.focusPreview).toBe(1);
    expect(SCROLL_OFFSET_PX).toBe(175);
  });

  it('#next and #prev slide and wrap among the visible entries', async () => {
    const { actor, clock, state, open, calls } = start();
    await open('dev');
    actor.send({ type: 'nav.next' });
    await flush();
    expect(state()).toBe('switching');
    expect(actor.getSnapshot().context).toMatchObject({ current: 'ana', transition: 'slide-next' });
    clock.advanceBy(PREVIEW_ANIMATION_MS);
    actor.send({ type: 'nav.prev' });
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ current: 'dev', transition: 'slide-prev' });
    clock.advanceBy(PREVIEW_ANIMATION_MS);
    actor.send({ type: 'filter.select', filter: 'nurses' });
    actor.send({ type: 'nav.next' });
    await flush();
    // dev is filtered out: next is the first visible entry.
    expect(actor.getSnapshot().context.current).toBe('ana');
    clock.advanceBy(PREVIEW_ANIMATION_MS);
    actor.send({ type: 'nav.next' });
    await flush();
    expect(actor.getSnapshot().context.current).toBe('cleo');
    clock.advanceBy(PREVIEW_ANIMATION_MS);
    actor.send({ type: 'nav.next' });
    await flush();
    expect(actor.getSnapshot().context.current).toBe('ana');
    // A filter that shows nothing: the arrows have nowhere to go, and nothing is read.
    clock.advanceBy(PREVIEW_ANIMATION_MS);
    actor.send({ type: 'filter.select', filter: 'cooks' });
    const reads = calls.reads.length;
    actor.send({ type: 'nav.next' });
    actor.send({ type: 'nav.prev' });
    await flush();
    expect(state()).toBe('open');
    expect(actor.getSnapshot().context.current).toBe('ana');
    expect(calls.reads).toHaveLength(reads);
  });

  it('clicking another item fades to it; one transition at a time', async () => {
    const { actor, clock, state, open } = start();
    await open('ana');
    actor.send({ type: 'item.open', id: 'cleo' });
    await flush();
    expect(state()).toBe('switching');
    expect(actor.getSnapshot().context.transition).toBe('fade');
    actor.send({ type: 'nav.next' });
    actor.send({ type: 'preview.close' });
    await flush();
    expect(state()).toBe('switching');
    expect(actor.getSnapshot().context.current).toBe('cleo');
    clock.advanceBy(PREVIEW_ANIMATION_MS);
    expect(state()).toBe('open');
  });

  it('#close collapses over 800 ms and gives focus back to the item', async () => {
    const { actor, clock, calls, state, open } = start();
    await open('ben');
    actor.send({ type: 'preview.close' });
    expect(state()).toBe('closing');
    actor.send({ type: 'item.open', id: 'ana' });
    expect(state()).toBe('closing');
    clock.advanceBy(PREVIEW_ANIMATION_MS);
    expect(state()).toBe('closed');
    expect(actor.getSnapshot().context.current).toBeNull();
    expect(calls.focusItem).toEqual(['ben']);
  });

  it('clicking the open item closes it', async () => {
    const { actor, state, open } = start();
    await open('ben');
    actor.send({ type: 'item.open', id: 'ben' });
    expect(state()).toBe('closing');
  });

  it('a missing template is looked for again every 500 ms', async () => {
    const { actor, clock, calls, state, templates } = start(new Map());
    actor.send({ type: 'item.open', id: 'ana' });
    await flush();
    expect(state()).toBe('waitingForTemplate');
    clock.advanceBy(TEMPLATE_RETRY_MS - 1);
    expect(calls.reads).toEqual(['ana']);
    clock.advanceBy(1);
    await flush();
    expect(calls.reads).toEqual(['ana', 'ana']);
    templates.set('ana', '<p>Ana</p>');
    clock.advanceBy(TEMPLATE_RETRY_MS);
    await flush();
    expect(state()).toBe('opening');
    expect(actor.getSnapshot().context.content).toBe('<p>Ana</p>');
  });

  it('neighbour wraps both ways', () => {
    expect(neighbour(['a', 'b', 'c'], 'c', 1)).toBe('a');
    expect(neighbour(['a', 'b', 'c'], 'a', -1)).toBe('c');
    expect(neighbour(['a', 'b', 'c'], 'x', -1)).toBe('c');
    expect(neighbour([], 'a', 1)).toBeUndefined();
  });
});
