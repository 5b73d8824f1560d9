import { fromCallback, type EventObject } from 'xstate';

/**
 * An adapter for machines whose timers should rest while nobody can see the page (issue 22: an
 * autoplay does not run in a background tab): sends `hidden` when the document is hidden (at start
 * too, for a page opened in the background) and `visible` when it shows again.
 */
export function pageVisibility<E extends EventObject>(document: Document, hidden: E, visible: E) {
  return fromCallback<E>(({ sendBack }) => {
    const report = () => sendBack(document.visibilityState === 'hidden' ? hidden : visible);
    if (document.visibilityState === 'hidden') report();
    document.addEventListener('visibilitychange', report);
    return () => document.removeEventListener('visibilitychange', report);
  });
}
