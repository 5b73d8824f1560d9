import type { AnyActorRef, InspectionEvent } from 'xstate';
import type { TestClock } from '../clock';
import { createRealClock } from '../clock';
import type { ActorEnv } from '../actor';
import type { IslandController, ResumableIsland } from '../islands';
import { seededRandom } from '../random';
import { startPageReplay, type PageReplay, type ReplayActor, type ReplayTarget, type StepReport } from './page-replay';
import { replayName } from './record';
import { isPageScenario, parsePageScenario, parseScenario } from './scenario';

/**
 * Issue 28.3: `?replay=<name or address>` on an inspected page with a paused clock (`npm run dev`
 * adds `inspect&clock=paused` to any page opened with `?replay=`: tooling/build/dev-replay-url.ts).
 * The page fetches the scenario (a name: a file of tests/scenarios/, which only `npm run dev` serves
 * at SCENARIOS_PATH; an address: a same-origin JSON file), makes the islands it names again and
 * re-enacts it step by step (runtime/replay/page-replay.ts) from a bar on the page: "Next step",
 * "Play". Each `expect` is checked as it comes; a divergence is shown with its step, the expected and
 * the actual. Bad input is one message in the bar and one console warning; the page works as usual.
 * Loaded by runtime/inspector.ts only when the address has `replay`, so no page's entry carries it.
 */
export const SCENARIOS_PATH = '/__scenarios/';
/** A scenario's name as `?replay=` gives it: a file name of tests/scenarios/, without folders. */
const SCENARIO_NAME = /^[\w-]+(?:\.json)?$/;
/** The longest pause "Play" makes between two steps (an advance waits as long as it moved the clock, up to this). */
export const PLAY_STEP_MAX_MS = 1000;
/** "Play"'s pause after a step that moved no time. */
export const PLAY_STEP_MS = 250;

/** Where `?replay=<value>` reads the scenario from, or why it cannot. */
export function scenarioAddress(value: string, origin: string): { url: string } | { problem: string } {
  if (SCENARIO_NAME.test(value)) return { url: `${SCENARIOS_PATH}${value.replace(/\.json$/, '')}.json` };
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return { problem: `?replay=${value}: not a scenario name or an address` };
  }
  // Nothing leaves the machine: a scenario is read from the page's own server only.
  if (url.origin !== origin || !value.startsWith('/')) return { problem: `?replay=${value}: give a scenario name (a file of tests/scenarios/) or an address on this site starting with /` };
  return { url: url.pathname + url.search };
}

/** The actors a scenario file replays: a page file's each, a one-actor file's one at the start. */
export function replayActors(json: unknown, source: string): { name: string; actors: ReplayActor[] } {
  if (isPageScenario(json)) {
    const page = parsePageScenario(json, source);
    return { name: page.name, actors: page.actors };
  }
  const scenario = parseScenario(json, source);
  return { name: scenario.name, actors: [{ ...scenario, start: 0 }] };
}

/**
 * The island each actor plays on: of the free islands whose widget, actor name or machine is the
 * actor's `machine`, the first made with the actor's `input` (two videos of one page differ only
 * there), else the first. Page order and start order can differ, so order alone is not enough.
 */
export function matchIslands(actors: readonly ReplayActor[], islands: readonly Pick<ResumableIsland, 'widget' | 'actor'>[]): Array<number | undefined> {
  const taken = new Set<number>();
  return actors.map((actor) => {
    const candidates = islands.flatMap((island, index) => {
      if (taken.has(index)) return [];
      const machine = (island.actor as unknown as { logic?: { id?: string } }).logic?.id;
      return island.widget === actor.machine || machine === actor.machine || replayName(island.actor.id, machine) === actor.machine ? [index] : [];
    });
    const wanted = actor.input === undefined ? undefined : canonical(actor.input);
    const found = candidates.find((index) => wanted !== undefined && canonical(inputOf(islands[index]?.actor)) === wanted) ?? candidates[0];
    if (found === undefined) return undefined;
    taken.add(found);
    return found;
  });
}

/** The input an actor was made with (XState keeps it in the actor's options). */
const inputOf = (actor: AnyActorRef | undefined): unknown => (actor as unknown as { options?: { input?: unknown } } | undefined)?.options?.input;

/** JSON with its object keys sorted: two inputs are the same when these are. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner) ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b))) : inner,
  );
}

export interface InPageOptions {
  window: Window;
  /** The page's paused clock; without it the page cannot replay. */
  clock: TestClock | undefined;
  islands: IslandController;
  /** The page's recorders (its trace and the inspector), for the actors the replay makes. */
  inspect: (event: InspectionEvent) => void;
  note: ActorEnv['note'];
}

/** Fetches `?replay=`'s scenario and puts its bar on the page; resolves with the replay (undefined on bad input). */
export async function replayInPage({ window: win, clock, islands, inspect, note }: InPageOptions): Promise<PageReplay | undefined> {
  const value = new URLSearchParams(win.location.search).get('replay') ?? '';
  const bar = replayBar(win.document);
  const fail = (message: string) => {
    console.warn(`[sitecharts] ${message}`);
    bar.problem(message);
    return undefined;
  };
  if (!clock) return fail('?replay= needs a paused clock: open the page with ?inspect&clock=paused&replay=… (npm run dev adds them).');
  const address = scenarioAddress(value, win.location.origin);
  if ('problem' in address) return fail(address.problem);
  let text: string;
  try {
    const answer = await win.fetch(address.url, { headers: { accept: 'application/json' }, cache: 'no-store' });
    text = await answer.text();
    if (!answer.ok) {
      const served = answer.headers.get('content-type')?.includes('json') ? readError(text) : undefined;
      return fail(served ?? `?replay=${value}: no scenario at ${address.url} (${answer.status}). Scenario names are files of tests/scenarios/, served by npm run dev only; the built server (npm start) does not serve them.`);
    }
  } catch (error) {
    return fail(`?replay=${value}: the scenario could not be read (${error instanceof Error ? error.message : String(error)})`);
  }
  let scenario: ReturnType<typeof replayActors>;
  try {
    scenario = replayActors(JSON.parse(text), value);
  } catch (error) {
    return fail(error instanceof SyntaxError ? `${value}: not JSON (${error.message})` : `not a scenario: ${error instanceof Error ? error.message : String(error)}`);
  }

  await islands.hydrateAll();
  const page = await islands.resumable();
  const matches = matchIslands(scenario.actors, page);
  /** Actors whose scenario has an input no island of the page was made with: they run with the scenario's. */
  const ownInput: string[] = [];
  const targets = scenario.actors.map((actor, index): ReplayTarget | undefined => {
    const island = page[matches[index] ?? -1];
    if (!island) return undefined;
    // The island's first actor stops now: its view shows the replay's from the actor's beginning.
    island.actor.stop();
    const random = actor.seed === undefined ? {} : { seed: undefined, random: seededRandom(actor.seed) };
    // The scenario's own input, where it has one: what the machine was given decides what it does.
    const given = actor.input === undefined ? {} : { input: actor.input };
    if (actor.input !== undefined && canonical(actor.input) !== canonical(inputOf(island.actor))) ownInput.push(actor.machine);
    return { create: (gate) => island.recreate({ inspect, note, gate, ...random, ...given }), adopt: (next: AnyActorRef) => island.adopt(next) };
  });
  const missing = scenario.actors.filter((_, index) => !targets[index]).map((actor) => actor.machine);
  if (missing.length === scenario.actors.length) return fail(`${value}: this page has no island for ${missing.join(', ')}; the page runs as usual.`);
  const replay = startPageReplay(scenario.actors, targets, clock);
  bar.begin(scenario.name, replay, missing, ownInput);
  return replay;
}

function readError(text: string): string | undefined {
  try {
    const { problem } = JSON.parse(text) as { problem?: unknown };
    return typeof problem === 'string' ? problem : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The replay's controls on the page, in a "Scenario replay" landmark: the scenario, the step just
 * done, the first divergence (an alert), "Next step" and "Play" / "Pause".
 */
function replayBar(doc: Document) {
  const region = doc.createElement('aside');
  region.setAttribute('aria-label', 'Scenario replay');
  region.dataset.scenarioReplay = '';
  region.style.cssText =
    'position:fixed;inset-block-end:1rem;inset-inline-start:1rem;z-index:2147483647;max-width:min(36rem,calc(100vw - 2rem));padding:0.75rem 1rem;background:#1d2a4d;color:#fff;border:2px solid #fff;border-radius:0.5rem;font:0.875rem/1.4 system-ui,sans-serif;';
  const title = doc.createElement('p');
  title.style.cssText = 'margin:0 0 0.25rem;font-weight:700;';
  title.textContent = 'Scenario replay';
  const status = doc.createElement('p');
  status.setAttribute('role', 'status');
  status.dataset.testid = 'replay-step';
  status.style.margin = '0';
  const alert = doc.createElement('p');
  alert.setAttribute('role', 'alert');
  alert.dataset.testid = 'replay-problem';
  alert.style.cssText = 'margin:0.25rem 0 0;font-weight:700;color:#ffd7d7;white-space:pre-wrap;';
  const controls = doc.createElement('p');
  controls.style.cssText = 'margin:0.5rem 0 0;display:flex;gap:0.5rem;';
  const button = (label: string) => {
    const made = doc.createElement('button');
    made.type = 'button';
    made.textContent = label;
    made.style.cssText = 'font:inherit;padding:0.25rem 0.75rem;background:#fff;color:#1d2a4d;border:0;border-radius:0.25rem;cursor:pointer;';
    return made;
  };
  region.append(title, status, alert);
  doc.body.append(region);

  return {
    problem(message: string) {
      alert.textContent = message;
    },
    begin(name: string, replay: PageReplay, missing: readonly string[], ownInput: readonly string[]) {
      title.textContent = `Scenario replay: ${name}`;
      const next = button('Next step');
      const play = button('Play');
      controls.append(next, play);
      region.append(controls);
      const skipped = missing.length > 0 ? ` Not on this page, left out: ${missing.join(', ')}.` : '';
      // The view still shows the island's own settings and content; the machine runs on the scenario's input.
      const own = ownInput.length > 0 ? ` Run with the scenario's input, not this page's settings: ${ownInput.join(', ')}.` : '';
      status.textContent = `Step 0 of ${replay.total}: at the start.${skipped}${own}`;
      const real = createRealClock();
      let playing: number | undefined;
      const show = (report: StepReport) => {
        const end = replay.finished() ? ` Finished: ${replay.divergences.length === 0 ? 'every expectation held' : `${replay.divergences.length} diverged`}; the page runs live from here.` : '';
        status.textContent = `Step ${report.number} of ${report.total}: ${report.text}.${end}`;
        const first = replay.divergences[0];
        if (report.divergence && first === report.divergence) {
          const message = `Diverged at step ${first.step} (${first.actor} step ${first.actorStep}): expected ${first.expected.replace(/^expect /, '')}; actual: ${first.actual}`;
          alert.textContent = message;
          console.warn(`[sitecharts] scenario replay: ${message}`);
        }
        if (replay.finished()) {
          next.disabled = true;
          play.disabled = true;
        }
      };
      const stop = () => {
        if (playing !== undefined) real.clearTimeout(playing);
        playing = undefined;
        play.textContent = 'Play';
      };
      const step = () => {
        const report = replay.next();
        if (report) show(report);
        return report;
      };
      next.addEventListener('click', () => {
        stop();
        step();
      });
      const tick = () => {
        const report = step();
        if (!report || replay.finished() || report.divergence) return stop();
        playing = real.setTimeout(tick, report.moved > 0 ? Math.min(PLAY_STEP_MAX_MS, report.moved) : PLAY_STEP_MS);
      };
      play.addEventListener('click', () => {
        if (playing !== undefined) return stop();
        play.textContent = 'Pause';
        tick();
      });
    },
  };
}
