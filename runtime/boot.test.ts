// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageService } from './services';
import type { WidgetRegistry } from './widget';

/** What happened at boot, in order: each yield to the browser and each service's start. */
const steps: string[] = [];
vi.mock('./yield', () => ({
  yieldToBrowser: async () => {
    steps.push('yield');
  },
}));
const { boot } = await import('./boot');

const service = (name: string, island: () => HTMLElement | null): PageService => ({
  name,
  start() {
    steps.push(`start ${name}, island ${island()?.dataset.island ?? 'untracked'}`);
    return () => undefined;
  },
});

describe('boot (issue 14)', () => {
  afterEach(() => {
    window.sitecharts?.islands.stop();
    delete window.sitecharts;
    document.body.innerHTML = '';
    steps.length = 0;
  });

  it('watches the islands before any service starts, and starts each service in a task of its own, in order', async () => {
    document.body.innerHTML = '<main><div data-widget="counter" data-hydrate="interaction"></div></main>';
    const island = () => document.querySelector<HTMLElement>('[data-widget]');
    // Never loaded here: the island waits for an interaction.
    const registry: WidgetRegistry = { counter: () => Promise.reject(new Error('not loaded in this test')) };
    const booting = boot({ registry, services: [service('first', island), service('second', island)] });
    // Back from the call: the scanner already holds what the visitor does to the island; no service has run.
    expect(island()?.dataset.island).toBe('waiting');
    expect(steps.filter((step) => step.startsWith('start'))).toEqual([]);
    const handle = await booting;
    expect(steps).toEqual(['yield', 'start first, island waiting', 'yield', 'start second, island waiting']);
    expect(handle.report().services).toEqual(['first', 'second']);
    expect(window.sitecharts).toBe(handle);
  });
});
