/**
 * Issue 28.3: under `npm run dev`, a page opened with `?replay=<scenario>` replays it on a paused
 * clock with the inspector attached, so `?replay=` alone is enough: this adds `inspect` and
 * `clock=paused` to the address before the site's entry reads it (runtime/boot.ts), with no reload.
 * Imported first by dev-client.ts; the build never includes it, so no page's entry grows.
 */
const params = new URLSearchParams(window.location.search);
if (params.has('replay') && !(params.has('inspect') && params.get('clock') === 'paused')) {
  if (!params.has('inspect')) params.set('inspect', '');
  params.set('clock', 'paused');
  window.history.replaceState(window.history.state, '', `${window.location.pathname}?${params.toString()}${window.location.hash}`);
}

export {};
