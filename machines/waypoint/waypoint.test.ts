import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestClock } from '../../runtime/test-clock';
import { WAYPOINT_OFFSETS, parseWaypointOffset, waypointMachine } from './waypoint.machine';

describe('waypoints (§9)', () => {
  it('offsets are 80 % and 95 %, 80 by default', () => {
    expect(WAYPOINT_OFFSETS).toEqual([80, 95]);
    expect(parseWaypointOffset('95')).toBe(95);
    expect(parseWaypointOffset('95%')).toBe(95);
    expect(parseWaypointOffset('50')).toBe(80);
    expect(parseWaypointOffset(undefined)).toBe(80);
  });

  it('reveals once when reached', () => {
    let reveals = 0;
    const actor = createActor(waypointMachine.provide({ actions: { reveal: () => reveals++ } }), { clock: createTestClock() }).start();
    expect(actor.getSnapshot().value).toBe('waiting');
    actor.send({ type: 'waypoint.reached' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(reveals).toBe(1);
  });
});
