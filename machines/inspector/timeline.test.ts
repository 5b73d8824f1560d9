import { describe, expect, it } from 'vitest';
import { actorsAt, changedPaths, describeStep, endOfStep, stepAtTime, stepXs, stepsOf, type Moment } from './timeline';

/** Issue 29: the inspector's timeline over a small trace: a tabs actor created, switched once. */
const moments: Moment[] = [
  { index: 10, at: 1000, kind: 'actor', actor: 'tabs-1', session: 'x:1', machine: 'tabs' },
  { index: 11, at: 1000, kind: 'event', actor: 'tabs-1', session: 'x:1', event: { type: 'xstate.init' } },
  { index: 12, at: 1000, kind: 'snapshot', actor: 'tabs-1', session: 'x:1', state: 'shown', status: 'active', context: { active: 0, ids: ['a', 'b'] } },
  { index: 13, at: 1000, kind: 'actor', actor: '0.tabs', session: 'x:2', parent: 'x:1' },
  { index: 14, at: 1500, kind: 'event', actor: 'tabs-1', session: 'x:1', event: { type: 'tab.select', index: 1 } },
  { index: 15, at: 1500, kind: 'snapshot', actor: 'tabs-1', session: 'x:1', state: 'opening', status: 'active', context: { active: 1, ids: ['a', 'b'] } },
  { index: 16, at: 1700, kind: 'event', actor: 'tabs-1', session: 'x:1', event: { type: 'xstate.after.200.tabs.opening' }, timer: true },
  { index: 17, at: 1700, kind: 'snapshot', actor: 'tabs-1', session: 'x:1', state: 'shown', status: 'active', context: { active: 1, ids: ['a', 'b'] } },
];

describe('inspector timeline', () => {
  it('steps are the events but XState’s start-up one; a step covers the moments up to the next event', () => {
    const steps = stepsOf(moments);
    expect(steps).toEqual([4, 6]);
    expect(endOfStep(steps, -1, moments.length)).toBe(3);
    expect(endOfStep(steps, 0, moments.length)).toBe(5);
    expect(endOfStep(steps, 1, moments.length)).toBe(7);
  });

  it('every actor at a step, children with their parent, the state and context then', () => {
    const steps = stepsOf(moments);
    const before = actorsAt(moments, endOfStep(steps, -1, moments.length));
    expect(before.get('x:1')).toMatchObject({ actor: 'tabs-1', state: 'shown', context: { active: 0 } });
    expect(before.get('x:2')).toMatchObject({ actor: '0.tabs', parent: 'x:1' });
    const after = actorsAt(moments, endOfStep(steps, 0, moments.length));
    expect(after.get('x:1')).toMatchObject({ state: 'opening', context: { active: 1 } });
    expect(changedPaths(before.get('x:1')?.context, after.get('x:1')?.context)).toEqual(['active']);
  });

  it('changed paths reach into nested objects and arrays, and name added and removed keys', () => {
    expect(changedPaths({ a: { b: 1, c: [1, 2] } }, { a: { b: 1, c: [1, 3] }, d: true })).toEqual(['a', 'a.c', 'a.c.1', 'd']);
    expect(changedPaths({ same: 1 }, { same: 1 })).toEqual([]);
  });

  it('places steps on the clock’s time axis, never closer than the gap, and finds the step at a time', () => {
    const steps = stepsOf(moments);
    expect(stepXs(moments, steps, 100, 10)).toEqual([0, 100]);
    expect(stepXs([{ ...moments[4], at: 5 } as Moment, { ...moments[4], at: 5 } as Moment], [0, 1], 100, 10)).toEqual([0, 10]);
    expect(stepAtTime(moments, steps, 1600)).toBe(0);
    expect(stepAtTime(moments, steps, 999)).toBe(-1);
    expect(describeStep(moments, steps, 1)).toBe('timer xstate.after.200.tabs.opening to tabs-1 at +700 ms');
    expect(describeStep(moments, steps, -1)).toBe('the start, before any event');
  });
});
