import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { StoreUnavailable } from '../store/site-store';

/**
 * Every 4xx is the product's own clear message (issue 17, docs/design.md invariant 6): the errors the
 * framework raises before a route runs (a body it cannot read, a broken URL) are answered in plain
 * words here, never with the framework's JSON or its FST_ERR_* codes; a 5xx never shows internals.
 */
export const PLAIN = 'text/plain; charset=utf-8';
export const FORM_TYPE = 'application/x-www-form-urlencoded';
export const SERVER_FAULT = 'Something went wrong on our side. Please try again.';

export interface ErrorAnswerOptions {
  /** The largest body the site reads (app.ts). */
  bodyLimitBytes: number;
}

/** The media type a request named, or '' when it named none. */
function mediaType(request: FastifyRequest): string {
  return (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

export function unreadableTypeMessage(type: string): string {
  const named = type === '' ? 'no content type' : `the content type '${type.slice(0, 80)}'`;
  return `This request was sent with ${named}, which this site does not read. Send the fields url-encoded (${FORM_TYPE}), as a normal form post does.`;
}

export function badUrlMessage(url: string): string {
  return `The address '${url.slice(0, 200)}' has a broken %-escape (a % must be followed by two hexadecimal digits of valid UTF-8). Check the link and try again.`;
}

/** The product's words for a framework error, by its code; undefined for the product's own errors. */
export function frameworkMessage(error: Pick<FastifyError, 'code' | 'statusCode'>, request: FastifyRequest, options: ErrorAnswerOptions): string | undefined {
  const code = typeof error.code === 'string' ? error.code : '';
  if (!code.startsWith('FST_')) return undefined;
  switch (code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
    case 'FST_ERR_CTP_EMPTY_TYPE':
      return unreadableTypeMessage(mediaType(request));
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return `The request is too large: this site reads at most ${Math.round(options.bodyLimitBytes / 1024)} KB at once.`;
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'The request’s Content-Length header does not match the body that arrived. Send it again.';
    case 'FST_ERR_BAD_URL':
      return badUrlMessage(request.url);
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return 'The address is too long. Check the link and try again.';
    default:
      return 'This request could not be read. Check the address and what was sent, and try again.';
  }
}

/**
 * A library error that only carries its status's reason phrase ("Forbidden" from the static
 * plugin for /../x, "Bad Request" for a NUL in the path) gets a sentence instead.
 */
export function statusMessage(status: number, request: FastifyRequest): string | undefined {
  const path = request.url.slice(0, 200);
  if (status === 403) return `The address ${path} points outside the site; there is nothing to open there.`;
  if (status === 404) return `Nothing at ${request.method} ${path}`;
  if (status === 405) return `${request.method} is not answered at ${path}.`;
  if (status === 400) return `The request for ${path} could not be read. Check the address and try again.`;
  return undefined;
}

export function registerErrorAnswers(app: FastifyInstance, options: ErrorAnswerOptions) {
  // The site reads url-encoded forms only (formbody); JSON and text bodies get the clear 415 above.
  app.removeContentTypeParser(['application/json', 'text/plain']);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    // Issue 16: the shared database away is a 503 that says so and when to try again, not a fault.
    if (error instanceof StoreUnavailable) {
      request.log.error(error.message);
      return reply.code(503).header('Retry-After', '30').type(PLAIN).send(`${error.message} Please try again in a minute.`);
    }
    if (status >= 500) {
      request.log.error(error);
      return reply.code(500).type(PLAIN).send(SERVER_FAULT);
    }
    const bare = error.message === STATUS_CODES[status] ? statusMessage(status, request) : undefined;
    return reply.code(status).type(PLAIN).send(frameworkMessage(error, request, options) ?? bare ?? error.message);
  });
}

/**
 * Fastify's frameworkErrors: a bad URL is answered before routing and before any hook, so the
 * security headers are applied here too (`applyHeaders`).
 */
export function frameworkErrorAnswer(options: ErrorAnswerOptions, applyHeaders: () => ((request: FastifyRequest, reply: FastifyReply) => void) | undefined) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    applyHeaders()?.(request, reply);
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
    void reply.code(status).type(PLAIN).send(frameworkMessage(error, request, options) ?? 'This request could not be read.');
  };
}

/**
 * Fastify's clientErrorHandler: HTTP that Node cannot parse (a Content-Length the body does not
 * match, headers too large) is answered on the socket in plain words, not the framework's JSON.
 */
export function clientErrorAnswer(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, text] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The request’s headers are too large for this site to read.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive. Send it again.']
        : [400, 'The request could not be read: its HTTP framing (such as Content-Length) is malformed. Send it again.'];
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Type: ${PLAIN}\r\nX-Content-Type-Options: nosniff\r\n` +
        `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy(error);
}
