import { createActor, type AnyStateMachine, type AnyStateNode, type EventFromLogic, type InputFrom, type SnapshotFrom } from 'xstate';
import { getAdjacencyMap, getShortestPaths, getSimplePaths, type AdjacencyMap } from 'xstate/graph';
import { createTestClock } from '../../runtime/test-clock';

/**
 * Model tests: paths from xstate/graph replayed on a real actor with the ordered test clock.
 * Timers appear in the graph as their events (`xstate.after.*`, and delayed raises a state arms on
 * entry, see timerEvents); on replay such a step
 * is taken by advancing the clock to the earliest pending timer (the only legal timer step), and
 * the state reached must be the one the graph predicted.
 */
export interface ModelSpec<M extends AnyStateMachine> {
  machine: M;
  input?: InputFrom<M>;
  /** The visitor's events to explore (timer events are added for you). */
  events: ReadonlyArray<EventFromLogic<M>>;
  /** Implementations for the machine's effects (fakes). */
  provide?: Parameters<M['provide']>[0];
  /** Which paths: shortest (default) or all simple ones. */
  paths?: 'shortest' | 'simple';
  /**
   * What makes two snapshots the same vertex of the graph. Defaults to the state value alone, so
   * counters in context do not make the graph infinite; include the context that matters.
   */
  serializeState?: (snapshot: SnapshotFrom<M>) => string;
  /** A bound on the traversal, for machines whose context still grows. */
  limit?: number;
}

export interface ModelReport {
  paths: number;
  /** States the replays rested in. */
  states: string[];
  /** Transitions the replays took (state --event--> state). */
  transitions: string[];
  /** Every transition of the explored graph that a legal run can take, so a report can say what was not taken. */
  edges: string[];
  /** Graph transitions that need a timer to fire before an earlier pending one (not legal runs). */
  infeasible: string[];
}

/**
 * Every timer a state node sets when it is entered, by the node's id: its `after` transitions' events
 * and the events it raises to itself with a delay (an `entry` raise the machine then re-arms on each
 * step, like the countdown's tick and the slider's autoplay). Both are timer steps of the model.
 */
export function timerEvents(machine: AnyStateMachine): Map<string, string[]> {
  const named = (machine.implementations.actions ?? {}) as Record<string, unknown>;
  const delayedRaise = (action: unknown): string | undefined => {
    const resolved = typeof action === 'string' ? named[action] : action;
    const raise = resolved as { type?: unknown; delay?: unknown; event?: { type?: unknown } } | undefined;
    return typeof resolved === 'function' && raise?.type === 'xstate.raise' && raise.delay !== undefined && typeof raise.event?.type === 'string'
      ? raise.event.type
      : undefined;
  };
  const byNode = new Map<string, string[]>();
  const visit = (node: AnyStateNode) => {
    const types = [...node.after.map((t) => t.eventType), ...node.entry.map(delayedRaise).filter((type): type is string => type !== undefined)];
    if (types.length > 0) byNode.set(node.id, types);
    for (const child of Object.values(node.states)) visit(child as AnyStateNode);
  };
  visit(machine.root);
  return byNode;
}

const valueOf = (snapshot: unknown) => (snapshot as { value: unknown }).value;

/** 'a' -> ['a']; { shown: 'steady', audio: 'on' } -> ['shown.steady', 'audio.on'] (parallel regions give several). */
export function leafPaths(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const below = leafPaths(child);
    return below.length === 0 ? [key] : below.map((path) => `${key}.${path}`);
  });
}

export function stateKey(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function replayModel<M extends AnyStateMachine>(spec: ModelSpec<M>): ModelReport {
  const logic = (spec.provide ? spec.machine.provide(spec.provide) : spec.machine) as M;
  const timers = timerEvents(spec.machine);
  const timerTypes = new Set([...timers.values()].flat());
  const eventsFor = (snapshot: SnapshotFrom<M>) => {
    const active = (snapshot as unknown as { _nodes: AnyStateNode[] })._nodes;
    const timed = active.flatMap((node) => (timers.get(node.id) ?? []).map((type) => ({ type }) as EventFromLogic<M>));
    return [...spec.events, ...timed];
  };
  const serializeState = spec.serializeState ?? ((snapshot: SnapshotFrom<M>) => stateKey(valueOf(snapshot)));
  const options = { input: spec.input, events: eventsFor, serializeState, limit: spec.limit ?? 10_000 } as Parameters<typeof getShortestPaths<M>>[1];
  const generate = spec.paths === 'simple' ? getSimplePaths : getShortestPaths;
  const paths = generate(logic, options);

  // Every edge of the graph: the shortest path to its source, then the edge itself.
  type AnyStep = { event: { type: string }; state: unknown };
  const serialize = serializeState as (snapshot: unknown) => string;
  const toVertex = new Map<string, AnyStep[]>(getShortestPaths(logic, options).map((path) => [serialize(path.state), path.steps as AnyStep[]]));
  const adjacency = Object.values(getAdjacencyMap(logic as AnyStateMachine, options as never) as AdjacencyMap<unknown, { type: string }>).map(
    (vertex) => ({ state: vertex.state, edges: Object.values(vertex.transitions) as AnyStep[] }),
  );
  const edgePaths: AnyStep[][] = adjacency.flatMap((vertex) => {
    const prefix = toVertex.get(serialize(vertex.state)) ?? [];
    return vertex.edges.map((edge) => [...prefix, edge]);
  });

  const states = new Set<string>();
  const transitions = new Set<string>();
  /** Edges whose path needs a timer to fire before an earlier one: not a legal run of the machine. */
  const infeasible = new Set<string>();
  const edgeKey = (from: string, type: string, to: string) => `${from} --${type}--> ${to}`;
  for (const steps of [...paths.map((p) => p.steps as AnyStep[]), ...edgePaths]) {
    const clock = createTestClock();
    const fired: string[] = [];
    const actor = createActor(logic, {
      input: spec.input,
      clock,
      inspect: (event) => {
        // A timer's event comes from the actor itself, through the clock.
        if (event.type === '@xstate.event' && event.sourceRef === event.actorRef) fired.push(event.event.type);
      },
    }).start();
    let previous = stateKey(valueOf(actor.getSnapshot()));
    states.add(previous);
    for (const step of steps) {
      if (step.event.type === 'xstate.init') continue;
      const expected = stateKey(valueOf(step.state));
      if (timerTypes.has(step.event.type)) {
        const due = clock.nextDue();
        if (due === undefined) throw new Error(`path expects ${step.event.type} but no timer is pending in ${previous}`);
        fired.length = 0;
        // Exactly one timer: one scheduled by it with 0 ms fires later, as on the real clock.
        clock.runAll(1);
        if (!fired.includes(step.event.type)) {
          // Only the earliest due timer is a legal next step: this path is not a run of the machine,
          // neither for this edge nor for the edge the path was built to reach.
          infeasible.add(edgeKey(previous, step.event.type, expected));
          const last = steps.at(-1);
          const beforeLast = steps.length > 1 ? steps.at(-2) : undefined;
          if (last && beforeLast) infeasible.add(edgeKey(stateKey(valueOf(beforeLast.state)), last.event.type, stateKey(valueOf(last.state))));
          break;
        }
      } else {
        actor.send(step.event as EventFromLogic<M>);
      }
      const reached = stateKey(valueOf(actor.getSnapshot()));
      if (reached !== expected) {
        throw new Error(`after ${step.event.type} from ${previous} the actor is in ${reached}, the graph says ${expected}`);
      }
      // With a serializeState the vertex says more than the value (something buffered, an item open).
      const vertex = serialize(actor.getSnapshot());
      if (vertex !== serialize(step.state)) {
        throw new Error(`after ${step.event.type} from ${previous} the actor's vertex is ${vertex}, the graph says ${serialize(step.state)}`);
      }
      transitions.add(edgeKey(previous, step.event.type, reached));
      states.add(reached);
      previous = reached;
    }
    actor.stop();
  }
  const edges = new Set(
    adjacency.flatMap((vertex) =>
      vertex.edges.map(
        (edge) => `${stateKey(valueOf(vertex.state))} --${edge.event.type}--> ${stateKey(valueOf(edge.state))}`,
      ),
    ),
  );
  const legal = [...edges].filter((edge) => transitions.has(edge) || !infeasible.has(edge));
  return {
    paths: paths.length + edgePaths.length,
    states: [...states].sort(),
    transitions: [...transitions].sort(),
    edges: legal.sort(),
    infeasible: [...infeasible].filter((edge) => !transitions.has(edge)).sort(),
  };
}

/** Every state node id of a machine that can be a leaf of the active configuration (a history pseudo-state never is). */
export function leafStates(machine: AnyStateMachine): string[] {
  const leaves: string[] = [];
  const visit = (node: AnyStateNode, path: string[]) => {
    const children = (Object.values(node.states) as AnyStateNode[]).filter((child) => child.type !== 'history');
    if (children.length === 0 && path.length > 0) leaves.push(path.join('.'));
    for (const child of children) visit(child, [...path, child.key]);
  };
  visit(machine.root, []);
  return leaves.sort();
}

/** The state node at a dotted path below the root ('reveal.revealing'), if there is one. */
export function stateNodeAt(machine: AnyStateMachine, path: string): AnyStateNode | undefined {
  let node: AnyStateNode | undefined = machine.root;
  for (const key of path.split('.')) node = node?.states[key] as AnyStateNode | undefined;
  return node;
}

/**
 * Why a state cannot be called transient (no path rests in it), or undefined if it is: it must have
 * no exit but eventless ones (no event, timer or invoke of its own) and an eventless exit without a
 * guard, so every macrostep that enters it leaves it.
 */
export function notTransient(machine: AnyStateMachine, path: string): string | undefined {
  const node = stateNodeAt(machine, path);
  if (!node) return `${path} is not a state of ${machine.id}`;
  const waits = [...node.transitions.keys()];
  if (waits.length > 0) return `${path} waits for ${waits.join(', ')}`;
  if (node.invoke.length > 0) return `${path} invokes ${node.invoke.map((i) => i.id).join(', ')}`;
  if (!(node.always ?? []).some((t) => t.guard === undefined && t.target !== undefined)) return `${path} has no unguarded eventless exit`;
  return undefined;
}
