import { createActor, type AnyActorRef, type AnyStateMachine, type InspectionEvent } from 'xstate';
import { type Clock } from '../../runtime/clock';
import { createTestClock } from '../../runtime/test-clock';
import { catalog } from '../replay/demo-catalog/index';
import type { CatalogEntry } from '../../runtime/replay/catalog-types';
import { loadSiteConfig, siteDir } from '../../server/site-folder';

/**
 * The home page's timers on one test clock, as `npm run bench:replay` replays them: the hero
 * slideshow (4 slides, autoplay every 6 s, endless), the countdown to the next fundraiser (ticks
 * every second), the year's animated counters and the appeals' progress bars, with the inputs the
 * page gives them and the replay catalog's fakes for what a browser would measure.
 */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** The home page's figures, from the site's data modules (the demo's config: `data.fundraiser`). */
interface HomeFigures {
  yearInNumbers: ReadonlyArray<{ number: number }>;
  appealProgress: readonly unknown[];
}

function homeFigures(data: object): HomeFigures {
  const fundraiser: unknown = 'fundraiser' in data ? data.fundraiser : undefined;
  if (typeof fundraiser === 'object' && fundraiser !== null && 'yearInNumbers' in fundraiser && 'appealProgress' in fundraiser) {
    const { yearInNumbers, appealProgress } = fundraiser;
    if (Array.isArray(yearInNumbers) && Array.isArray(appealProgress) && yearInNumbers.every((item: unknown) => typeof item === 'object' && item !== null && 'number' in item && typeof item.number === 'number')) {
      return { yearInNumbers, appealProgress };
    }
  }
  throw new Error('bench:replay replays a home page with a year in numbers and appeals: the site config has no data.fundraiser { yearInNumbers, appealProgress }');
}

const { yearInNumbers, appealProgress } = homeFigures((await loadSiteConfig(siteDir())).data);

type Catalog = Readonly<Record<string, CatalogEntry>>;

function entryOf(machines: Catalog, name: string): CatalogEntry {
  const found = machines[name];
  if (!found) throw new Error(`the replay catalog has no '${name}'`);
  return found;
}

export interface HomeDay {
  /** How long the replay took, in real ms. */
  ms: number;
}

/**
 * Replays `ms` of the home page with what `listenOn(clock)` returns listening to every actor (or
 * nothing: bare). `machines` is the replay catalog (another checkout's, for bench:replay --baseline).
 */
export function replayHomePage(ms: number, listenOn?: (clock: Clock) => (event: InspectionEvent) => void, machines: Catalog = catalog): HomeDay {
  const entry = (name: string) => entryOf(machines, name);
  const start = Date.UTC(2026, 10, 24, 9);
  const clock = createTestClock(start);
  // No listener at all when bare: XState then skips building inspection events.
  const listen = listenOn?.(clock);
  const actors: AnyActorRef[] = [];
  const run = (name: string, input: Record<string, unknown>, startEvent?: { type: string } & Record<string, unknown>) => {
    const { machine, provide } = entry(name);
    const logic: AnyStateMachine = provide ? machine.provide(provide) : machine;
    const actor = createActor(logic, { input: { now: clock.now, ...input }, clock, ...(listen ? { inspect: listen } : {}), id: `${name}-${actors.length}` }).start();
    if (startEvent) actor.send(startEvent);
    actors.push(actor);
  };

  const slideshow = entry('slideshow').input ?? {};
  run('slideshow', { ...slideshow, count: 4, initial: 0 });
  // The countdown never ends within the day: the fundraiser is weeks away.
  run('countdown', { target: start + 40 * DAY_MS, smallest: 1, largest: 5 }, { type: 'countdown.start' });
  for (const item of yearInNumbers) run('animated-number', { number: item.number, startFrom: 0, durationMs: 3000 }, { type: 'view.enter', reducedMotion: false });
  run('progress-bars', { count: appealProgress.length }, { type: 'view.enter', reducedMotion: false });

  const started = performance.now();
  clock.advanceBy(ms);
  const took = performance.now() - started;
  for (const actor of actors) actor.stop();
  return { ms: took };
}
