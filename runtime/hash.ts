import { fromCallback, type EventObject } from 'xstate';

/**
 * The location hash as an adapter (docs/design.md, invariant 2): widgets read it at load and on every
 * hashchange, and write it with history.replaceState so opening a tab neither jumps the page nor
 * piles up history entries. Machines never touch it.
 */
export function replaceHash(win: Window, hash: string): void {
  const url = new URL(win.location.href);
  url.hash = hash;
  if (url.href !== win.location.href) win.history.replaceState(win.history.state, '', url.href);
}

/** Calls `onHash` with the current hash now and on every hashchange; returns the teardown. */
export function watchHash(win: Window, onHash: (hash: string) => void): () => void {
  const listener = () => onHash(win.location.hash);
  win.addEventListener('hashchange', listener);
  listener();
  return () => win.removeEventListener('hashchange', listener);
}

/** The action that the `{ hash }` params name: replace the hash (tabs' and toggles' `writeHash`, the tab section's `setFragment`). */
export function hashWriter(win: Window) {
  return (_args: unknown, { hash }: { hash: string }) => replaceHash(win, hash);
}

/**
 * The adapters of the machines addressed by the hash (tabs, layout tabs, toggles): `writeHash`, and
 * the `location` actor that sends `hash.change` with the hash at start and on every hashchange.
 */
export function hashAdapters<TEvent extends EventObject>(win: Window) {
  return {
    actions: { writeHash: hashWriter(win) },
    actors: { location: fromCallback<TEvent>(({ sendBack }) => watchHash(win, (hash) => sendBack({ type: 'hash.change', hash }))) },
  };
}
