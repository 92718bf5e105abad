// Chooses the bus: LISTEN/NOTIFY when the database is PostgreSQL (so several API processes on it
// deliver each other's events), else in-process.
import type { FastifyBaseLogger } from 'fastify';
import type { DbHandle } from '../../db/index.ts';
import { createInProcessBus } from './in-process.ts';
import { createPostgresBus } from './postgres.ts';
import type { MessageBus } from './bus-port.ts';

export type { MessageBus } from './bus-port.ts';
export { createPostgresBus } from './postgres.ts';

export function createMessageBus(
  database: DbHandle,
  databaseUrl: string | undefined,
  log: FastifyBaseLogger,
): MessageBus {
  const onError = (error: unknown) => log.error({ err: error }, 'bus listener failed');
  if (database.engine !== 'postgres') return createInProcessBus({ onError });
  if (!databaseUrl) {
    // A PostgreSQL handle opened without DATABASE_URL (tests build their own): one process only.
    log.warn('PostgreSQL without DATABASE_URL: chat events stay in this process');
    return createInProcessBus({ onError });
  }
  return createPostgresBus({ connection: { connectionString: databaseUrl }, db: database.db, log });
}
