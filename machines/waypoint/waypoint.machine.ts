import { setup } from 'xstate';

/** §9: waypoint offsets, as the share of the viewport's height from its top where an element counts as reached. */
export const WAYPOINT_OFFSETS = [80, 95] as const;
export type WaypointOffset = (typeof WAYPOINT_OFFSETS)[number];
export const DEFAULT_WAYPOINT_OFFSET: WaypointOffset = 80;

export function parseWaypointOffset(raw: string | undefined): WaypointOffset {
  return WAYPOINT_OFFSETS.find((offset) => String(offset) === raw?.replace('%', '').trim()) ?? DEFAULT_WAYPOINT_OFFSET;
}

/**
 * Waypoint animation (§9): an element waits until its top passes its offset line (80 % or 95 % of
 * the viewport), then it is revealed once, for good.
 */
export const waypointMachine = setup({
  types: {} as { events: { type: 'waypoint.reached' } },
  actions: { reveal: () => undefined },
}).createMachine({
  id: 'waypoint',
  initial: 'waiting',
  states: {
    waiting: { on: { 'waypoint.reached': 'reached' } },
    reached: { type: 'final', entry: 'reveal' },
  },
});
