/**
 * A statechart's drawing model from a machine definition as the inspector receives it (the
 * machine config as JSON): nested states and the transitions between them, with targets resolved
 * the way XState resolves them ('#id', '.child', 'sibling').
 */
export interface ChartNode {
  id: string;
  key: string;
  /** 'any' is the drawing's stand-in for "from any state inside": a compound state's own transitions. */
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history' | 'any';
  initial?: string;
  children: ChartNode[];
}

export interface ChartEdge {
  id: string;
  source: string;
  target: string;
  label: string;
  /** The transition the edge draws ({@link ChartTransition.key}); a transition to two targets draws two edges. */
  key: string;
}

/**
 * One transition of the machine, drawn or not (a transition without a target is no edge): what
 * machine coverage counts (issue 50). `key` is `<source path id>|<trigger>|<n>`, the trigger being
 * the event, `after:<delay>`, `always`, `done` (the state's own onDone), `done:<n>` or `error:<n>`
 * (the n-th invoke's onDone or onError), and n its place among the source's transitions for that
 * trigger (guarded alternatives in order).
 */
export interface ChartTransition {
  key: string;
  source: string;
  targets: string[];
  label: string;
  guard?: string;
  /** The delay's name or milliseconds, for a delayed transition. */
  delay?: string;
  /** What the recorder sees: the event type, or its prefix for xstate's own events (`xstate.after.<delay>.`). */
  event: { type: string } | { prefix: string } | { always: true };
}

export interface Chart {
  root: ChartNode;
  edges: ChartEdge[];
  transitions: ChartTransition[];
  /** Every state's path id but the root's and history pseudo-states', in document order (what state coverage counts). */
  states: string[];
}

type Json = Record<string, unknown>;

const asObject = (value: unknown): Json | undefined => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined);

export function chartFromDefinition(definition: unknown): Chart {
  const config = asObject(definition) ?? {};
  const rootId = typeof config.id === 'string' ? config.id : '(machine)';
  const byId = new Map<string, ChartNode>();
  const parents = new Map<string, string>();
  const configs = new Map<string, Json>();

  const build = (key: string, id: string, node: Json): ChartNode => {
    const states = asObject(node.states) ?? {};
    const type =
      node.type === 'parallel' || node.type === 'final' || node.type === 'history'
        ? node.type
        : Object.keys(states).length > 0
          ? 'compound'
          : 'atomic';
    const children = Object.entries(states).map(([childKey, child]) => {
      const childNode = build(childKey, `${id}.${childKey}`, asObject(child) ?? {});
      parents.set(childNode.id, id);
      return childNode;
    });
    const chartNode: ChartNode = { id, key, type, initial: typeof node.initial === 'string' ? node.initial : undefined, children };
    byId.set(id, chartNode);
    configs.set(id, node);
    if (typeof node.id === 'string' && node.id !== id) byId.set(node.id, chartNode);
    return chartNode;
  };
  const root = build(rootId, rootId, config);

  const resolve = (source: string, target: string): string | undefined => {
    if (target.startsWith('#')) return byId.get(target.slice(1))?.id;
    if (target.startsWith('.')) return byId.get(`${source}${target}`)?.id;
    const parent = parents.get(source);
    return byId.get(parent ? `${parent}.${target}` : `${source}.${target}`)?.id ?? byId.get(target)?.id;
  };

  const edges: ChartEdge[] = [];
  const transitions: ChartTransition[] = [];
  /** A compound state's transition into itself or its own children leaves from its 'any' node. */
  const drawnSource = (source: string, target: string): string => {
    const node = byId.get(source);
    if (!node || node.children.length === 0 || !(target === source || target.startsWith(`${source}.`))) return source;
    const anyId = `${source}.(any)`;
    if (!byId.has(anyId)) {
      const any: ChartNode = { id: anyId, key: 'any state', type: 'any', children: [] };
      node.children.unshift(any);
      byId.set(anyId, any);
    }
    return anyId;
  };
  const addTransitions = (source: string, trigger: string, label: string, event: ChartTransition['event'], spec: unknown, delay?: string) => {
    const list = Array.isArray(spec) ? spec : [spec];
    list.forEach((item, n) => {
      const object = asObject(item);
      const raw = typeof item === 'string' ? item : object?.target;
      const named = object && typeof object.guard === 'string' ? object.guard : object && asObject(object.guard)?.type ? String(asObject(object.guard)?.type) : undefined;
      const guard = named ? ` [${named}]` : '';
      const key = `${source}|${trigger}|${n}`;
      const targets = (Array.isArray(raw) ? raw : [raw])
        .filter((t): t is string => typeof t === 'string')
        .map((target) => resolve(source, target))
        .filter((t): t is string => t !== undefined);
      transitions.push({ key, source, targets, label: `${label}${guard}`, event, ...(named ? { guard: named } : {}), ...(delay === undefined ? {} : { delay }) });
      for (const resolved of targets) edges.push({ id: `e${edges.length}`, source: drawnSource(source, resolved), target: resolved, label: `${label}${guard}`, key });
    });
  };
  for (const [id, node] of configs) {
    // XState's own id for the node (its `id`, or the path): what its after and done events carry.
    const own = typeof node.id === 'string' && id !== rootId ? node.id : id;
    for (const [event, spec] of Object.entries(asObject(node.on) ?? {})) addTransitions(id, event, event, { type: event }, spec);
    for (const [delay, spec] of Object.entries(asObject(node.after) ?? {})) addTransitions(id, `after:${delay}`, `after ${delay}`, { type: `xstate.after.${delay}.${own}` }, spec, delay);
    if (node.always !== undefined) addTransitions(id, 'always', 'always', { always: true }, node.always);
    if (node.onDone !== undefined) addTransitions(id, 'done', 'done', { type: `xstate.done.state.${own}` }, node.onDone);
    const invokes = Array.isArray(node.invoke) ? node.invoke : node.invoke ? [node.invoke] : [];
    invokes.map(asObject).forEach((invoke, n) => {
      const actorId = typeof invoke?.id === 'string' ? invoke.id : `${n}.${own}`;
      const src = typeof invoke?.src === 'string' ? invoke.src : 'invoke';
      if (invoke?.onDone !== undefined) addTransitions(id, `done:${n}`, `done: ${src}`, { type: `xstate.done.actor.${actorId}` }, invoke.onDone);
      if (invoke?.onError !== undefined) addTransitions(id, `error:${n}`, `error: ${src}`, { type: `xstate.error.actor.${actorId}` }, invoke.onError);
    });
  }
  const states: string[] = [];
  const walk = (node: ChartNode) => {
    if (node.type === 'any') return;
    // A history state is a pseudo-state: no snapshot is ever in it (the transition to it counts).
    if (node.id !== rootId && node.type !== 'history') states.push(node.id);
    node.children.forEach(walk);
  };
  walk(root);
  return { root, edges, transitions, states };
}

/** The ids of the active state nodes for a snapshot value (every ancestor of every active leaf). */
export function activeIds(rootId: string, value: unknown): Set<string> {
  const active = new Set<string>([rootId]);
  const walk = (prefix: string, v: unknown) => {
    if (typeof v === 'string') active.add(`${prefix}.${v}`);
    else if (typeof v === 'object' && v !== null)
      for (const [key, child] of Object.entries(v)) {
        active.add(`${prefix}.${key}`);
        walk(`${prefix}.${key}`, child);
      }
  };
  walk(rootId, value);
  return active;
}
