import type { AnyEventObject } from 'xstate';
import type { Masks } from '../widget';

/**
 * Issue 51: which actors' events carry what a visitor typed, and how to hide it (a widget's `typed`
 * with the island's settings), by the actor's session. The island runtime notes it as it makes an
 * actor (runtime/actor.ts); a problem report reads it (collect.ts). Kept small: it is in every page.
 */
export type TypedRule = (event: AnyEventObject, mask: Masks) => AnyEventObject;

const rules = new Map<string, TypedRule>();

export function noteTyped(session: string, rule: TypedRule): void {
  rules.set(session, rule);
}

export function typedRule(session: string): TypedRule | undefined {
  return rules.get(session);
}
