import type { Moment } from '../machines/inspector/timeline';
import type { TraceEntry } from './inspect';

/**
 * A trace entry as the inspector's timeline receives it (issue 29), from a page or from a replay:
 * its number in the whole trace, a snapshot's context as readable JSON. Microsteps are not shown.
 */
export function toMoment(entry: TraceEntry, index: number): Moment | undefined {
  switch (entry.kind) {
    case 'actor':
      return { index, at: entry.at, kind: 'actor', actor: entry.actor, session: entry.session, machine: entry.machine, parent: entry.parent };
    case 'event':
      return { index, at: entry.at, kind: 'event', actor: entry.actor, session: entry.session, event: toJson(entry.event) as { type: string } & Record<string, unknown>, ...(entry.timer ? { timer: true as const } : {}) };
    case 'snapshot': {
      const context = (entry.snapshot as { context?: unknown } | undefined)?.context;
      return { index, at: entry.at, kind: 'snapshot', actor: entry.actor, session: entry.session, state: toJson(entry.state), status: entry.status, context: toJson(context) };
    }
    case 'microstep':
      return undefined;
  }
}

/**
 * A value as readable JSON for the inspector's context tree: child actors by id, DOM nodes by tag,
 * functions left out, and nesting cut at a depth (a context may hold a whole content tree).
 */
export function toJson(value: unknown, depth = 8): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'undefined' || typeof value === 'function' || typeof value === 'symbol') return undefined;
  if (typeof value === 'bigint') return String(value);
  if (depth <= 0) return '…';
  if (Array.isArray(value)) return value.map((item) => toJson(item, depth - 1) ?? null);
  const object = value as Record<string, unknown>;
  if (typeof object.sessionId === 'string' && typeof object.send === 'function') return { '@actor': typeof object.id === 'string' ? object.id : object.sessionId };
  if (typeof object.nodeType === 'number' && typeof object.nodeName === 'string') return `<${object.nodeName.toLowerCase()}>`;
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Map) return Object.fromEntries([...value].map(([k, v]) => [String(k), toJson(v, depth - 1)]));
  if (value instanceof Set) return [...value].map((item) => toJson(item, depth - 1) ?? null);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(object)) {
    const json = toJson(item, depth - 1);
    if (json !== undefined) out[key] = json;
  }
  return out;
}
