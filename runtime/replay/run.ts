import { createActor, type AnyStateMachine } from 'xstate';
import { createTestClock } from '../test-clock';
import { createTraceRecorder, type TraceEntry } from '../inspect';
import type { CatalogEntry } from './catalog-types';
import { seededRandom } from '../random';
import { describeExpectation, expectationProblems } from './expect';
import type { Scenario } from './scenario';

/** What a replay printed, and the expectations that did not hold. */
export interface ReplayResult {
  scenario: string;
  lines: string[];
  totalLines: number;
  failures: string[];
}

export interface ReplayOptions {
  /** How many of the last lines `lines` keeps (all of them unless given). */
  keepLines?: number;
  onLine?: (line: string) => void;
  /** Sees every trace entry, each snapshot with its object (the inspector steps through them, issue 29). */
  onEntry?: (entry: TraceEntry) => void;
  /** After each step: its index (from 0) and, for an `expect`, what did not hold (empty: it held). */
  onStep?: (index: number, problems: readonly string[]) => void;
}

export { seededRandom } from '../random';

/** The catalog entry a scenario names: by its key (the widget's name) or by the machine's own id. */
export function findEntry(catalog: Readonly<Record<string, CatalogEntry>>, machine: string): CatalogEntry | undefined {
  return catalog[machine] ?? Object.values(catalog).find((candidate) => candidate.machine.id === machine);
}

/**
 * Replays a scenario on the ordered test clock; the result is the printed trace and any failed
 * expectations. A long replay (a day of ticks) prints hundreds of thousands of lines: `lines`
 * keeps the last `keepLines`, `totalLines` counts them all, and `onLine` sees every one as it is
 * printed (the CLI's --out file).
 */
export function runScenario(scenario: Scenario, catalog: Readonly<Record<string, CatalogEntry>>, options: ReplayOptions = {}): ReplayResult {
  const entry = findEntry(catalog, scenario.machine);
  if (!entry) {
    return { scenario: scenario.name, lines: [], totalLines: 0, failures: [`no machine named '${scenario.machine}'; known: ${Object.keys(catalog).join(', ')}`] };
  }
  const keep = options.keepLines ?? Infinity;
  const lines: string[] = [];
  let totalLines = 0;
  const print = (text: string) => {
    totalLines++;
    options.onLine?.(text);
    lines.push(text);
    // Dropped in batches, so that keeping the last N costs O(1) a line.
    if (lines.length >= 2 * keep) lines.splice(0, lines.length - keep);
  };
  const clock = createTestClock();
  // Known once the actor is created; its own entries (the first is its creation) come after.
  let session: string | undefined = undefined;
  // Stopping the actor at the end is the replay's doing, not the scenario's: not printed.
  let stopped = false;
  // The scenario's actor prints its events, microsteps and states; a child (an invoked request, a
  // spawned delivery) prints one `child` line per snapshot: its id, its status, its output once done.
  // Each entry is printed as it is recorded, so the recorder itself keeps none.
  const recorder = createTraceRecorder(clock, {
    limit: 1,
    snapshots: options.onEntry !== undefined,
    onEntry(item) {
      if (!stopped) options.onEntry?.(item);
      if (item.kind === 'actor' || stopped) return;
      if (item.session !== session) {
        if (item.kind === 'snapshot') print(line(item.at, 'child', describeChild(item)));
        return;
      }
      if (item.kind === 'event' && item.timer) print(line(item.at, 'timer', item.event.type));
      else if (item.kind === 'event' && item.event.type !== 'xstate.init') print(line(item.at, 'event', describeEvent(item.event)));
      if (item.kind === 'microstep') for (const transition of item.transitions) print(line(item.at, 'step', transition));
      if (item.kind === 'snapshot') print(line(item.at, 'state', JSON.stringify(item.state)));
    },
  });
  const faked: AnyStateMachine = entry.provide ? entry.machine.provide(entry.provide) : entry.machine;
  const logic = scenario.facts ? withFacts(faked, scenario.facts) : faked;
  const input = { now: clock.now, random: seededRandom(scenario.seed), ...(scenario.input ?? entry.input ?? {}) };
  const failures: string[] = [];
  const actor = createActor(logic, { input, clock, inspect: recorder.inspect, id: scenario.machine });
  session = actor.sessionId;

  actor.start();
  scenario.steps.forEach((step, index) => {
    if ('send' in step) actor.send(step.send);
    else if ('advance' in step) {
      print(line(clock.now(), 'clock', `advance ${step.advance} ms`));
      clock.advanceBy(step.advance);
    }
    if ('expect' in step) {
      const problems = expectationProblems(actor.getSnapshot(), step);
      const what = describeExpectation(step);
      if (problems.length === 0) print(line(clock.now(), 'ok', what));
      else {
        failures.push(`step ${index + 1}: ${what}: ${problems.join('; ')}`);
        print(line(clock.now(), 'FAIL', `${what}: ${problems.join('; ')}`));
      }
      options.onStep?.(index, problems);
    } else options.onStep?.(index, []);
  });
  stopped = true;
  actor.stop();
  return { scenario: scenario.name, lines: lines.slice(-keep), totalLines, failures };
}

/**
 * The page's recorded answers for the widget's guards, given back in order (issue 28); when they
 * run out (a scenario edited by hand), the catalog's fake answers.
 */
function withFacts(logic: AnyStateMachine, facts: Readonly<Record<string, readonly unknown[]>>): AnyStateMachine {
  const fallback = logic.implementations.guards as Record<string, unknown>;
  const guards = Object.fromEntries(
    Object.entries(facts).map(([name, answers]) => {
      let next = 0;
      const otherwise = fallback[name];
      return [
        name,
        (...args: unknown[]) => {
          if (next < answers.length) return Boolean(answers[next++]);
          return typeof otherwise === 'function' ? Boolean(otherwise(...args)) : false;
        },
      ];
    }),
  );
  return logic.provide({ guards } as Parameters<AnyStateMachine['provide']>[0]);
}

function line(at: number, kind: string, text: string) {
  return `${String(at).padStart(9)} ms  ${kind.padEnd(5)}  ${text}`;
}

function describeChild(snapshot: Extract<TraceEntry, { kind: 'snapshot' }>) {
  const value = snapshot.state === undefined ? '' : ` ${JSON.stringify(snapshot.state)}`;
  const output = snapshot.output === undefined ? '' : ` ${JSON.stringify(snapshot.output)}`;
  return `${snapshot.actor} ${snapshot.status}${value}${output}`;
}

function describeEvent(event: { type: string } & Record<string, unknown>) {
  const { type, ...rest } = event;
  return Object.keys(rest).length > 0 ? `${type} ${JSON.stringify(rest)}` : type;
}
