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
  const payloads: Array<Record<string, unknown> | undefined> = [];
  const tracked: Array<Record<string, unknown>> = [];
  let flushes = 0;
  const log = {
    info: (event: string, payload?: Record<string, unknown>) => (logged.push(event), payloads.push(payload)),
    track: (payload: Record<string, unknown>) => tracked.push(payload),
    flush: () => void flushes++,
  };
  const make = (sample?: number) =>
    createExperiment({ name: 'new_flow', ...(sample === undefined ? {} : { sample }), storage, localStorage: local, random: () => random, log });
  return { local, make, logged, payloads, tracked, flushes: () => flushes, advance: (ms: number) => (now += ms) };
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
    advance(1_200_001);
    experiment.logStart();
    expect(logged).toEqual(['new_flow_test_start', 'new_flow_test_complete', 'new_flow_test_start']);
  });

  it('the treatment is logged once per session as its own tracking event, and flushed (issue 20, item 16)', () => {
    const { make, tracked, flushes, advance } = setup(0.1);
    const experiment = make();
    experiment.logStart();
    experiment.logComplete();
    experiment.logStart();
    expect(tracked).toEqual([{ state_name: 'PXP_CHECK', transition_name: 'process_pxp_check', pxp_exp_id: 'new_flow', pxp_trtmnt_id: 'new_flow_test' }]);
    expect(flushes()).toBeGreaterThanOrEqual(1);
    advance(1_200_001);
    experiment.logStart();
    expect(tracked).toHaveLength(2);
  });

  it('a checkpoint repeated with a different payload is logged again; with the same payload it is not', () => {
    const { make, logged, payloads, tracked } = setup(0.1);
    const experiment = make();
    experiment.logStart();
    experiment.logCheckpoint('step', { fundingSource: 'paypal' });
    experiment.logCheckpoint('step', { fundingSource: 'venmo' });
    experiment.logCheckpoint('step', { fundingSource: 'paypal' });
    expect(logged).toEqual(['new_flow_test_start', 'new_flow_test_step', 'new_flow_test_step']);
    expect(payloads.map((payload) => payload?.fundingSource)).toEqual([undefined, 'paypal', 'venmo']);
    // The treatment event carries the payload too, once per distinct payload, as the original.
    expect(tracked.map((payload) => payload.fundingSource)).toEqual([undefined, 'paypal', 'venmo']);
  });

  // The original: krakenjs/belter src/experiment.ts, experiment() -> log (`if (!started) return exp`),
  // used by paypal/paypal-sdk-client src/experiment.js createExperiment.
  it('belter experiment.ts log: logComplete before logStart logs nothing (issue 34)', () => {
    const { make, logged, tracked } = setup(0.1);
    const experiment = make();
    experiment.logComplete();
    expect(logged).toEqual([]);
    expect(tracked).toEqual([]);
    experiment.logStart();
    experiment.logComplete();
    expect(logged).toEqual(['new_flow_test_start', 'new_flow_test_complete']);
  });

  it('belter experiment.ts log: a checkpoint before logStart logs nothing, and does not use up its once-per-session (issue 34)', () => {
    const { make, logged, tracked } = setup(0.1);
    const experiment = make();
    experiment.logCheckpoint('step', { fundingSource: 'paypal' });
    expect(logged).toEqual([]);
    expect(tracked).toEqual([]);
    experiment.logStart();
    experiment.logCheckpoint('step', { fundingSource: 'paypal' });
    expect(logged).toEqual(['new_flow_test_start', 'new_flow_test_step']);
  });
});

