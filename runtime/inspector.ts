import { createBrowserInspector } from '@statelyai/inspect';
import type { InspectionEvent } from 'xstate';

/**
 * `?inspect` in a page URL: connects @statelyai/inspect's browser inspector (XState v5). The
 * inspector window's address can be set with `?inspect=<url>`; by default it is the inspector's own.
 */
export function connectInspector(): (event: InspectionEvent) => void {
  const asked = new URLSearchParams(window.location.search).get('inspect');
  const inspector = createBrowserInspector(asked ? { url: asked } : {});
  const observer = inspector.inspect;
  return (event) => observer.next?.(event);
}
