/**
 * A replay scenario: a machine, its input and a timeline of steps, as JSON a tester can write by
 * hand or save from a page's trace.
 *
 * {
 *   "name": "dosing: junk clears the field",
 *   "machine": "dosing-filter",
 *   "input": { "alertMessage": "Call your doctor." },
 *   "steps": [
 *     { "send": { "type": "filter.change", "value": "abc" } },
 *     { "expect": "askingForWeight", "context": { "value": "" } },
 *     { "advance": 1000 }
 *   ]
 * }
 */
export type StateValueJson = string | { [key: string]: StateValueJson };

export type ScenarioStep =
  | { send: { type: string } & Record<string, unknown> }
  | { advance: number }
  | { expect: StateValueJson; context?: Record<string, unknown> };

export interface Scenario {
  name: string;
  machine: string;
  input?: Record<string, unknown>;
  /** Seed of the injected random(), for machines that take one (a saved scenario: the actor's own seed in the page). */
  seed?: number;
  /**
   * What the page answered, in order, each time one of the widget's guards read it (issue 28):
   * `{ "imagesReady": [false, true] }`. The replay gives these answers back; once they run out it
   * asks the catalog's fake.
   */
  facts?: Record<string, unknown[]>;
  steps: ScenarioStep[];
}

/** Checks a parsed JSON value is a scenario; the messages say where it is wrong. */
export function parseScenario(json: unknown, source = 'scenario'): Scenario {
  const fail = (message: string): never => {
    throw new Error(`${source}: ${message}`);
  };
  if (typeof json !== 'object' || json === null || Array.isArray(json)) fail('must be a JSON object');
  const value = json as Record<string, unknown>;
  if (typeof value.machine !== 'string' || value.machine === '') fail('"machine" must name a machine');
  if (value.input !== undefined && (typeof value.input !== 'object' || value.input === null || Array.isArray(value.input))) fail('"input" must be an object');
  if (value.seed !== undefined && typeof value.seed !== 'number') fail('"seed" must be a number');
  if (value.facts !== undefined && (typeof value.facts !== 'object' || value.facts === null || Array.isArray(value.facts) || !Object.values(value.facts).every(Array.isArray)))
    fail('"facts" must be an object of arrays: { "guardName": [answers…] }');
  if (!Array.isArray(value.steps)) fail('"steps" must be an array');
  const steps = (value.steps as unknown[]).map((step, index): ScenarioStep => {
    const where = `step ${index + 1}`;
    if (typeof step !== 'object' || step === null) return fail(`${where} must be an object`);
    const s = step as Record<string, unknown>;
    if ('send' in s) {
      const event = s.send as Record<string, unknown> | null;
      if (typeof event !== 'object' || event === null || typeof event.type !== 'string') return fail(`${where}: "send" needs an event with a "type"`);
      return { send: event as ScenarioStep & { type: string } };
    }
    if ('advance' in s) {
      if (typeof s.advance !== 'number' || !(s.advance >= 0)) return fail(`${where}: "advance" must be a number of ms, 0 or more`);
      return { advance: s.advance };
    }
    if ('expect' in s) {
      if (typeof s.expect !== 'string' && (typeof s.expect !== 'object' || s.expect === null)) return fail(`${where}: "expect" must be a state value`);
      if (s.context !== undefined && (typeof s.context !== 'object' || s.context === null)) return fail(`${where}: "context" must be an object`);
      return { expect: s.expect as StateValueJson, context: s.context as Record<string, unknown> | undefined };
    }
    return fail(`${where} must have "send", "advance" or "expect"`);
  });
  return {
    name: typeof value.name === 'string' ? value.name : (value.machine as string),
    machine: value.machine as string,
    input: value.input as Record<string, unknown> | undefined,
    seed: value.seed as number | undefined,
    ...(value.facts !== undefined ? { facts: value.facts as Record<string, unknown[]> } : {}),
    steps,
  };
}

/**
 * A whole page saved at once (issue 28, the inspector's "Save page as scenario"): every actor the
 * page ran, each an ordinary scenario, on the page's one timeline: `start` is when the actor began,
 * in ms after the first thing the page recorded. Actors on a page share nothing but the clock (what
 * one does to another reaches it as an event, recorded in its own steps), so each replays on its own
 * test clock and the page passes when every actor does.
 *
 * {
 *   "name": "page /: recorded in the page",
 *   "page": "/",
 *   "seed": 42,
 *   "actors": [ { "start": 0, "machine": "slideshow", "steps": […] }, { "start": 16, "machine": "sticky-header", … } ]
 * }
 */
export interface PageScenario {
  name: string;
  /** The page's path (and query) it was recorded on. */
  page?: string;
  /** The page's seed (`?seed=<n>`): open the page with it to run the same random numbers. */
  seed?: number;
  actors: Array<Scenario & { start: number }>;
  /** Actors the page ran whose beginning the trace no longer held: not in `actors`, named here. */
  incomplete?: string[];
}

export function isPageScenario(json: unknown): boolean {
  return typeof json === 'object' && json !== null && !Array.isArray(json) && 'actors' in json && !('machine' in json);
}

/** Checks a page scenario; an actor's problem names it (`actor 3 (slideshow): step 2 …`). */
export function parsePageScenario(json: unknown, source = 'scenario'): PageScenario {
  const value = json as Record<string, unknown>;
  if (!Array.isArray(value.actors)) throw new Error(`${source}: "actors" must be an array of scenarios`);
  if (value.seed !== undefined && typeof value.seed !== 'number') throw new Error(`${source}: "seed" must be a number`);
  const actors = (value.actors as unknown[]).map((actor, index) => {
    const machine = typeof actor === 'object' && actor !== null && typeof (actor as { machine?: unknown }).machine === 'string' ? ` (${(actor as { machine: string }).machine})` : '';
    const scenario = parseScenario(actor, `${source}: actor ${index + 1}${machine}`);
    const start = (actor as { start?: unknown }).start ?? 0;
    if (typeof start !== 'number' || !(start >= 0)) throw new Error(`${source}: actor ${index + 1}${machine}: "start" must be a number of ms, 0 or more`);
    return { ...scenario, start };
  });
  return {
    name: typeof value.name === 'string' ? value.name : 'page',
    ...(typeof value.page === 'string' ? { page: value.page } : {}),
    ...(value.seed !== undefined ? { seed: value.seed as number } : {}),
    actors,
    ...(Array.isArray(value.incomplete) ? { incomplete: value.incomplete.map(String) } : {}),
  };
}

/**
 * Any scenario file as the scenarios it replays: a one-actor file is one; a page file is each of its
 * actors, named `<page name> / <actor's machine>`.
 */
export function parseScenarioFile(json: unknown, source = 'scenario'): Array<Scenario & { start?: number }> {
  if (!isPageScenario(json)) return [parseScenario(json, source)];
  const page = parsePageScenario(json, source);
  return page.actors.map((actor) => ({ ...actor, name: `${page.name} / ${actor.machine} (+${actor.start} ms)` }));
}
