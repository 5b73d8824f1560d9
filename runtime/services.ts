import type { InspectionEvent } from 'xstate';
import type { Clock } from './clock';

/**
 * Page services: behaviours that belong to the page rather than to one island (sticky header,
 * smooth scroll, the language link). Each is a thin DOM binding started once at boot; it returns
 * its own teardown.
 */
export interface ServiceContext {
  document: Document;
  window: Window & typeof globalThis;
  clock: Clock;
  inspect?: (event: InspectionEvent) => void;
  /** The page's seed (runtime/random.ts), for a service that draws a random number. */
  seed?: number;
}

export interface PageService {
  name: string;
  /**
   * When boot starts the service (issue 35, goal 3 and issue 49, goal 2: no task over 50 ms while
   * the page loads). Every service but the 'entry' ones starts in a task of its own, so the browser
   * may paint between two: a service's first writes must draw what the prerendered markup shows.
   * - `'boot'` (the default): first, in order, a task each after the island scanner's. For a
   *   service that sets up what the page shows (the header's state and heights, a menu item, a margin).
   * - `'after-boot'`: a task each after those, in order. For a service that changes nothing on
   *   screen when it starts, only answering input or observing (tooltips, scroll spy's observer,
   *   field data).
   * - `'entry'`: in the entry's own task, before any other service and before DOMContentLoaded.
   *   For an API a site owner's script calls once the document has loaded (the donate API, issue
   *   49.b); it must be cheap, as it adds to the entry's task.
   */
  starts?: 'entry' | 'boot' | 'after-boot';
  start(context: ServiceContext): () => void;
}
