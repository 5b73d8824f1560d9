import type { FastifyInstance, onSendHookHandler } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { codingsFor } from './static-memory';

/**
 * Issue 47 (live search p95 <= 5 ms over HTTP at 100,000 pages): a small dynamic answer (the live
 * search's is about 2 KB, a results page tens of KB) is compressed in one synchronous call, brotli's
 * window sized to it, and sent with its length in one write. @fastify/compress streams every answer
 * (an async iterator, a peek stream, a brotli stream with a 4 MB window, pump, a chunked reply):
 * about 2 ms of the live answer's time on this machine, 0.1 ms of it the compression itself.
 * Streams, larger answers and codings other than br and gzip are left to the plugin, which skips an
 * answer whose Content-Encoding is set. Like the plugin's, this hook is each route's own, after the
 * route's other onSend hooks and before the plugin's (it is added first), and not on a route the
 * plugin is told to leave alone (`compress: false`, as static-memory.ts's routes are).
 */
export const SMALL_ANSWER_BYTES = 256 * 1024;
/** @fastify/compress's brotli quality (its default), and gzip's default level: the same bytes a visitor got before, for gzip. */
const BROTLI_QUALITY = 4;
/** Brotli's smallest and largest window, as log2 of its size. */
const LGWIN_MIN = 10;
const LGWIN_MAX = 24;
const COMPRESSIBLE = /^(?:text\/|application\/(?:json|javascript|xml|xhtml\+xml|manifest\+json)\b)/i;

export function compressSmallAnswers(app: FastifyInstance, threshold: number): void {
  app.addHook('onRoute', (route) => {
    if ((route.config?.compress ?? route.compress) === false) return;
    route.onSend = [...(Array.isArray(route.onSend) ? route.onSend : route.onSend ? [route.onSend] : []), onSend];
  });
  const onSend: onSendHookHandler = (request, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    const size = Buffer.byteLength(payload);
    if (size < threshold || size > SMALL_ANSWER_BYTES || reply.hasHeader('content-encoding') || request.headers['x-no-compression'] !== undefined) return done(null, payload);
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !COMPRESSIBLE.test(type)) return done(null, payload);
    const coding = codingsFor(request.headers['accept-encoding'])[0];
    if (coding !== 'br' && coding !== 'gzip') return done(null, payload);
    const compressed =
      coding === 'br'
        ? brotliCompressSync(payload, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
              [constants.BROTLI_PARAM_LGWIN]: Math.min(LGWIN_MAX, Math.max(LGWIN_MIN, Math.ceil(Math.log2(size)))),
              [constants.BROTLI_PARAM_SIZE_HINT]: size,
            },
          })
        : gzipSync(payload);
    const vary = reply.getHeader('vary');
    const varies = typeof vary === 'string' ? vary : Array.isArray(vary) ? vary.join(', ') : '';
    if (!/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(varies)) reply.header('Vary', varies ? `${varies}, Accept-Encoding` : 'Accept-Encoding');
    reply.header('Content-Encoding', coding);
    reply.removeHeader('content-length');
    done(null, compressed);
  };
}
