import { not, type AnyActorLogic, type InspectionEvent } from 'xstate';

/**
 * Machine coverage (issue 50): which states each test entered and which transitions it took, keyed
 * the way the inspector's chart keys them (runtime/inspector-app/chart.ts, `ChartTransition.key`),
 * so the report, the inspector and the mutation runner speak of the same transitions.
 */

/** Per machine id: state path id or transition key -> the tests that entered or took it. */
export type Hits = Record<string, { states: Record<string, string[]>; transitions: Record<string, string[]> }>;

/** One test file's record, written to coverage/machines/raw/ by tests/support/machine-coverage.ts. */
export interface RawCoverage {
  file: string;
  /** Where it came from: `actors` (XState's microsteps in the test's own process) or `trace` (a page's trace, e2e). */
  source: 'actors' | 'trace';
  machines: Hits;
}

interface StateNodeLike {
  key: string;
  path: string[];
  id: string;
  machine: { id: string };
  parent?: StateNodeLike;
  transitions: Map<string, TransitionLike[]>;
  always?: TransitionLike[];
  invoke: Array<{ id: string }>;
}

interface TransitionLike {
  source: StateNodeLike;
  eventType: string;
}

const pathId = (node: StateNodeLike) => [node.machine.id, ...node.path].join('.');

const keys = new WeakMap<object, string>();

/** The chart's key for a transition XState took (`<source path id>|<trigger>|<n>`). */
export function transitionKey(transition: TransitionLike): string {
  const known = keys.get(transition);
  if (known) return known;
  const { source, eventType } = transition;
  let trigger = eventType;
  let list = source.transitions.get(eventType) ?? [];
  if (eventType === '' || !source.transitions.has(eventType)) {
    if (source.always?.includes(transition)) {
      trigger = 'always';
      list = source.always;
    }
  }
  const afterPrefix = 'xstate.after.';
  if (eventType.startsWith(afterPrefix) && eventType.endsWith(`.${source.id}`)) trigger = `after:${eventType.slice(afterPrefix.length, -source.id.length - 1)}`;
  else if (eventType === `xstate.done.state.${source.id}`) trigger = 'done';
  else {
    for (const [kind, prefix] of [
      ['done', 'xstate.done.actor.'],
      ['error', 'xstate.error.actor.'],
    ] as const) {
      if (!eventType.startsWith(prefix)) continue;
      const n = source.invoke.findIndex((invoke) => invoke.id === eventType.slice(prefix.length));
      if (n >= 0) trigger = `${kind}:${n}`;
    }
  }
  const key = `${pathId(source)}|${trigger}|${Math.max(0, list.indexOf(transition))}`;
  keys.set(transition, key);
  return key;
}

export interface Collector {
  /** XState's inspection events of one actor system. */
  inspect(event: InspectionEvent): void;
  /** An actor's first snapshot (its initial states: XState sends no microstep for them). */
  initial(snapshot: unknown): void;
  /** What was recorded since the last call, and a fresh start. */
  take(): Hits;
}

/** `test()` names the running test: each state and transition keeps the tests that reached it. */
export function createCollector(test: () => string): Collector {
  let hits: Hits = {};
  const machine = (id: string) => (hits[id] ??= { states: {}, transitions: {} });
  const add = (into: Record<string, string[]>, key: string, name: string) => {
    const tests = (into[key] ??= []);
    if (tests[tests.length - 1] !== name && !tests.includes(name)) tests.push(name);
  };
  const enter = (snapshot: unknown, name: string) => {
    const nodes = (snapshot as { _nodes?: StateNodeLike[] } | undefined)?._nodes;
    if (!Array.isArray(nodes)) return;
    for (const node of nodes) if (node.path.length > 0) add(machine(node.machine.id).states, pathId(node), name);
  };
  return {
    inspect(event) {
      if (event.type !== '@xstate.microstep') return;
      const name = test();
      for (const transition of event._transitions as unknown as TransitionLike[]) {
        const into = machine(transition.source.machine.id);
        add(into.transitions, transitionKey(transition), name);
        // A transient state (left by an eventless transition in the same macrostep, an initial one
        // included) is in no snapshot: the transition that left it says it was entered.
        for (let node: StateNodeLike | undefined = transition.source; node && node.path.length > 0; node = node.parent) add(into.states, pathId(node), name);
      }
      enter(event.snapshot, name);
    },
    initial(snapshot) {
      enter(snapshot, test());
    },
    take() {
      const taken = hits;
      hits = {};
      return taken;
    },
  };
}

/** A guard or delay replaced for one mutation run (tooling/coverage/mutate.ts). */
export interface Mutant {
  machine: string;
  kind: 'guard' | 'delay';
  name: string;
  change: 'negated' | 'always-true' | 'always-false' | 'zero' | 'double';
}

interface MachineLike {
  id: string;
  config: unknown;
  implementations: { guards: Record<string, unknown>; delays: Record<string, unknown> };
  provide(implementations: Record<string, unknown>): MachineLike;
}

const isMachine = (logic: unknown): logic is MachineLike =>
  typeof logic === 'object' && logic !== null && 'config' in logic && 'implementations' in logic && typeof (logic as { provide?: unknown }).provide === 'function';

/** The machine with the mutant's guard or delay replaced, through `machine.provide`. */
export function mutate<T>(logic: T, mutant: Mutant): T {
  if (!isMachine(logic) || logic.id !== mutant.machine) return logic;
  if (mutant.kind === 'guard') {
    const original = logic.implementations.guards[mutant.name];
    if (original === undefined) return logic;
    const guard = mutant.change === 'always-true' ? () => true : mutant.change === 'always-false' ? () => false : not(original as Parameters<typeof not>[0]);
    return logic.provide({ guards: { [mutant.name]: guard } }) as T;
  }
  const original = logic.implementations.delays[mutant.name];
  if (original === undefined) return logic;
  const delay = mutant.change === 'zero' ? 0 : (...args: unknown[]) => 2 * (typeof original === 'function' ? Number((original as (...a: unknown[]) => unknown)(...args)) : Number(original));
  return logic.provide({ delays: { [mutant.name]: delay } }) as T;
}

interface RecordingState {
  collector?: Collector;
  mutant?: Mutant;
  watched: WeakSet<object>;
}

const STATE = Symbol.for('sitecharts.machine-coverage');

/**
 * Hooks XState's Actor class once per process: every actor's system gets the collector's
 * inspector before the actor resolves its initial state, and, in a mutation run, the mutant's
 * machine replaces the one the test created. One place, so no test has to opt in.
 */
export function installRecorder(actorClass: { prototype: object }): RecordingState {
  const holder = globalThis as { [STATE]?: RecordingState };
  const existing = holder[STATE];
  if (existing) return existing;
  const state: RecordingState = { watched: new WeakSet() };
  holder[STATE] = state;
  const proto = actorClass.prototype as { _initState(this: ActorInternals, persisted?: unknown): void };
  const original = proto._initState;
  proto._initState = function (this: ActorInternals, persisted?: unknown) {
    if (state.mutant) this.logic = mutate(this.logic, state.mutant);
    if (!this._parent && !state.watched.has(this.system)) {
      state.watched.add(this.system);
      this.system.inspect({ next: (event: InspectionEvent) => state.collector?.inspect(event) });
    }
    original.call(this, persisted);
    state.collector?.initial(this._snapshot);
  };
  return state;
}

interface ActorInternals {
  logic: AnyActorLogic;
  _parent?: unknown;
  _snapshot: unknown;
  system: { inspect(observer: { next: (event: InspectionEvent) => void }): unknown };
}
