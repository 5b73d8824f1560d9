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
});
