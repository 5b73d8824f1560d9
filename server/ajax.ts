import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Store } from './store/db';

/**
 * The site's ajax endpoint (§7): one POST route that dispatches on the `action` field, as the
 * original theme's admin-ajax does. Its URL is exposed to pages as the global `ajaxurl`.
 * Feature issues register their actions (avia_ajax_search, avia_ajax_masonry_more).
 */
export const AJAX_PATH = '/ajax';

export type AjaxBody = Record<string, string | string[] | undefined>;

export interface AjaxContext {
  store: Store;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A handler answers with the text the page inserts (HTML or plain text). */
export type AjaxHandler = (body: AjaxBody, context: AjaxContext) => string | Promise<string>;

export class BadRequest extends Error {
  readonly statusCode = 400;
}

export function registerAjax(app: FastifyInstance, store: Store, actions: Readonly<Record<string, AjaxHandler>>) {
  app.post(AJAX_PATH, async (request, reply) => {
    const body = request.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      return reply
        .code(415)
        .type('text/plain; charset=utf-8')
        .send('Send the fields as application/x-www-form-urlencoded, with an action field.');
    }
    const fields = body as AjaxBody;
    const action = fields.action;
    if (Array.isArray(action)) {
      return reply.code(400).type('text/plain; charset=utf-8').send(`The action field was sent ${action.length} times; send it once.`);
    }
    if (typeof action !== 'string' || action === '') {
      return reply.code(400).type('text/plain; charset=utf-8').send('The request has no action field.');
    }
    const handler = Object.hasOwn(actions, action) ? actions[action] : undefined;
    if (!handler) {
      return reply
        .code(400)
        .type('text/plain; charset=utf-8')
        .send(`Unknown action '${action.slice(0, 80)}'. Known actions: ${Object.keys(actions).join(', ') || 'none'}.`);
    }
    const answer = await handler(fields, { store, request, reply });
    if (!reply.sent) return reply.type('text/html; charset=utf-8').send(answer);
    return reply;
  });
}
