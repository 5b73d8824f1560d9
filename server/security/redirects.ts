import type { FastifyInstance } from 'fastify';
import { PLAIN } from './error-answers';

/**
 * No redirect off the site from any path (issue 17). The static plugin's directory redirect
 * rebuilt `GET /.//evil.example/..%2fdosing` into `Location: //evil.example/..%2fdosing/`, which a
 * browser follows to another host. Every redirect the server answers is checked here, whatever
 * made it: a Location must be a path on this site (one leading slash, no backslash right after
 * it), or an address on an origin listed for the route that sends it (the donate button's no-JS
 * path goes to the payment provider). Anything else is answered 404, as the path names no page.
 */
export interface RedirectRule {
  /** Route URL (as registered) -> origins it may send the visitor to. */
  offSite: Readonly<Record<string, readonly string[]>>;
}

/** Whether a Location value stays on this site: `/x`, never `//host`, `/\host` or `scheme:`. */
export function isOnSitePath(location: string): boolean {
  // Browsers drop tabs and newlines inside a URL, so `/\t/host` would read as `//host`.
  return /^\/(?![/\\])/.test(location) && ![...location].some((c) => c.charCodeAt(0) < 0x20);
}

export function isAllowedRedirect(location: string, allowedOrigins: readonly string[]): boolean {
  if (isOnSitePath(location)) return true;
  try {
    return allowedOrigins.includes(new URL(location).origin);
  } catch {
    return false;
  }
}

export function registerRedirectGuard(app: FastifyInstance, rule: RedirectRule) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 300 || reply.statusCode >= 400) return payload;
    const location = reply.getHeader('location');
    if (typeof location !== 'string') return payload;
    const route = request.routeOptions.url ?? '';
    if (isAllowedRedirect(location, rule.offSite[route] ?? [])) return payload;
    reply.removeHeader('location');
    reply.removeHeader('content-length');
    reply.code(404).type(PLAIN);
    return `Nothing at ${request.method} ${request.url.slice(0, 200)}`;
  });
}
