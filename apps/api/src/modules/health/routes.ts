// GET /health: liveness that includes the database, for the start script and container checks.
// GET /ready: whether this process should get requests: the database answers, its migrations are
// this version's, the bus listens for other processes' events and no shutdown has begun; else 503.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError, ZGetHealthResponse, ZGetReadyResponse } from '@sp/shared';
import { pendingMigrations, pingDatabase, type DbHandle } from '../../db/index.ts';
import { fail } from '../../lib/errors.ts';
import type { DomainEvents } from '../domain-events.ts';

export const healthRoutes: FastifyPluginAsyncZod<{
  database: DbHandle;
  events: DomainEvents;
  state: { accepting: boolean };
}> = async (app, { database, events, state }) => {
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

  // Once current, the migrations stay current for this process (a newer version only adds).
  let migrationsCurrent = false;
  app.get(
    '/ready',
    {
      schema: {
        tags: ['operations'],
        summary: 'Readiness check',
        description: '200 when the process should get requests; 503 with the failed checks otherwise.',
        response: { 200: ZGetReadyResponse, 503: ZGetReadyResponse },
      },
    },
    async (_request, reply) => {
      let databaseAnswers = true;
      try {
        if (!migrationsCurrent) migrationsCurrent = (await pendingMigrations(database)).length === 0;
        else await pingDatabase(database.db);
      } catch {
        databaseAnswers = false;
      }
      const checks = {
        database: databaseAnswers,
        migrations: migrationsCurrent,
        listener: events.listening(),
        accepting: state.accepting,
      };
      const ready = Object.values(checks).every(Boolean);
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not-ready', checks });
    },
  );
};
