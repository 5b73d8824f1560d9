// @vitest-environment jsdom
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { boot } from './boot';
import { scenarioFromTrace } from './replay/record';
import { stickyHeader } from './services/header';
import { STICKY_HEADER_SELECTOR } from './top-inset';
import type { PageService } from './services';
import type { WidgetRegistry } from './widget';

/** What each service saw of the island when it started. */
const steps: string[] = [];

const service = (name: string, island: () => HTMLElement | null, starts?: PageService['starts']): PageService => ({
  name,
  starts,
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

  it('watches the islands before any page service starts, then starts the services in order', async () => {
    document.body.innerHTML = '<main><div data-widget="counter" data-hydrate="interaction"></div></main>';
    const island = () => document.querySelector<HTMLElement>('[data-widget]');
    // Never loaded here: the island waits for an interaction.
    const registry: WidgetRegistry = { counter: () => Promise.reject(new Error('not loaded in this test')) };
    const handle = await boot({ registry, services: [service('first', island), service('second', island)] });
    expect(steps).toEqual(['start first, island waiting', 'start second, island waiting']);
    expect(handle.report().services).toEqual(['first', 'second']);
    expect(window.sitecharts).toBe(handle);
  });

  it("issue 35 and 49: the entry services start in the entry's task, the island scanner alone in the next, every other service in a task of its own after it, the boot ones first", async () => {
    document.body.innerHTML = '<main><div data-widget="counter" data-hydrate="interaction"></div></main>';
    const island = () => document.querySelector<HTMLElement>('[data-widget]');
    const registry: WidgetRegistry = { counter: () => Promise.reject(new Error('not loaded in this test')) };
    // Each task ends with `scheduler.yield()` (the browser's; a message to itself in this test's window): what the island was then.
    const scheduler = { yield: () => Promise.resolve(void steps.push(`task ends, island ${island()?.dataset.island ?? 'untracked'}`)) };
    Object.assign(globalThis, { scheduler });
    onTestFinished(() => {
      delete (globalThis as { scheduler?: unknown }).scheduler;
    });
    const booting = boot({
      registry,
      services: [
        service('observer', island, 'after-boot'),
        service('header', island),
        service('listener', island, 'after-boot'),
        service('menu', island, 'boot'),
        service('api', island, 'entry'),
      ],
    });
    // The entry's task (issue 49.b: an API there by DOMContentLoaded) ran the entry's services and
    // ended; the island scanner has not started yet (issue 49, goal 2: the task in which parsing ends
    // holds only what must be there by DOMContentLoaded).
    expect(steps).toEqual(['start api, island untracked', 'task ends, island untracked']);
    expect(island()?.dataset.island).toBeUndefined();
    const handle = await booting;
    // Then the island scanner, alone in its task, before any other service.
    expect(steps).toEqual([
      'start api, island untracked',
      'task ends, island untracked',
      'task ends, island waiting',
      'start header, island waiting',
      'task ends, island waiting',
      'start menu, island waiting',
      'task ends, island waiting',
      'start observer, island waiting',
      'task ends, island waiting',
      'start listener, island waiting',
    ]);
    // The handle is published once every service has started.
    expect(handle.report().services).toEqual(['api', 'header', 'menu', 'observer', 'listener']);
  });

  it('issue 28: the page has a seed (?seed=<n>), and a service actor is traced under its catalog name, not x:0', async () => {
    window.history.replaceState(null, '', '/?seed=42');
    const header = document.createElement('header');
    header.setAttribute('data-sticky-header', '');
    document.body.append(header);
    expect(header.matches(STICKY_HEADER_SELECTOR)).toBe(true);
    const handle = await boot({ registry: {}, services: [stickyHeader] });
    expect(handle.seed).toBe(42);
    const created = handle.trace.find((entry) => entry.kind === 'actor' && entry.machine === 'stickyHeader');
    expect(created?.actor).toMatch(/^sticky-header-\d+$/);
    const scenario = scenarioFromTrace(handle.trace, created?.session ?? '', created?.actor.replace(/-\d+$/, '') ?? '');
    expect(scenario.machine).toBe('sticky-header');
    window.history.replaceState(null, '', '/');
  });
});
