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
  start(context: ServiceContext): () => void;
}
