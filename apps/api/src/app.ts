// Builds the Fastify app from plugins: third-party first, then ours, then the routes.
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { ZRuntimeConfig, type RuntimeConfig } from '@sp/shared';
import type { Config } from './config.ts';
import type { DbHandle } from './db/index.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { inviteCodesRoutes } from './modules/invite-codes/routes.ts';
import { createInviteCodesRepository } from './modules/invite-codes/repository.ts';

export type AppDeps = {
  config: Config;
  database: DbHandle;
  /** Folder of the built SPA; null in API-only tests. */
  webDistDir: string | null;
  logger?: boolean | object;
};

export function runtimeConfigOf(config: Config): RuntimeConfig {
  return ZRuntimeConfig.parse({
    apiBase: '/api',
    identityEndpoint:
      config.identity.kind === 'builtin'
        ? `${config.publicUrl}/identity/`
        : `https://cognito-idp.${config.identity.region}.amazonaws.com/`,
    userPoolId: config.identity.userPoolId,
    clientId: config.identity.clientId,
    defaultLanguage: config.defaultLanguage,
    legal: config.legal,
  });
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await registerSecurityHeaders(app);
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Sponsoring platform API', version: '1.0.0' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const inviteCodes = createInviteCodesRepository(database.db);

  app.get('/config.json', { schema: { hide: true } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return runtimeConfigOf(config);
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database });
      await api.register(inviteCodesRoutes, { inviteCodes });
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, deps.webDistDir);
  return app;
}
