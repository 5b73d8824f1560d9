import { describe, expect, it } from 'vitest';
import { assign, createActor, setup } from 'xstate';
import { createRecordedViews } from './recorded-views';

const counter = setup({ types: {} as { context: { n: number }; events: { type: 'add' } } }).createMachine({
  context: { n: 0 },
  on: { add: { actions: assign({ n: ({ context }) => context.n + 1 }) } },
});
const n = (snapshot: unknown) => (snapshot as { context: { n: number } }).context.n;

describe('recorded views (issue 29)', () => {
  it('pins a view to a recorded snapshot, then hands it a new actor: sends, reads and subscriptions move to it', () => {
    const views = createRecordedViews();
    const first = createActor(counter).start();
    const view = views.view(first);
    const seen: number[] = [];
    view.subscribe((snapshot: unknown) => seen.push(n(snapshot)));
    view.send({ type: 'add' });
    expect(seen).toEqual([1]);

    const recorded = first.getSnapshot();
    first.send({ type: 'add' });
    views.show(new Map([[first.sessionId, recorded]]));
    expect(n(view.getSnapshot())).toBe(1);
    first.send({ type: 'add' });
    expect(seen.at(-1)).toBe(1);

    const next = createActor(counter).start();
    expect(views.swap(first.sessionId, next)).toBe(true);
    // The pin named the old actor: the view renders the new one at once.
    expect(n(view.getSnapshot())).toBe(0);
    expect(seen.at(-1)).toBe(0);
    views.show(null);
    expect(seen.at(-1)).toBe(0);
    view.send({ type: 'add' });
    expect(n(next.getSnapshot())).toBe(1);
    expect(view.sessionId).toBe(next.sessionId);
    first.send({ type: 'add' });
    // 2 came live before the pin, 1 is the pin; the old actor's later changes reach the view no more.
    expect(seen).toEqual([1, 2, 1, 0, 1]);
    expect(views.swap('no such session', next)).toBe(false);
  });
});
