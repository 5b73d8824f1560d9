import { createActor, type AnyStateMachine, type AnyStateNode, type EventFromLogic, type InputFrom, type SnapshotFrom } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { createTestClock } from '../../runtime/clock';

/**
 * Model tests: paths from xstate/graph replayed on a real actor with the ordered test clock.
 * Delayed transitions appear in the graph as their `xstate.after.*` events; on replay such a step
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
  states: string[];
  transitions: string[];
}

/** Every `after` transition's event type, by the id of the state node that owns it. */
export function timerEvents(machine: AnyStateMachine): Map<string, string[]> {
  const byNode = new Map<string, string[]>();
  const visit = (node: AnyStateNode) => {
    const types = node.after.map((t) => t.eventType);
    if (types.length > 0) byNode.set(node.id, types);
    for (const child of Object.values(node.states)) visit(child as AnyStateNode);
  };
  visit(machine.root);
  return byNode;
}

const valueOf = (snapshot: unknown) => (snapshot as { value: unknown }).value;

export function stateKey(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function replayModel<M extends AnyStateMachine>(spec: ModelSpec<M>): ModelReport {
  const logic = (spec.provide ? spec.machine.provide(spec.provide) : spec.machine) as M;
  const timers = timerEvents(spec.machine);
  const eventsFor = (snapshot: SnapshotFrom<M>) => {
    const active = (snapshot as unknown as { _nodes: AnyStateNode[] })._nodes;
    const timed = active.flatMap((node) => (timers.get(node.id) ?? []).map((type) => ({ type }) as EventFromLogic<M>));
    return [...spec.events, ...timed];
  };
  const generate = spec.paths === 'simple' ? getSimplePaths : getShortestPaths;
  const serializeState = spec.serializeState ?? ((snapshot: SnapshotFrom<M>) => stateKey(valueOf(snapshot)));
  const paths = generate(logic, {
    input: spec.input,
    events: eventsFor,
    serializeState,
    limit: spec.limit ?? 10_000,
  } as Parameters<typeof getShortestPaths<M>>[1]);
  const states = new Set<string>();
  const transitions = new Set<string>();

  for (const path of paths) {
    const clock = createTestClock();
    const actor = createActor(logic, { input: spec.input, clock }).start();
    let previous = stateKey(valueOf(actor.getSnapshot()));
    states.add(previous);
    for (const step of path.steps) {
      if (step.event.type === 'xstate.init') continue;
      if (step.event.type.startsWith('xstate.after.')) {
        const due = clock.nextDue();
        if (due === undefined) throw new Error(`path expects ${step.event.type} but no timer is pending in ${previous}`);
        clock.advanceBy(due - clock.now());
      } else {
        actor.send(step.event);
      }
      const reached = stateKey(valueOf(actor.getSnapshot()));
      const expected = stateKey(step.state.value);
      if (reached !== expected) {
        throw new Error(`after ${step.event.type} from ${previous} the actor is in ${reached}, the graph says ${expected}`);
      }
      transitions.add(`${previous} --${step.event.type}--> ${reached}`);
      states.add(reached);
      previous = reached;
    }
    actor.stop();
  }
  return { paths: paths.length, states: [...states].sort(), transitions: [...transitions].sort() };
}

/** Every state node id of a machine that can be a leaf of the active configuration. */
export function leafStates(machine: AnyStateMachine): string[] {
  const leaves: string[] = [];
  const visit = (node: AnyStateNode, path: string[]) => {
    const children = Object.values(node.states) as AnyStateNode[];
    if (children.length === 0 && path.length > 0) leaves.push(path.join('.'));
    for (const child of children) visit(child, [...path, child.key]);
  };
  visit(machine.root, []);
  return leaves.sort();
}
