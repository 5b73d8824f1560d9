import type { AnyStateMachine, AnyStateNode } from 'xstate';

/** One transition as the gallery prints it: its trigger and where it goes. */
export interface OutlineTransition {
  /**
   * `nav.next`, `after 500 ms` / `after slideDelay`, or `always`. An event the machine raises to
   * itself with a delay (the countdown's tick) reads `after tick: countdown.tick`: a timer, not
   * something a view sends.
   */
  trigger: string;
  /** One entry per alternative, in order: `busy`, `ended if timeIsUp`, `(stays)`. */
  targets: string[];
}

/** A state, its transitions and its child states: the statechart read as an outline. */
export interface OutlineNode {
  key: string;
  kind: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  initial?: string;
  transitions: OutlineTransition[];
  children: OutlineNode[];
}

type TransitionConfig = string | { target?: string | string[]; guard?: unknown } | undefined;

function guardName(guard: unknown): string | undefined {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard && typeof guard.type === 'string') return guard.type;
  return undefined;
}

/** Each alternative of a (possibly guarded) transition: its target(s), and its guard's name if it has one. */
function targetsOf(config: unknown): string[] {
  const list = (Array.isArray(config) ? config : [config]) as TransitionConfig[];
  return list.flatMap((item) => {
    if (typeof item === 'string') return [item];
    if (item === undefined || item === null) return [];
    const { target } = item;
    const guard = guardName(item.guard);
    const where = target === undefined ? '(stays)' : Array.isArray(target) ? target.join(' + ') : target;
    return [guard ? `${where} if ${guard}` : where];
  });
}

function delayLabel(key: string): string {
  return /^\d+$/.test(key) ? `after ${key} ms` : `after ${key}`;
}

/** Event type -> delay of every named action that raises an event to the machine itself later. */
function delayedRaises(machine: AnyStateMachine): Map<string, string> {
  const found = new Map<string, string>();
  for (const action of Object.values((machine.implementations.actions ?? {}) as Record<string, unknown>)) {
    const raise = action as { type?: unknown; delay?: unknown; event?: { type?: unknown } };
    if (typeof action === 'function' && raise.type === 'xstate.raise' && raise.delay !== undefined && typeof raise.event?.type === 'string') {
      found.set(raise.event.type, String(raise.delay));
    }
  }
  return found;
}

function transitionsOf(node: AnyStateNode, timers: ReadonlyMap<string, string>): OutlineTransition[] {
  const { on, after, always } = node.config as { on?: Record<string, unknown>; after?: Record<string, unknown>; always?: unknown };
  const onTrigger = (type: string) => {
    const delay = timers.get(type);
    return delay === undefined ? type : `${delayLabel(delay)}: ${type}`;
  };
  return [
    ...Object.entries(on ?? {}).map(([trigger, config]) => ({ trigger: onTrigger(trigger), targets: targetsOf(config) })),
    ...Object.entries(after ?? {}).map(([delay, config]) => ({ trigger: delayLabel(delay), targets: targetsOf(config) })),
    ...(always === undefined ? [] : [{ trigger: 'always', targets: targetsOf(always) }]),
  ];
}

function outlineOf(key: string, node: AnyStateNode, timers: ReadonlyMap<string, string>): OutlineNode {
  const initial = (node.config as { initial?: unknown }).initial;
  return {
    key,
    kind: node.type,
    initial: typeof initial === 'string' ? initial : undefined,
    transitions: transitionsOf(node, timers),
    children: Object.entries(node.states).map(([childKey, child]) => outlineOf(childKey, child, timers)),
  };
}

/** The machine's root, its transitions and its states, recursively, in declaration order. */
export function machineOutline(machine: AnyStateMachine): OutlineNode {
  return outlineOf(machine.id, machine.root, delayedRaises(machine));
}

/** Every event type the machine names anywhere (root and nested states), sorted. */
export function machineEvents(outline: OutlineNode): string[] {
  const events = new Set<string>();
  const visit = (node: OutlineNode) => {
    for (const t of node.transitions) if (!t.trigger.startsWith('after ') && t.trigger !== 'always') events.add(t.trigger);
    node.children.forEach(visit);
  };
  visit(outline);
  return [...events].sort();
}
