import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { allowedOriginsFromEnv, registerCrossSiteGuard } from './cross-site';
import { clientErrorAnswer, frameworkErrorAnswer, registerErrorAnswers } from './error-answers';
import { providerOrigins, registerSecurityHeaders, type SecurityHeaderOptions } from './headers';
import { registerRedirectGuard } from './redirects';

/**
 * The site's security layer (issue 17), registered from app.ts before any route: security headers
 * and the CSP, the cross-site post guard, the redirect guard and the product's own 4xx answers.
 * `frameworkErrors` and `clientErrorHandler` go into the Fastify constructor, for the answers
 * made before any hook.
 * docs/security.md is the manual page.
 */
export interface SecurityOptions extends SecurityHeaderOptions {
  bodyLimitBytes: number;
  env: NodeJS.ProcessEnv;
}

/** The donate button's no-JS path (server/site-config.ts) is the one redirect that leaves the site. */
export const CHECKOUT_REDIRECT_ROUTE = '/donate/checkout';

export interface Security {
  frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']>;
  clientErrorHandler: NonNullable<FastifyServerOptions['clientErrorHandler']>;
  register(app: FastifyInstance, options: SecurityOptions): Promise<void>;
}

export function createSecurity(bodyLimitBytes: number): Security {
  let applyHeaders: ((request: FastifyRequest, reply: FastifyReply) => void) | undefined;
  return {
    frameworkErrors: frameworkErrorAnswer({ bodyLimitBytes }, () => applyHeaders),
    clientErrorHandler: clientErrorAnswer,
    async register(app, options) {
      registerErrorAnswers(app, { bodyLimitBytes: options.bodyLimitBytes });
      const headers = await registerSecurityHeaders(app, options);
      applyHeaders = headers.apply;
      registerCrossSiteGuard(app, allowedOriginsFromEnv(options.env, (message) => app.log.warn(message)));
      registerRedirectGuard(app, { offSite: { [CHECKOUT_REDIRECT_ROUTE]: providerOrigins(options.providerUrl) } });
    },
  };
}
