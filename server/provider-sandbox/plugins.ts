import type { FastifyPluginAsync } from 'fastify';

/**
 * Extra provider stand-ins the sandbox app registers, in order (the payment SDK's API comes here
 * when it is merged). Each is a Fastify plugin mounted at the sandbox's root.
 */
export const sandboxPlugins: FastifyPluginAsync[] = [];
