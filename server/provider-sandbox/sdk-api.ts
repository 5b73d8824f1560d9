import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_PATHS, INTENTS, PARTNER_ATTRIBUTION_HEADER, SANDBOX_CLIENT_ID } from '../../provider/sdk/constants';
import { FRAUD_CONFIG_MARKER } from '../../provider/sdk/fraud-script';
import { orderProblem } from '../../provider/sdk/order.rules';
import { parseQuery } from '../../provider/sdk/query';
import type { LoggerPayload } from '../../provider/sdk/sdk-logger.rules';

/**
 * The provider sandbox's side of the SDK's API calls (§7): token, order, funding eligibility, the
 * logger and the fraud-data collector script. A local stand-in: it checks what a client sends with
 * the same rules the client uses and answers the way the provider does, never with a 500.
 */
export interface SdkApiOptions {
  /** Client ids that get a token (default: the public sandbox client id). */
  clientIds?: readonly string[];
  /** Where received logger payloads are recorded, newest last (tests read it). */
  received?: ReceivedLog[];
}

export interface ReceivedLog {
  payload: LoggerPayload;
  disableSetCookie: boolean;
  contentType: string;
}

export interface CreatedOrder {
  id: string;
  partnerAttributionId: string | undefined;
  body: unknown;
}

/** The GraphQL field the funding-eligibility query must ask for. */
const FUNDING_FIELD = 'fundingEligibility';
const FORM_TYPE = 'application/x-www-form-urlencoded';
const LOGGER_COOKIE = 'sandbox_logger_session';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function token(prefix: string, bytes: number): string {
  return `${prefix}${randomBytes(bytes).toString('base64url')}`;
}

function orderId(): string {
  return randomBytes(12).toString('hex').toUpperCase().slice(0, 17);
}

/** Basic credentials: the client id before the colon, or undefined when the header is not Basic. */
export function clientIdFromBasic(header: string | undefined): string | undefined {
  const match = /^Basic\s+(\S+)$/i.exec(header ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon > 0 ? decoded.slice(0, colon) : undefined;
}

function bearer(header: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];
}

/** What the funding-eligibility variables must hold; null when acceptable. */
function eligibilityProblem(variables: unknown): string | null {
  if (!isRecord(variables)) return 'variables must be an object';
  if (typeof variables.clientID !== 'string' || !variables.clientID) return 'variables.clientID is required';
  if (typeof variables.currency !== 'string' || !/^[A-Z]{3}$/.test(variables.currency)) return 'variables.currency must be a three-letter code';
  if (typeof variables.intent !== 'string' || !(INTENTS as readonly string[]).includes(variables.intent.toLowerCase())) return 'variables.intent is not a known intent';
  if (typeof variables.commit !== 'boolean' || typeof variables.vault !== 'boolean') return 'variables.commit and variables.vault must be booleans';
  for (const key of ['merchantID', 'enableFunding', 'disableFunding', 'disableCard']) {
    if (!isStringList(variables[key])) return `variables.${key} must be a list of strings`;
  }
  // The provider's GraphQL enums (SupportedPaymentMethodsType, SupportedCardsType) are upper case.
  for (const key of ['enableFunding', 'disableFunding', 'disableCard']) {
    const list = variables[key] as string[];
    const lower = list.find((value) => !/^[A-Z][A-Z0-9_]*$/.test(value));
    if (lower !== undefined) return `variables.${key}: '${lower}' is not an upper-case funding value`;
  }
  return null;
}

function loggerProblem(body: unknown): string | null {
  if (!isRecord(body)) return 'The logger payload must be a JSON object';
  if (!Array.isArray(body.events) || !Array.isArray(body.tracking) || !Array.isArray(body.metrics) || !isRecord(body.meta)) {
    return 'The logger payload needs events, meta, tracking and metrics';
  }
  return null;
}

const FRAUD_SCRIPT = `/* Provider sandbox: device fraud-data collector stand-in. */
(function () {
  var config = document.querySelector('script[fncls="${FRAUD_CONFIG_MARKER}"]');
  var data = {};
  try { data = JSON.parse((config && config.textContent) || '{}'); } catch (error) { data = {}; }
  window.sandboxFraudData = { collected: true, clientMetadataId: data.f || null, source: data.s || null };
  // The real collector calls the configuration's cb1 (the client's window.fnCallback) once it has collected.
  if (typeof data.cb1 === 'string' && typeof window[data.cb1] === 'function') window[data.cb1]();
})();
`;

export async function sdkApi(app: FastifyInstance, opts: SdkApiOptions = {}): Promise<void> {
  const clientIds = new Set(opts.clientIds ?? [SANDBOX_CLIENT_ID]);
  const received = opts.received ?? [];
  const issued = new Set<string>();
  const orders = new Map<string, CreatedOrder>();

  if (!app.hasContentTypeParser(FORM_TYPE)) {
    app.addContentTypeParser(FORM_TYPE, { parseAs: 'string' }, (_request, body, done) => done(null, parseQuery(String(body))));
  }

  app.post(API_PATHS.token, async (request: FastifyRequest, reply: FastifyReply) => {
    const clientId = clientIdFromBasic(request.headers.authorization);
    if (!clientId || !clientIds.has(clientId)) {
      return reply.code(401).send({ error: 'invalid_client', error_description: 'Client Authentication failed' });
    }
    const form = isRecord(request.body) ? request.body : {};
    if (form.grant_type !== 'client_credentials') {
      return reply.code(400).send({ error: 'unsupported_grant_type', error_description: 'grant_type must be client_credentials' });
    }
    const accessToken = token('A21AA', 48);
    issued.add(accessToken);
    return reply.send({ scope: 'https://uri.paypal.com/services/payments/payment', access_token: accessToken, token_type: 'Bearer', app_id: 'APP-SANDBOX', expires_in: 32_400, nonce: token('', 16) });
  });

  app.post(API_PATHS.orders, async (request, reply) => {
    const accessToken = bearer(request.headers.authorization);
    if (!accessToken || !issued.has(accessToken)) {
      return reply.code(401).send({ name: 'AUTHENTICATION_FAILURE', message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.' });
    }
    const problem = orderProblem(request.body);
    if (problem) return reply.code(422).send({ name: 'UNPROCESSABLE_ENTITY', message: problem });
    const header = request.headers[PARTNER_ATTRIBUTION_HEADER];
    const order: CreatedOrder = { id: orderId(), partnerAttributionId: typeof header === 'string' ? header : undefined, body: request.body };
    orders.set(order.id, order);
    const body = request.body as Record<string, unknown>;
    return reply.code(201).send({
      id: order.id,
      status: 'CREATED',
      intent: body.intent,
      purchase_units: body.purchase_units,
      links: [{ href: `/checkoutnow?token=${order.id}`, rel: 'approve', method: 'GET' }],
    });
  });

  app.get<{ Params: { id: string } }>(`${API_PATHS.orders}/:id`, async (request, reply) => {
    const { id } = request.params;
    const order = orders.get(id);
    if (!order) return reply.code(404).send({ name: 'RESOURCE_NOT_FOUND', message: `No order ${id}` });
    return reply.send({ id: order.id, status: 'CREATED', partner_attribution_id: order.partnerAttributionId ?? null });
  });

  app.post(API_PATHS.fundingEligibility, async (request, reply) => {
    const body = request.body;
    if (!isRecord(body) || typeof body.query !== 'string' || !body.query.includes(FUNDING_FIELD)) {
      return reply.code(400).send({ errors: [{ message: `The query must ask for ${FUNDING_FIELD}` }] });
    }
    const problem = eligibilityProblem(body.variables);
    if (problem) return reply.code(400).send({ errors: [{ message: problem }] });
    const variables = body.variables as { currency: string; buyerCountry?: unknown; vault: boolean; disableFunding: string[]; enableFunding: string[] };
    const disabled = (source: string) => variables.disableFunding.includes(source.toUpperCase());
    const inUs = variables.currency === 'USD' && (variables.buyerCountry === undefined || variables.buyerCountry === 'US');
    return reply.send({
      data: {
        [FUNDING_FIELD]: {
          paypal: { eligible: !disabled('paypal') },
          card: { eligible: !disabled('card') },
          venmo: { eligible: inUs && !disabled('venmo') && (variables.enableFunding.includes('VENMO') || !variables.vault) },
          paylater: { eligible: inUs && !disabled('paylater') },
        },
      },
    });
  });

  app.post<{ Querystring: { disableSetCookie?: string } }>(API_PATHS.logger, async (request, reply) => {
    const problem = loggerProblem(request.body);
    if (problem) return reply.code(400).type('text/plain; charset=utf-8').send(problem);
    const disableSetCookie = request.query.disableSetCookie === 'true';
    received.push({ payload: request.body as LoggerPayload, disableSetCookie, contentType: request.headers['content-type'] ?? '' });
    if (!disableSetCookie) reply.header('set-cookie', `${LOGGER_COOKIE}=${token('', 8)}; Path=/; HttpOnly; SameSite=None; Secure`);
    return reply.send({});
  });

  // Sandbox only: what the logger endpoint has received, for browser tests that cannot reach `received`.
  app.get(API_PATHS.logger, async (_request, reply) => reply.send(received));

  app.get(API_PATHS.fraudScript, async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(FRAUD_SCRIPT));
}
