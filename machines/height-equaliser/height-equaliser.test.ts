import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestClock } from '../../runtime/test-clock';
import { RESIZE_THROTTLE_MS, heightEqualiserMachine } from './height-equaliser.machine';
import { ROW_TOLERANCE_PX, equalisedHeights, groupRows } from './height-equaliser.rules';

describe('height equaliser (§9)', () => {
  it('equalises at start, then at most once per 80 ms of resizing', () => {
    const clock = createTestClock();
    let runs = 0;
    const actor = createActor(heightEqualiserMachine.provide({ actions: { equaliseRows: () => runs++ } }), { clock }).start();
    expect(runs).toBe(1);
    actor.send({ type: 'page.resize' });
    clock.advanceBy(40);
    actor.send({ type: 'page.resize' });
    clock.advanceBy(RESIZE_THROTTLE_MS - 41);
    expect(runs).toBe(1);
    clock.advanceBy(1);
    expect(runs).toBe(2);
    expect(RESIZE_THROTTLE_MS).toBe(80);
  });

  it('items whose tops differ by at most 1 px share a row', () => {
    expect(ROW_TOLERANCE_PX).toBe(1);
    expect(groupRows([100, 101, 100.5, 102, 300])).toEqual([[0, 1, 2], [3], [4]]);
    expect(equalisedHeights([0, 1, 200], [120, 180, 90])).toEqual([180, 180, 90]);
  });
});
