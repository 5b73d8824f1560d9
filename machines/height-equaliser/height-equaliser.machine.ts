import { setup } from 'xstate';

/** §9: the height equaliser runs at most once per 80 ms of resizing. */
export const RESIZE_THROTTLE_MS = 80;

/**
 * Height equaliser (§9): items in one row get the row's tallest height, at start and after resizes,
 * throttled: the first resize starts an 80 ms wait; resizes during it are absorbed.
 */
export const heightEqualiserMachine = setup({
  types: {} as { events: { type: 'page.resize' } },
  actions: { equaliseRows: () => undefined },
  delays: { resizeThrottle: RESIZE_THROTTLE_MS },
}).createMachine({
  id: 'heightEqualiser',
  initial: 'idle',
  entry: 'equaliseRows',
  states: {
    idle: { on: { 'page.resize': 'throttled' } },
    throttled: { after: { resizeThrottle: { target: 'idle', actions: 'equaliseRows' } } },
  },
});
