// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestClock } from '../test-clock';
import type { PageService } from '../services';
import { heightEqualiser, parallax, tooltips, waypoints } from './page-behaviours';
import { whereFound } from './where-found';

const context = () => ({ document, window, clock: createTestClock() });

describe('whereFound: a page service whose module loads only where its elements are (issue 35, goal 4)', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    vi.restoreAllMocks();
  });

  function lazy() {
    const started: string[] = [];
    const service: PageService = {
      name: 'marker',
      start: () => {
        started.push('started');
        return () => started.push('stopped');
      },
    };
    const load = vi.fn(() => Promise.resolve(service));
    return { started, load, lazy: whereFound('[data-marker]', { name: 'marker', starts: 'after-boot' }, load) };
  }

  it('on a page without its elements, loads nothing and starts nothing', async () => {
    const { started, load, lazy: service } = lazy();
    expect(service.starts).toBe('after-boot');
    service.start(context())();
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
    expect(started).toEqual([]);
  });

  it('on a page with them, starts once the module has arrived, and its teardown stops it', async () => {
    document.body.innerHTML = '<p data-marker>here</p>';
    const { started, load, lazy: service } = lazy();
    const stop = service.start(context());
    expect(load).toHaveBeenCalledTimes(1);
    expect(started).toEqual([]);
    await vi.waitFor(() => expect(started).toEqual(['started']));
    stop();
    expect(started).toEqual(['started', 'stopped']);
  });

  it('stopped before the module arrives, it never starts', async () => {
    document.body.innerHTML = '<p data-marker>here</p>';
    const { started, lazy: service } = lazy();
    service.start(context())();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started).toEqual([]);
  });

  it('a module that cannot load leaves the page as it is and says so once', async () => {
    document.body.innerHTML = '<p data-marker>here</p>';
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const service = whereFound('[data-marker]', { name: 'marker' }, () => Promise.reject(new Error('offline')));
    service.start(context());
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(String(warn.mock.calls[0]?.[0])).toContain('the marker page service could not load');
  });

  it.for([
    ['parallax', parallax, () => import('./parallax').then((m) => m.parallax)],
    ['waypoints', waypoints, () => import('./waypoints').then((m) => m.waypoints)],
    ['tooltips', tooltips, () => import('./tooltips').then((m) => m.tooltips)],
    ['height-equaliser', heightEqualiser, () => import('./height-equaliser').then((m) => m.heightEqualiser)],
  ] as const)('the site’s %s service has the name and start step of the module it loads', async ([, service, load]) => {
    const loaded = await load();
    expect(service.name).toBe(loaded.name);
    expect(service.starts).toBe(loaded.starts);
  });
});
