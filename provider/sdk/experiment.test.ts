import { describe, expect, it } from 'vitest';
import { DEFAULT_EXPERIMENT_SAMPLE } from './constants';
import { createExperiment, groupFor } from './experiment';
import { createSdkStorage, type StorageLike } from './storage';

function memoryStorage(): StorageLike & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return { items, getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
}

function setup(random: number) {
  const local = memoryStorage();
  let now = 0;
  const storage = createSdkStorage({ name: 'sdk', storage: local, now: () => now, uid: () => `id${now}` });
  const logged: string[] = [];
  const make = (sample?: number) =>
    createExperiment({ name: 'new_flow', ...(sample === undefined ? {} : { sample }), storage, localStorage: local, random: () => random, log: { info: (event) => logged.push(event) } });
  return { local, make, logged, advance: (ms: number) => (now += ms) };
}

describe('experiment groups (reference notes)', () => {
  it.each([
    [0, 50, 'test'],
    [49, 50, 'test'],
    [50, 50, 'control'],
    [99, 50, 'control'],
    [9, 10, 'test'],
    [10, 10, 'control'],
    [19, 10, 'control'],
    [20, 10, 'throttle'],
    [99, 10, 'throttle'],
    [0, 0, 'throttle'],
    [99, 100, 'test'],
  ])('percentile %i with sample %i is %s', (percentile, sample, group) => {
    expect(groupFor(percentile, sample)).toBe(group);
  });
});

describe('experiments (§4)', () => {
  it('default sample is 50, percentile 0-99 from the injected random', () => {
    expect(DEFAULT_EXPERIMENT_SAMPLE).toBe(50);
    const { make } = setup(0.42);
    const experiment = make();
    expect(experiment).toMatchObject({ percentile: 42, group: 'test', treatment: 'new_flow_test' });
    expect(experiment.isEnabled()).toBe(true);
  });

  it('the percentile is sticky in storage', () => {
    const first = setup(0.9);
    expect(first.make().percentile).toBe(90);
    const again = createExperiment({
      name: 'new_flow',
      storage: createSdkStorage({ name: 'sdk', storage: first.local, now: () => 0, uid: () => 'x' }),
      localStorage: first.local,
      random: () => 0.1,
    });
    expect(again.percentile).toBe(90);
    expect(again.group).toBe('control');
  });

  it('a truthy localStorage key of the experiment name forces it on', () => {
    const { make, local } = setup(0.9);
    expect(make().isEnabled()).toBe(false);
    local.setItem('new_flow', 'true');
    expect(make().isEnabled()).toBe(true);
  });

  it('each treatment checkpoint is logged once per session', () => {
    const { make, logged, advance } = setup(0.1);
    const experiment = make();
    experiment.logStart();
    experiment.logStart();
    experiment.logComplete();
    expect(logged).toEqual(['new_flow_test_start', 'new_flow_test_complete']);
    advance(1_200_000);
    experiment.logStart();
    expect(logged).toEqual(['new_flow_test_start', 'new_flow_test_complete', 'new_flow_test_start']);
  });
});
