import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { PLATFORM_A_API, PLATFORM_ORIGINS, posterUrl } from '../../machines/video/video.rules';
import { PROVIDER_HOSTS } from '../../provider/donate/checkout-url';
import type { BuiltHtml } from '../built-html';
import { inlineScriptHashes } from './inline-scripts';

/**
 * Security headers on every answer, set in one place: helmet with the site's own
 * Content-Security-Policy. Scripts come from the site itself, from inline scripts whose hash the
 * build wrote into the HTML (inline-scripts.ts), and from the one platform script a visitor
 * consents to (the video platform's player API); never 'unsafe-inline', never eval. Frames: the
 * payment provider's checkout and button, and the two video platforms' players. Nobody but the
 * site's own pages may frame it. HSTS and upgrade-insecure-requests only on an https answer.
 */
export interface SecurityHeaderOptions {
  /** The built site: its HTML is read once for the hashes of inline scripts. */
  staticDir: string;
  /** The payment provider the pages use (site-config.ts); its checkout frame and button frame are allowed. */
  providerUrl: string | null;
  /** `npm run dev`: Vite's client needs its inline React-refresh preamble and its HMR socket. */
  development?: boolean;
  /** The built HTML when the caller has read it already (server/built-html.ts); else read here. */
  builtHtml?: readonly BuiltHtml[];
  /** The inline scripts' hashes when the build recorded them (server/html-manifest.ts); else the HTML is read for them. */
  scriptHashes?: readonly string[];
}

/** Decision (issue 17): one year, this host only; the operator decides for sibling hosts. */
export const HSTS_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * Features no page of the site uses and no frame it shows needs. Features the embedded players and
 * the checkout may ask for (autoplay, fullscreen, picture-in-picture, payment, encrypted-media) keep
 * the browser's default, so a frame's own `allow` still works.
 */
export const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'magnetometer=()',
  'display-capture=()',
  'idle-detection=()',
  'browsing-topics=()',
].join(', ');

const originOf = (url: string | null | undefined): string[] => {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
};

const unique = (values: string[]) => [...new Set(values)];

/** The payment provider's origins: the configured one and each env's host (§3 env, when none is configured). */
export function providerOrigins(providerUrl: string | null): string[] {
  return unique([...originOf(providerUrl), ...Object.values(PROVIDER_HOSTS)]);
}

export type CspDirectives = Record<string, string[]>;

/** The site's CSP as directive name -> sources; `https` adds upgrade-insecure-requests. */
export function cspDirectives(options: { providerUrl: string | null; scriptHashes: readonly string[]; https: boolean; development?: boolean }): CspDirectives {
  const providers = providerOrigins(options.providerUrl);
  const videoFrames = unique(Object.values(PLATFORM_ORIGINS).flat());
  const dev = options.development === true;
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    // Consent-gated: the video platform's player API is the only script from elsewhere.
    'script-src': ["'self'", ...options.scriptHashes, ...originOf(PLATFORM_A_API), ...(dev ? ["'unsafe-inline'"] : [])],
    'script-src-attr': ["'none'"],
    // Prerendered markup carries per-element custom properties (style="--value:82%"): attributes
    // only, which cannot run script. Inline <style> elements stay refused where CSP 3 is known.
    'style-src': ["'self'", "'unsafe-inline'"],
    'style-src-elem': ["'self'", ...(dev ? ["'unsafe-inline'"] : [])],
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': ["'self'", 'data:', ...originOf(posterUrl('x'))],
    // hls.js feeds the <video> through Media Source (blob:) from a worker it builds from a blob.
    'media-src': ["'self'", 'blob:'],
    'worker-src': ["'self'", 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...(dev ? ['ws:', 'wss:'] : [])],
    'frame-src': ["'self'", ...providers, ...videoFrames],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
    'manifest-src': ["'self'"],
    ...(options.https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** Every helmet setting the site uses, for an http or an https answer. */
export function helmetOptions(directives: CspDirectives, https: boolean) {
  return {
    contentSecurityPolicy: { useDefaults: false as const, directives },
    // The donate pop-up and the inspector window are other windows this page opens and talks to.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' as const },
    crossOriginResourcePolicy: { policy: 'same-origin' as const },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
    strictTransportSecurity: https ? { maxAge: HSTS_MAX_AGE_S, includeSubDomains: false } : false,
    xContentTypeOptions: true,
    // The legacy twin of frame-ancestors 'self', for browsers that only know this one.
    xFrameOptions: { action: 'sameorigin' as const },
  };
}

export interface SecurityHeaders {
  /** Sets every header on an answer Fastify makes before any hook runs (a bad URL). */
  apply(request: FastifyRequest, reply: FastifyReply): void;
  /** The CSP an http answer carries (tests and docs read it). */
  directives: CspDirectives;
}

const isHttps = (request: FastifyRequest) => request.protocol === 'https';

export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): Promise<SecurityHeaders> {
  const scriptHashes = options.scriptHashes ? [...options.scriptHashes] : inlineScriptHashes(options.staticDir, options.builtHtml);
  const base = { providerUrl: options.providerUrl, scriptHashes, development: options.development ?? false };
  const httpDirectives = cspDirectives({ ...base, https: false });
  const httpOptions = helmetOptions(httpDirectives, false);
  const httpsOptions = helmetOptions(cspDirectives({ ...base, https: true }), true);

  // Each helmet middleware is built once: @fastify/helmet built one per request (parsing the CSP
  // directives anew each time), a cost every static answer paid (issue 15). One synchronous hook
  // sets the same headers.
  const httpHelmet = helmet(httpOptions);
  const httpsHelmet = helmet(httpsOptions);
  const setHeaders = (request: FastifyRequest, reply: FastifyReply) => {
    // An https answer (the server itself, or a proxy Fastify is told to trust) adds HSTS and upgrades.
    (isHttps(request) ? httpsHelmet : httpHelmet)(request.raw, reply.raw, () => undefined);
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
  };
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request, reply);
    done();
  });

  return {
    directives: httpDirectives,
    apply: setHeaders,
  };
}
