import type { AnyActorRef, InspectionEvent } from 'xstate';
import { createRealClock, overdueFirst, type Clock } from './clock';
import { applyDeviceFlags, readDeviceFacts } from './device';
import { combineInspectors, createTraceRecorder, type TraceEntry } from './inspect';
import { nextTask } from './next-task';
import { pageSeed } from './random';
import { startIslands, type IslandController, type IslandReport } from './islands';
import type { PageService } from './services';
import type { BehaviourRegistry, WidgetRegistry } from './widget';

export interface BootOptions {
  registry: WidgetRegistry;
  /** Widgets that can run before their view loads (runtime/widget.ts). */
  behaviours?: BehaviourRegistry;
  services?: readonly PageService[];
}

export interface SitechartsHandle {
  clock: Clock;
  /** The page's seed (runtime/random.ts): the address's `?seed=<n>`, else a fresh one. */
  seed: number;
  islands: IslandController;
  /** The page's trace so far (the last 5,000 entries), oldest first. */
  readonly trace: readonly TraceEntry[];
  /** Issue 51: every actor the page started itself (islands, page services), for a problem report's whole-page scenario. */
  actors(): readonly AnyActorRef[];
  report(): IslandReport & { services: string[] };
}

declare global {
  interface Window {
    sitecharts?: SitechartsHandle;
    /** §7: the site's ajax endpoint, as the original theme's global. */
    ajaxurl?: string;
  }
}

/**
 * The client entry every page runs: device flags on <html> and the services that start with the
 * entry, in the entry's task; then the island scanner (watching: islands load later) in a task of
 * its own; then the other page services, a task each (PageService `starts`).
 * The handle is on `window.sitecharts` once every service has started. `?inspect` in the page URL
 * connects the inspector before any actor starts (runtime/inspector.ts).
 */
export async function boot({ registry, behaviours, services = [] }: BootOptions): Promise<SitechartsHandle> {
  const html = document.documentElement;
  applyDeviceFlags(html, readDeviceFacts(window));
  if (html.dataset.ajaxurl) window.ajaxurl = html.dataset.ajaxurl;

  // `?inspect` in the address: the inspector connects before any actor starts (runtime/inspector.ts,
  // its own chunk, with the paused clock of `&clock=paused` and the trace that keeps every snapshot).
  // A visitor's page carries none of it.
  const realClock = createRealClock();
  // Issue 28: every actor draws random numbers from a generator seeded from the page's seed (its own
  // seed is in the trace, so a saved scenario carries it); `?seed=<n>` runs the page with a given one.
  const seed = pageSeed(window.location.search);
  const params = new URLSearchParams(window.location.search);
  const inspecting = params.has('inspect')
    ? await import('./inspector')
        .then((m) => m.inspectPage(window, params, realClock, seed))
        .catch((error: unknown) => void console.warn('[sitecharts] the inspector could not connect', error))
    : undefined;
  const clock = inspecting?.clock ?? realClock;
  // What the inspector and testers read (no microsteps), in a ring of the last 5,000 entries.
  const trace = inspecting?.trace ?? createTraceRecorder(clock, { kinds: 'page' });
  const inspector = inspecting?.inspector;
  // Issue 51: the page's own actors (a child replays inside its parent), which a problem report saves whole.
  const roots = new Map<string, AnyActorRef>();
  const noteRoot = (event: InspectionEvent) => {
    const actor = event.actorRef as AnyActorRef;
    if (event.type === '@xstate.actor' && !actor._parent) roots.set(actor.sessionId, actor);
  };
  // Issue 51: overdue timers fire before an actor takes an input a busy page ran ahead of them, and
  // before the trace records it (runtime/clock.ts).
  const inspect = combineInspectors(overdueFirst(clock), trace.inspect, inspector?.inspect, noteRoot);

  // Issue 49, goal 2: the entry's task is the one in which the browser ends parsing, runs the
  // module and fires DOMContentLoaded (its own observers force a layout in it: form autofill), so
  // it holds only what must be there by DOMContentLoaded: the device flags above and the 'entry'
  // services (issue 49.b: an API a site owner's script calls at DOMContentLoaded). The island
  // scanner starts first in the next task (a CPU profile put it at about 4.5 ms unthrottled, some
  // 18 ms at 4x, of a 52-60 ms task): nothing listened to an island before the entry ran either,
  // and no other service starts before it.
  const started: { name: string; stop: () => void }[] = [];
  const start = (service: PageService) => started.push({ name: service.name, stop: service.start({ document, window, clock, inspect, seed }) });
  services.filter((service) => service.starts === 'entry').forEach(start);
  await nextTask();
  // The island scanner before any other service: its listeners hold what the visitor does to an
  // island from now on (a tap between two services below would otherwise reach an island nobody
  // listens to). It only watches here; every island loads later, at its strategy, after a fetch.
  const islands = startIslands(document.body, { registry, behaviours, clock, inspect, seed, note: trace.note, views: inspector?.views });
  inspector?.attach(islands);
  // Issue 35, goal 3 and issue 49, goal 2: no task over 50 ms at 4x CPU while the page loads. Every
  // other service starts in a task of its own after the scanner's (`nextTask`: scheduler.yield where
  // the browser has it), the 'boot' ones first, in order, then the 'after-boot' ones. The browser may
  // paint between two of them: no service's first writes move a box (the header's
  // `data-menu="closed"` and the burger's `aria-expanded="false"` are prerendered; the header's
  // `data-header="top"` changes only its background), and what a service measures it measures and
  // applies within its own task, so no paint moves the page (issue 14's layout shift:
  // tests/e2e/budget.test.ts at phone and desktop size). Before issue 49 they all ran in one task of
  // 46-167 ms at 4x.
  const later = [...services.filter((service) => service.starts === undefined || service.starts === 'boot'), ...services.filter((service) => service.starts === 'after-boot')];
  for (const service of later) {
    await nextTask();
    start(service);
  }
  const handle: SitechartsHandle = {
    clock,
    seed,
    islands,
    get trace() {
      return trace.entries;
    },
    actors: () => [...roots.values()],
    report: () => ({ ...islands.report(), services: started.map((s) => s.name) }),
  };
  window.sitecharts = handle;
  return handle;
}

