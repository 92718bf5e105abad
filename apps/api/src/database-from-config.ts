// Chooses the database engine from configuration: PostgreSQL when DATABASE_URL is set, else the
// SQLite file under the data directory.
import path from 'node:path';
import type { Config } from './config.ts';
import { openDatabase, type DbHandle } from './db/index.ts';

export const sqliteFileIn = (dataDir: string) => path.join(dataDir, 'sponsoring.sqlite');

export function openDatabaseFromConfig(config: Config): DbHandle {
  return config.databaseUrl
    ? openDatabase({ engine: 'postgres', url: config.databaseUrl })
    : openDatabase({
        engine: 'sqlite',
        file: sqliteFileIn(config.dataDir),
        statementCache: config.sqliteStatementCache,
      });
}
