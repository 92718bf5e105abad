// GET /config.json: what the SPA reads at start (identity endpoint, pool and client ids, API base).
import type { FastifyInstance } from 'fastify';
import { ZRuntimeConfig, type RuntimeConfig } from '@sp/shared';
import type { Config } from '../config.ts';

export function runtimeConfigOf(config: Config): RuntimeConfig {
  return ZRuntimeConfig.parse({
    apiBase: '/api',
    // Same origin for the built-in provider, so the app works under any host name it is reached by
    // and the strict connect-src 'self' holds.
    identityEndpoint:
      config.identity.kind === 'builtin'
        ? '/identity/'
        : `https://cognito-idp.${config.identity.region}.amazonaws.com/`,
    userPoolId: config.identity.userPoolId,
    clientId: config.identity.clientId,
    defaultLanguage: config.defaultLanguage,
    legal: config.legal,
  });
}

export function registerRuntimeConfig(app: FastifyInstance, config: Config) {
  app.get('/config.json', { schema: { hide: true } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return runtimeConfigOf(config);
  });
}
