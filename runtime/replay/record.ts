import type { AnyActorRef } from 'xstate';
import type { TraceEntry } from '../inspect';
import type { PageScenario, Scenario, ScenarioStep, StateValueJson } from './scenario';

/**
 * Turns what one actor did in a page (its part of the trace) into a replay scenario: the gaps
 * between events become clock advances (which also fire the actor's own timers), each event a
 * send, each state it then rested in an expectation, and the facts the page gave it (its random
 * seed, its guards' readings of the page) the scenario's `seed` and `facts` (issue 28).
 */
export function scenarioFromTrace(
  entries: readonly TraceEntry[],
  session: string,
  machine: string,
  input?: Record<string, unknown>,
): Scenario {
  const mine = entries.filter((entry) => entry.session === session);
  // A child machine replays itself in the replay; a promise's or callback's answer is the page's
  // (the network, an adapter) and is re-sent. Promise and callback logic has no machine id.
  const childMachines = new Set(entries.filter((entry) => entry.kind === 'actor' && entry.session !== session && entry.machine !== undefined).map((entry) => entry.actor));
  const steps: ScenarioStep[] = [];
  const facts: Record<string, unknown[]> = {};
  let seed: number | undefined;
  let last = startedAt(mine);
  // An event sent before the actor started (a view's mount effect runs before the island starts its
  // actor) is recorded before the initial snapshot but handled after it: it is sent after the first
  // expectation, as the actor saw it (issue 28: the video and media player's `*.mounted`).
  let started = false;
  const early: ScenarioStep[] = [];
  // Issue 51: an actor handles one event at a time, each ending in one snapshot. An event sent to it
  // while it handles another (a consent channel's answer as the video's `mounted` starts it, a view
  // answering a snapshot) is recorded before that other event's snapshot but handled after it: it
  // is sent after that snapshot's expectation, as the actor saw it. `unanswered` counts the events
  // sent and not yet ended in a snapshot; `waiting`, the sends recorded meanwhile (null: a timer's
  // or a child's event, which has no step of its own but holds its place in the line). On a real
  // clock the two moments differ by a millisecond, and the replay of a visitor's report sent both
  // events before it checked the first's state (the video pages' reports).
  let unanswered = 0;
  const waiting: Array<ScenarioStep | null> = [];
  const advanceTo = (at: number) => {
    if (at > last) steps.push({ advance: at - last });
    last = Math.max(last, at);
  };
  for (const entry of mine) {
    if (entry.kind === 'fact') {
      if (entry.name === 'random.seed' && typeof entry.value === 'number') seed = entry.value;
      else (facts[entry.name] ??= []).push(entry.value);
    } else if (entry.kind === 'event') {
      const type = entry.event.type;
      if (type === 'xstate.init') continue;
      if (started && unanswered++ > 0) {
        waiting.push(entry.timer || !replayedSend(type, childMachines) ? null : { send: entry.event });
        continue;
      }
      // The actor's own timers fire again in the replay as the clock advances: not sends.
      if (entry.timer || type.startsWith('xstate.after')) {
        // When it was due, where the clock fired it late: the replay's clock fires it then.
        const due = entry.due ?? entry.at;
        if (due > last) {
          advanceTo(due);
          continue;
        }
        const previous = steps.at(-1);
        // Due in the advance that just reached this moment: that advance fires it in the replay too.
        if (previous && 'advance' in previous) continue;
        // A state the clock entered (no send since the advance) and a timer due at that same moment
        // left: one advance fires both, the page's as the replay's (the clock fires timers set by
        // timers that fall due in its window), so the actor never rested in it between two moves of
        // the clock and no replay can see it. Issue 28: the accordion slider's autoplay move armed its
        // 0 ms transition and the saved `animating` failed as `idle`.
        const before = steps.at(-2);
        if (previous && 'expect' in previous && before && 'advance' in before) {
          steps.pop();
          continue;
        }
        // A timer due at once after a send (0 ms, or due the moment the event arrived) needs an
        // advance of its own: the replay's clock fires only what an advance reaches.
        steps.push({ advance: 0 });
        continue;
      }
      if (!replayedSend(type, childMachines)) continue;
      if (!started) {
        early.push({ send: entry.event });
        continue;
      }
      advanceTo(entry.at);
      steps.push({ send: entry.event });
    } else if (entry.kind === 'snapshot') {
      advanceTo(entry.at);
      const previous = steps.at(-1);
      const expectation = { expect: entry.state as StateValueJson };
      if (previous && 'expect' in previous) steps[steps.length - 1] = expectation;
      else steps.push(expectation);
      if (!started) {
        steps.push(...early);
        unanswered = early.length;
      } else if (unanswered > 0) {
        unanswered--;
        const next = waiting.shift();
        if (next) steps.push(next);
      }
      started = true;
    }
  }
  return {
    name: `${machine}: recorded in the page`,
    machine,
    ...(input ? { input } : {}),
    ...(seed !== undefined ? { seed } : {}),
    ...(Object.keys(facts).length > 0 ? { facts } : {}),
    steps,
  };
}

/**
 * When the page started the actor (its first snapshot), else when it was made. A view's actor is
 * made as the view mounts and started once React has hydrated (runtime/mount.tsx), a task or more
 * later on a busy page; its timers count from the start, and so does its replay (issue 51: a
 * gallery's staggered reveal replayed from the making ran ahead of the page's by that gap).
 */
function startedAt(mine: readonly TraceEntry[]): number {
  return (mine.find((entry) => entry.kind === 'snapshot') ?? mine[0])?.at ?? 0;
}

/**
 * Whether the replay sends an event the actor got: not XState's own, except a promise's or
 * callback's answer (the page's: the network, an adapter), which is re-sent. A child machine
 * replays itself in the replay, and its answer with it.
 */
function replayedSend(type: string, childMachines: ReadonlySet<string>): boolean {
  if (type.startsWith('xstate.done.actor.') || type.startsWith('xstate.error.actor.')) return !childMachines.has(type.replace(/^xstate\.(done|error)\.actor\./, ''));
  return !type.startsWith('xstate.');
}

/** Input as JSON: functions (now, random) are dropped; the replay gives its own. */
export function jsonInput(input: unknown): Record<string, unknown> | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  return JSON.parse(JSON.stringify(input)) as Record<string, unknown>;
}

/** An actor of the page as the whole-page save needs it: its session, and its input if it is live. */
export interface PageActor {
  session: string;
  input?: unknown;
}

/** The page's own actors (not a child, which replays inside its parent) with the input each was made with. */
export function pageActors(actors: Iterable<AnyActorRef>): PageActor[] {
  return [...actors].filter((actor) => !actor._parent).map((actor) => ({ session: actor.sessionId, input: actorInput(actor) }));
}

/** The input an actor was created with (XState keeps its options). */
export function actorInput(actor: AnyActorRef): unknown {
  return (actor as unknown as { options?: { input?: unknown } }).options?.input;
}

/**
 * The whole page as one file (issue 28): a scenario for every actor the page started itself (not a
 * child, which replays inside its parent), named after its id minus its counter, each with when it
 * started on the page's timeline. An actor whose creation the trace ring no longer holds cannot be
 * replayed from its start: it is named under `incomplete` instead.
 */
export function pageScenarioFromTrace(entries: readonly TraceEntry[], roots: readonly PageActor[], page: { path: string; seed?: number }): PageScenario {
  const origin = entries[0]?.at ?? 0;
  const created = new Map<string, Extract<TraceEntry, { kind: 'actor' }>>();
  for (const entry of entries) if (entry.kind === 'actor' && !created.has(entry.session)) created.set(entry.session, entry);
  const actors: PageScenario['actors'] = [];
  const incomplete: string[] = [];
  for (const root of roots) {
    const first = created.get(root.session);
    const anything = entries.find((entry) => entry.session === root.session);
    if (!first) {
      if (anything) incomplete.push(anything.actor);
      continue;
    }
    // A promise or callback the page runs on its own has no machine: nothing to replay.
    if (first.machine === undefined) continue;
    const machine = replayName(first.actor, first.machine);
    actors.push({ start: startedAt(entries.filter((entry) => entry.session === root.session)) - origin, ...scenarioFromTrace(entries, root.session, machine, jsonInput(root.input)) });
  }
  return {
    name: `page ${page.path}: recorded in the page`,
    page: page.path,
    ...(page.seed !== undefined ? { seed: page.seed } : {}),
    actors,
    ...(incomplete.length > 0 ? { incomplete } : {}),
  };
}

/**
 * The catalog name a saved scenario uses: the actor id minus its counter (`slideshow-1` ->
 * `slideshow`); an actor XState named itself (`x:7`, created without an id) goes by its machine's
 * id, which the replay also finds.
 */
export function replayName(actorId: string, machineId: string | undefined): string {
  return /^x:\d+$/.test(actorId) && machineId ? machineId : actorId.replace(/-\d+$/, '');
}
