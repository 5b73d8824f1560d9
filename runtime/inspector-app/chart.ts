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
}

export interface Chart {
  root: ChartNode;
  edges: ChartEdge[];
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
  const addTransitions = (source: string, label: string, spec: unknown) => {
    const list = Array.isArray(spec) ? spec : [spec];
    for (const item of list) {
      const object = asObject(item);
      const raw = typeof item === 'string' ? item : object?.target;
      const targets = (Array.isArray(raw) ? raw : [raw]).filter((t): t is string => typeof t === 'string');
      const guard = object && typeof object.guard === 'string' ? ` [${object.guard}]` : object && asObject(object.guard)?.type ? ` [${String(asObject(object.guard)?.type)}]` : '';
      for (const target of targets) {
        const resolved = resolve(source, target);
        if (resolved) edges.push({ id: `e${edges.length}`, source: drawnSource(source, resolved), target: resolved, label: `${label}${guard}` });
      }
    }
  };
  for (const [id, node] of configs) {
    for (const [event, spec] of Object.entries(asObject(node.on) ?? {})) addTransitions(id, event, spec);
    for (const [delay, spec] of Object.entries(asObject(node.after) ?? {})) addTransitions(id, `after ${delay}`, spec);
    if (node.always !== undefined) addTransitions(id, 'always', node.always);
    if (node.onDone !== undefined) addTransitions(id, 'done', node.onDone);
    const invokes = Array.isArray(node.invoke) ? node.invoke : node.invoke ? [node.invoke] : [];
    for (const invoke of invokes.map(asObject)) {
      if (invoke?.onDone !== undefined) addTransitions(id, `done: ${String(invoke.src ?? 'invoke')}`, invoke.onDone);
      if (invoke?.onError !== undefined) addTransitions(id, `error: ${String(invoke.src ?? 'invoke')}`, invoke.onError);
    }
  }
  return { root, edges };
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
