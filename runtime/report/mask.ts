import type { AnyEventObject } from 'xstate';
import type { TraceEntry } from '../inspect';
import type { Masks, TypedRule } from '../widget';

/**
 * Issue 51, privacy by default: what a visitor typed, hidden in a problem report with its shape
 * kept, so the machines take the same path on replay (a blank stays blank, an address stays an
 * address, a length rule holds). Every letter becomes x (X for a capital), every digit 0, any
 * other symbol *, each as many UTF-16 units as it took; spaces and punctuation stay.
 */
export function maskText(text: string): string {
  let masked = '';
  for (const char of text) {
    if (/[\p{P}\p{Z}\s]/u.test(char)) masked += char;
    else masked += (/\p{Lu}/u.test(char) ? 'X' : /[\p{L}\p{M}]/u.test(char) ? 'x' : /\p{N}/u.test(char) ? '0' : '*').repeat(char.length);
  }
  return masked;
}

/** Every string in a value (an object of field values) masked. */
export function maskAll<T>(value: T): T {
  if (typeof value === 'string') return maskText(value) as T;
  if (Array.isArray(value)) return value.map(maskAll) as T;
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, maskAll(inner)])) as T;
  return value;
}

/**
 * An HTML answer with its text and its fields' values masked, its tags and classes kept (what the
 * machines read): a server's answer may repeat what the visitor sent ("Thank you, Ada").
 */
export function maskHtml(html: string): string {
  return html
    .replace(/>([^<]+)</g, (_, text: string) => `>${maskText(text)}<`)
    .replace(/(\svalue=")([^"]*)"/g, (_, start: string, value: string) => `${start}${maskText(value)}"`);
}

export const MASKS: Masks = { text: maskText, all: maskAll, html: maskHtml };

/** The trace with each event of an actor that has a typed-text rule passed through it. */
export function maskTrace(entries: readonly TraceEntry[], ruleOf: (session: string) => TypedRule | undefined): TraceEntry[] {
  return entries.map((entry) => {
    if (entry.kind !== 'event') return entry;
    const rule = ruleOf(entry.session);
    return rule ? { ...entry, event: rule(entry.event as AnyEventObject, MASKS) as typeof entry.event } : entry;
  });
}
