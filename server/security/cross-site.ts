import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Cross-site posts refused (issue 17): a form post or fetch that another site's page makes in its
 * visitor's browser is answered 403 and stored nowhere, so a hostile page can neither send
 * messages in a visitor's name nor spend their rate-limit budget. The browser says where a
 * request comes from in two headers a page cannot forge: Sec-Fetch-Site (current browsers) and
 * Origin (every browser, on a POST). A request with neither comes from no browser page (curl, a
 * server), which no other site can make a visitor send, so it goes through to the usual checks.
 *
 * ALLOWED_ORIGINS (comma-separated origins) names other sites whose pages may post here, and the
 * public address of a site behind a proxy that rewrites the Host header.
 */
export const ALLOWED_ORIGINS_ENV = 'ALLOWED_ORIGINS';

/** Methods that change nothing pass untouched. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export type CrossSiteVerdict = { ok: true } | { ok: false; from: string };

export interface PostFacts {
  /** The request's own origin as the server sees it: scheme://host[:port]. */
  own: string;
  origin: string | undefined;
  fetchSite: string | undefined;
  allowed: ReadonlySet<string>;
}

/** Whether a state-changing request may go on (pure; the hook below feeds it the headers). */
export function judgePost({ own, origin, fetchSite, allowed }: PostFacts): CrossSiteVerdict {
  const listed = origin !== undefined && allowed.has(origin);
  if (fetchSite !== undefined) {
    // same-origin: the site's own page (JS on or off); none: typed or bookmarked by the visitor.
    if (fetchSite === 'same-origin' || fetchSite === 'none' || listed) return { ok: true };
    return { ok: false, from: described(origin) };
  }
  if (origin === undefined || origin === own || listed) return { ok: true };
  return { ok: false, from: described(origin) };
}

// A sandboxed frame or a privacy-minded redirect sends the literal origin "null".
const described = (origin: string | undefined) => (origin === undefined || origin === 'null' ? 'a page that does not give its address' : origin);

/** ALLOWED_ORIGINS parsed; a value that is not an http(s) origin is dropped with one warning. */
export function allowedOriginsFromEnv(env: NodeJS.ProcessEnv, warn: (message: string) => void): Set<string> {
  const allowed = new Set<string>();
  for (const raw of (env[ALLOWED_ORIGINS_ENV] ?? '').split(',')) {
    const text = raw.trim();
    if (text === '') continue;
    let origin: string | undefined;
    try {
      const url = new URL(text);
      if (url.protocol === 'http:' || url.protocol === 'https:') origin = url.origin;
    } catch {
      origin = undefined;
    }
    if (origin === undefined) warn(`${ALLOWED_ORIGINS_ENV}: '${text}' is not an http(s) origin such as https://www.example.org; ignored.`);
    else allowed.add(origin);
  }
  return allowed;
}

export function refusalMessage(from: string): string {
  return (
    `This was sent from another site (${from.slice(0, 200)}), so it was not accepted. ` +
    'Nothing was stored. To write to us, open our contact page and send the form from there.'
  );
}

export function registerCrossSiteGuard(app: FastifyInstance, allowed: ReadonlySet<string>) {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const verdict = judgePost({
      own: `${request.protocol}://${request.host}`,
      origin: header(request, 'origin'),
      fetchSite: header(request, 'sec-fetch-site'),
      allowed,
    });
    if (verdict.ok) return;
    return reply.code(403).type('text/plain; charset=utf-8').header('Cache-Control', 'no-store').send(refusalMessage(verdict.from));
  });
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}
