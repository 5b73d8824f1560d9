import { assign, fromCallback, setup } from 'xstate';
import { hashFor, indexForHash, initialIndex } from './tabs.rules';

/** §9: tab and toggle animations 200 ms. */
export const TAB_ANIMATION_MS = 200;

/**
 * §4 Tabs (and the layout tabs of §2, which add dots over the same rules): one tab is active at a
 * time; a click, the Enter key or a dot opens one. §2: tabs are addressed by the URL hash, and
 * opening one by hand updates it. The hash itself belongs to the widget's `location` adapter.
 */
export interface TabsInput {
  /** Each tab's id: its panel's id and its hash. */
  ids: string[];
  /** 1-based start tab (a hash on load wins). */
  initial: number;
}

export interface TabsContext {
  ids: string[];
  active: number;
}

export type TabsEvent =
  /** A visitor opened a tab (click, Enter, arrow keys, a layout dot). */
  | { type: 'tab.select'; index: number }
  /** The location adapter read the hash (on load and on every hashchange). */
  | { type: 'hash.change'; hash: string };

const activeHash = ({ context }: { context: TabsContext }) => ({ hash: hashFor(context.ids[context.active] ?? '') });

export const tabsMachine = setup({
  types: {} as { context: TabsContext; input: TabsInput; events: TabsEvent },
  delays: {
    tabAnimation: TAB_ANIMATION_MS,
  },
  guards: {
    isOtherTab: ({ context, event }) =>
      event.type === 'tab.select' && event.index !== context.active && event.index >= 0 && event.index < context.ids.length,
    hashNamesOtherTab: ({ context, event }) => {
      if (event.type !== 'hash.change') return false;
      const index = indexForHash(event.hash, context.ids);
      return index >= 0 && index !== context.active;
    },
  },
  actions: {
    activateSelected: assign({ active: ({ context, event }) => (event.type === 'tab.select' ? event.index : context.active) }),
    activateFromHash: assign({
      active: ({ context, event }) => (event.type === 'hash.change' ? indexForHash(event.hash, context.ids) : context.active),
    }),
    /** Adapter: replace the location hash (no history entry, no jump). */
    writeHash: (_args, _params: { hash: string }) => {},
  },
  actors: {
    /** Adapter: sends `hash.change` with the current hash at start and on every hashchange. */
    location: fromCallback<TabsEvent>(() => () => {}),
  },
}).createMachine({
  id: 'tabs',
  context: ({ input }) => ({ ids: input.ids, active: initialIndex(input.initial, input.ids.length) }),
  // The runtime starts the actor once its view has hydrated, so the location may move it at once (§2 hash on load).
  invoke: { src: 'location' },
  // From either state a new choice (re)starts the panel's entrance.
  on: {
    'tab.select': { guard: 'isOtherTab', target: '.opening', actions: ['activateSelected', { type: 'writeHash', params: activeHash }] },
    'hash.change': { guard: 'hashNamesOtherTab', target: '.opening', actions: 'activateFromHash' },
  },
  initial: 'shown',
  states: {
    shown: {},
    /** The panel's 200 ms entrance runs (the view marks it with data-state). */
    opening: { after: { tabAnimation: 'shown' } },
  },
});
