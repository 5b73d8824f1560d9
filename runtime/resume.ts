import type { AnyActorRef, EventObject } from 'xstate';
import type { TestClock } from './clock';
import type { TraceEntry } from './inspect';

/**
 * Issue 29: resume a paused page from a past moment of its trace. XState restores a snapshot
 * without the timers that were pending then, so the engine's way is a re-run: each island's actor is
 * made again (same settings, id and seed) and fed what it was given, in order, up to the chosen
 * moment (the events from outside it, the clock's advances, which fire its own timers again, and
 * the page's answers to its guards), on a clock rewound to the page's first moment. Then live input
 * takes over on the (still paused) clock.
 *
 * While re-running, an actor does not touch the page: the adapters' actions (write the hash, open a
 * window) are not done again, its guards get the page's recorded answers, and an adapter actor it
 * starts (a hash watcher, a request) waits for the hand-over; what those adapters answered then is in
 * the trace and is sent again. At the hand-over every waiting adapter whose actor is still running
 * starts for real, without repeating what it reports as it starts (the hash, the visibility at
 * start): the re-run already gave the actor what the page said then.
 */

/** What a re-run actor reads instead of the page while its past is re-run. */
export interface ReplayGate {
  replaying(): boolean;
  /** The page's recorded answers to the widget's own guards, by guard name, in order. */
  facts: Readonly<Record<string, readonly unknown[]>>;
  /** An adapter actor started while re-running: `begin` starts it for real at the hand-over. */
  defer(self: AnyActorRef, begin: () => void): void;
}

/** What runtime/actor.ts asks of a re-run: the widget's adapters as the re-run actor sees them. */
export interface ActorGate {
  implementations(provided: unknown): unknown;
}

export type ResumeStep =
  | { kind: 'create'; at: number; session: string; id: string }
  | { kind: 'start'; at: number; session: string }
  /** An event the actor (or its child at `path`, by invoke/spawn ids) got from outside the re-run. */
  | { kind: 'send'; at: number; session: string; path: string[]; event: EventObject }
  /** One of the re-run actors' own timers fired then: the clock advances to it. */
  | { kind: 'timer'; at: number };

export interface ResumePlan {
  /** The page's first recorded moment: the re-run's clock starts there. */
  start: number;
  /** The chosen moment: the re-run ends there. */
  end: number;
  steps: ResumeStep[];
  /** The page's answers to each re-run actor's guards, by its old session. */
  facts: Map<string, Record<string, unknown[]>>;
}

interface Known {
  actor: string;
  machine?: string;
  parent?: string;
}

/**
 * What re-running the actors of sessions `roots` (and their children) up to trace entry `index`
 * (a position in `entries`, which must start at the page's start) takes.
 */
export function planResume(entries: readonly TraceEntry[], index: number, roots: ReadonlySet<string>): ResumePlan {
  const last = Math.min(index, entries.length - 1);
  const known = new Map<string, Known>();
  const rootOf = (session: string): string => {
    let current = session;
    for (let parent = known.get(current)?.parent; parent !== undefined; parent = known.get(current)?.parent) current = parent;
    return current;
  };
  const pathOf = (session: string, root: string): string[] => {
    const path: string[] = [];
    for (let current = session; current !== root; ) {
      const info = known.get(current);
      if (!info?.parent) break;
      path.unshift(info.actor);
      current = info.parent;
    }
    return path;
  };
  const steps: ResumeStep[] = [];
  const facts = new Map<string, Record<string, unknown[]>>();
  for (let i = 0; i <= last; i++) {
    const entry = entries[i];
    if (!entry) continue;
    if (entry.kind === 'actor') {
      known.set(entry.session, { actor: entry.actor, machine: entry.machine, parent: entry.parent });
      if (roots.has(entry.session)) steps.push({ kind: 'create', at: entry.at, session: entry.session, id: entry.actor });
      continue;
    }
    const root = rootOf(entry.session);
    if (!roots.has(root)) continue;
    if (entry.kind === 'fact') {
      // The seed is not an answer: the actor, made under its old id, draws from the same one again.
      if (entry.name === 'random.seed') continue;
      const mine = facts.get(root) ?? {};
      (mine[entry.name] ??= []).push(entry.value);
      facts.set(root, mine);
    } else if (entry.kind === 'event') {
      if (entry.event.type === 'xstate.init') {
        if (entry.session === root) steps.push({ kind: 'start', at: entry.at, session: root });
      } else if (entry.timer) steps.push({ kind: 'timer', at: entry.at });
      else if (!sentByRerun(entry.source, known, rootOf, roots)) {
        steps.push({ kind: 'send', at: entry.at, session: root, path: pathOf(entry.session, root), event: entry.event });
      }
    }
  }
  return { start: entries[0]?.at ?? 0, end: entries[last]?.at ?? 0, steps, facts };
}

/** The sessions of the actors `roots` and of all their children, as the trace knows them. */
export function treeSessions(entries: readonly TraceEntry[], roots: ReadonlySet<string>): Set<string> {
  const trees = new Set(roots);
  for (const entry of entries) if (entry.kind === 'actor' && entry.parent !== undefined && trees.has(entry.parent)) trees.add(entry.session);
  return trees;
}

/** A statechart of the re-run sends it again by itself (a child machine's done event, a parent's sendTo). */
function sentByRerun(source: string | undefined, known: ReadonlyMap<string, Known>, rootOf: (session: string) => string, roots: ReadonlySet<string>): boolean {
  if (source === undefined) return false;
  return roots.has(rootOf(source)) && known.get(source)?.machine !== undefined;
}

export interface ResumeTarget {
  /** A new actor for the island, made as its first was, reading the page through `gate`. */
  create(gate: ActorGate): AnyActorRef;
}

export interface Rerun {
  /** The new actors, by the old session they stand in for. */
  actors: Map<string, AnyActorRef>;
}

/**
 * Runs `plan` on `clock` (already rewound to `plan.start`), then hands over: the gates open and the
 * waiting adapters start. Targets with no recorded actor by then (an island hydrated later) get a
 * new actor at the hand-over, started at once.
 */
export function rerun(plan: ResumePlan, clock: TestClock, targets: ReadonlyMap<string, ResumeTarget>): Rerun {
  const gates = createReplayGates();
  const actors = new Map<string, AnyActorRef>();
  const gateFor = (session: string): ActorGate => gates.gate(plan.facts.get(session) ?? {});
  const advanceTo = (at: number, fireDue: boolean) => {
    if (at > clock.now()) clock.advanceBy(at - clock.now());
    else if (fireDue) clock.advanceBy(0);
  };
  for (const step of plan.steps) {
    if (step.kind === 'timer') {
      advanceTo(step.at, true);
      continue;
    }
    advanceTo(step.at, false);
    if (step.kind === 'create') {
      const target = targets.get(step.session);
      if (target) actors.set(step.session, target.create(gateFor(step.session)));
    } else if (step.kind === 'start') actors.get(step.session)?.start();
    else childAt(actors.get(step.session), step.path)?.send(step.event);
  }
  advanceTo(plan.end, false);
  gates.handOver(() => {
    for (const [session, target] of targets) {
      if (actors.has(session)) continue;
      const actor = target.create(gateFor(session));
      actors.set(session, actor);
      actor.start();
    }
  });
  return { actors };
}

/**
 * The gates of a re-run (a resume, or a page replaying a scenario: runtime/replay/page-replay.ts):
 * while it lasts, every gated actor reads the page's recorded answers and leaves the page alone;
 * `handOver` opens them all at once, then starts the adapter actors that waited.
 */
export interface ReplayGates {
  replaying(): boolean;
  /** A gate that answers the actor's guards from `facts` while the re-run lasts. */
  gate(facts: Readonly<Record<string, readonly unknown[]>>): ActorGate;
  /** Ends the re-run: gates open, `then` runs, every waiting adapter of a still-running actor starts. */
  handOver(then?: () => void): void;
}

export function createReplayGates(): ReplayGates {
  let replaying = true;
  const waiting: Array<{ self: AnyActorRef; begin: () => void }> = [];
  return {
    replaying: () => replaying,
    gate(facts) {
      const gate: ReplayGate = { replaying: () => replaying, facts, defer: (self, begin) => waiting.push({ self, begin }) };
      return { implementations: (provided) => gateImplementations(provided, gate) };
    },
    handOver(then) {
      if (!replaying) return;
      replaying = false;
      then?.();
      for (const { self, begin } of waiting.splice(0)) if (self.getSnapshot().status === 'active') begin();
    },
  };
}

function childAt(root: AnyActorRef | undefined, path: readonly string[]): AnyActorRef | undefined {
  let current = root;
  for (const id of path) current = (current?.getSnapshot() as { children?: Record<string, AnyActorRef | undefined> } | undefined)?.children?.[id];
  return current;
}

/**
 * The widget's adapters as a re-run actor sees them: actions not done while re-running, guards
 * answered from the page's record while it lasts, adapter actors started at the hand-over.
 */
export function gateImplementations(provided: unknown, gate: ReplayGate): unknown {
  if (typeof provided !== 'object' || provided === null) return provided;
  const { actions, guards, actors, ...rest } = provided as { actions?: unknown; guards?: unknown; actors?: unknown };
  return {
    ...rest,
    ...(isRecord(actions) ? { actions: mapValues(actions, (action) => (isPlainFunction(action) ? (...args: unknown[]) => (gate.replaying() ? undefined : action(...args)) : action)) } : {}),
    ...(isRecord(guards) ? { guards: mapEntries(guards, (name, guard) => (isPlainFunction(guard) ? answeredFromRecord(guard, gate.facts[name] ?? [], gate) : guard)) } : {}),
    ...(isRecord(actors) ? { actors: mapValues(actors, (logic) => (isLogic(logic) ? deferredLogic(logic, gate) : logic)) } : {}),
  };
}

function answeredFromRecord(guard: (...args: unknown[]) => unknown, answers: readonly unknown[], gate: ReplayGate) {
  let next = 0;
  return (...args: unknown[]) => (gate.replaying() && next < answers.length ? answers[next++] : guard(...args));
}

interface Logic {
  start?: (state: unknown, scope: ActorScope) => void;
  transition: (state: unknown, event: EventObject, scope: ActorScope) => unknown;
}
interface ActorScope {
  self: AnyActorRef;
  system: { _relay: (...args: unknown[]) => void };
}

/**
 * An adapter actor that, started while re-running, waits: it takes no event but its stop, and at the
 * hand-over starts for real. What it reports while it starts (synchronously) is not relayed.
 */
function deferredLogic(logic: Logic, gate: ReplayGate): Logic {
  const waiting = new WeakSet<object>();
  return {
    ...logic,
    start(state, scope) {
      if (!gate.replaying()) return logic.start?.(state, scope);
      waiting.add(scope.self);
      gate.defer(scope.self, () => {
        waiting.delete(scope.self);
        let starting = true;
        const system = new Proxy(scope.system, {
          get(target, key) {
            if (key === '_relay') return (...args: unknown[]) => (starting ? undefined : target._relay(...args));
            const value: unknown = Reflect.get(target, key, target);
            return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
          },
        });
        logic.start?.(state, { ...scope, system });
        starting = false;
      });
    },
    transition(state, event, scope) {
      if (!waiting.has(scope.self)) return logic.transition(state, event, scope);
      if (event.type !== 'xstate.stop') return state;
      waiting.delete(scope.self);
      return { ...(state as object), status: 'stopped', error: undefined };
    },
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
/** A function of the widget's own, not one of XState's action or guard objects (they carry `resolve` or `check`). */
const isPlainFunction = (value: unknown): value is (...args: unknown[]) => unknown => typeof value === 'function' && !('resolve' in value) && !('check' in value);
const isLogic = (value: unknown): value is Logic => isRecord(value) && typeof value.transition === 'function';
const mapValues = (record: Record<string, unknown>, map: (value: unknown) => unknown) => Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value)]));
const mapEntries = (record: Record<string, unknown>, map: (key: string, value: unknown) => unknown) => Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(key, value)]));

/**
 * The page's trace after a resume: what was kept of the old one (the actors not re-run, up to the
 * moment) and the re-run's own record, in time order (the kept first at one instant).
 */
export function mergeTraces(kept: readonly TraceEntry[], rerunEntries: readonly TraceEntry[]): TraceEntry[] {
  const merged: TraceEntry[] = [];
  let i = 0;
  let j = 0;
  while (i < kept.length || j < rerunEntries.length) {
    const a = kept[i];
    const b = rerunEntries[j];
    if (a && (!b || a.at <= b.at)) {
      merged.push(a);
      i++;
    } else if (b) {
      merged.push(b);
      j++;
    }
  }
  return merged;
}
