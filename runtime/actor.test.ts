// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { createIslandActor } from './actor';
import { createTestClock } from './test-clock';
import type { ClientEnv, RuntimeBehaviour } from './widget';

describe('island actors (runtime/actor.ts)', () => {
  it('hand the adapters the labels the island’s content carries in the page language, strings only (issue 22)', () => {
    const given: Array<ClientEnv['translations']> = [];
    const probe: RuntimeBehaviour = {
      name: 'probe',
      settings: { parse: () => ({}), defaults: () => ({}) },
      machine: createMachine({}),
      input: () => ({}),
      provide: (env) => {
        given.push(env.translations);
        return {};
      },
    };
    const env = { clock: createTestClock(), random: () => 0.5, warn: () => undefined };
    const element = document.createElement('div');
    createIslandActor(element, probe, {}, { title: 'Kites', translations: { close: 'إغلاق', broken: 3 } }, env);
    createIslandActor(element, probe, {}, { title: 'Kites' }, env);
    createIslandActor(element, probe, {}, undefined, env);
    expect(given).toEqual([{ close: 'إغلاق' }, undefined, undefined]);
  });

  it("a replayed scenario's input is laid over the island's: its values, the page's functions (issue 28)", () => {
    const clock = createTestClock(1_000);
    const timed: RuntimeBehaviour = {
      name: 'timed',
      settings: { parse: () => ({}), defaults: () => ({}) },
      machine: createMachine({}),
      input: (_settings, _content, env) => ({ now: env.clock.now, count: 3, label: 'page' }),
    };
    const element = document.createElement('div');
    const { actor } = createIslandActor(element, timed, {}, undefined, { clock, random: () => 0.5, warn: () => undefined, input: { count: 5 } });
    const input = (actor as unknown as { options: { input: { now: () => number; count: number; label: string } } }).options.input;
    expect(input.count).toBe(5);
    expect(input.label).toBe('page');
    expect(input.now()).toBe(1_000);
  });
});
