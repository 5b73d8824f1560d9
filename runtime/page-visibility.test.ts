// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, setup } from 'xstate';
import { pageVisibility } from './page-visibility';

type WatchEvent = { type: 'page.hide' } | { type: 'page.show' };

/** A machine that only listens: hidden or shown, as the adapter reports. */
const watcher = setup({ types: {} as { events: WatchEvent }, actors: { visibility: pageVisibility<WatchEvent>(document, { type: 'page.hide' }, { type: 'page.show' }) } }).createMachine({
  invoke: { src: 'visibility' },
  initial: 'shown',
  states: { shown: { on: { 'page.hide': 'hidden' } }, hidden: { on: { 'page.show': 'shown' } } },
});

/** The browser's visibility as a background tab would have it, announced by the real event. */
function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('pageVisibility adapter (issue 22)', () => {
  afterEach(() => setVisibility('visible'));

  it('reports the page hidden and shown again on visibilitychange, and stops listening when stopped', () => {
    const actor = createActor(watcher).start();
    setVisibility('hidden');
    expect(actor.getSnapshot().value).toBe('hidden');
    setVisibility('visible');
    expect(actor.getSnapshot().value).toBe('shown');
    actor.stop();
    setVisibility('hidden');
    expect(actor.getSnapshot().value).toBe('shown');
  });

  it('a page opened in the background starts hidden', () => {
    setVisibility('hidden');
    const actor = createActor(watcher).start();
    expect(actor.getSnapshot().value).toBe('hidden');
    actor.stop();
  });
});
