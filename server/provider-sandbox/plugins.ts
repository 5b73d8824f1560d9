import type { FastifyPluginAsync } from 'fastify';
import { sdkApi } from './sdk-api';

/**
 * Extra provider stand-ins the sandbox app registers, in order. Each is a Fastify plugin mounted at
 * the sandbox's root: the payment SDK's API calls (token, orders, funding eligibility, logger,
 * fraud-data script).
 */
export const sandboxPlugins: FastifyPluginAsync[] = [(app) => sdkApi(app, {})];
