import { assign, fromCallback, setup } from 'xstate';
import { TAB_ANIMATION_MS } from '../tabs/tabs.machine';
import { readToggleHash, setOpen, toggleHash } from './toggles.rules';

/** §9: tab and toggle animations 200 ms (the same constant as the tabs'). */
export const TOGGLE_ANIMATION_MS = TAB_ANIMATION_MS;

/**
 * §4 Toggles: each is open or closed; in 'close all' mode opening one closes the others.
 * §2: addressed by the URL hash; opening one writes its id, closing one writes its id plus the
 * closed suffix. `changed` is the toggle whose 200 ms animation runs while `animating`.
 */
export interface TogglesInput {
  ids: string[];
  closeAll: boolean;
  /** 1-based toggle open at start; 0 for none. */
  initial: number;
}

export interface TogglesContext {
  ids: string[];
  open: boolean[];
  closeAll: boolean;
  changed: number | null;
}

export type TogglesEvent =
  | { type: 'toggle.toggle'; index: number }
  | { type: 'hash.change'; hash: string };

const changedHash = ({ context }: { context: TogglesContext }) => {
  const index = context.changed ?? 0;
  return { hash: toggleHash(context.ids[index] ?? '', context.open[index] ?? false) };
};

export const togglesMachine = setup({
  types: {} as { context: TogglesContext; input: TogglesInput; events: TogglesEvent },
  delays: {
    toggleAnimation: TOGGLE_ANIMATION_MS,
  },
  guards: {
    isToggle: ({ context, event }) => event.type === 'toggle.toggle' && event.index >= 0 && event.index < context.ids.length,
    hashChangesToggle: ({ context, event }) => {
      if (event.type !== 'hash.change') return false;
      const read = readToggleHash(event.hash, context.ids);
      return read !== null && context.open[read.index] !== read.open;
    },
  },
  actions: {
    flipToggle: assign(({ context, event }) => {
      if (event.type !== 'toggle.toggle') return {};
      return { open: setOpen(context.open, event.index, !context.open[event.index], context.closeAll), changed: event.index };
    }),
    applyHash: assign(({ context, event }) => {
      const read = event.type === 'hash.change' ? readToggleHash(event.hash, context.ids) : null;
      return read ? { open: setOpen(context.open, read.index, read.open, context.closeAll), changed: read.index } : {};
    }),
    /** Adapter: replace the location hash (no history entry, no jump). */
    writeHash: (_args, _params: { hash: string }) => {},
  },
  actors: {
    /** Adapter: sends `hash.change` with the current hash at start and on every hashchange. */
    location: fromCallback<TogglesEvent>(() => () => {}),
  },
}).createMachine({
  id: 'toggles',
  context: ({ input }) => ({
    ids: input.ids,
    closeAll: input.closeAll,
    open: input.ids.map((_id, i) => i === input.initial - 1),
    changed: null,
  }),
  // The runtime starts the actor once its view has hydrated, so the location may move it at once (§2 hash on load).
  invoke: { src: 'location' },
  // From either state a change (re)starts the changed toggle's animation.
  on: {
    'toggle.toggle': { guard: 'isToggle', target: '.animating', actions: ['flipToggle', { type: 'writeHash', params: changedHash }] },
    'hash.change': { guard: 'hashChangesToggle', target: '.animating', actions: 'applyHash' },
  },
  initial: 'idle',
  states: {
    idle: {},
    /** The changed toggle's 200 ms animation. */
    animating: { after: { toggleAnimation: 'idle' } },
  },
});
