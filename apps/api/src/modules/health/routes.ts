// GET /health: liveness that includes the database, for load balancers and the start script.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError, ZGetHealthResponse } from '@sp/shared';
import { pingDatabase, type DbHandle } from '../../db/index.ts';
import { fail } from '../../lib/errors.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ database: DbHandle }> = async (app, { database }) => {
  app.get(
    '/health',
    {
      schema: { tags: ['operations'], summary: 'Health check', response: { 200: ZGetHealthResponse, 503: ZApiError } },
    },
    async () => {
      try {
        await pingDatabase(database.db);
      } catch {
        throw fail('server.unavailable', 'Database unavailable');
      }
      return { status: 'ok' as const, database: database.engine };
    },
  );
};
