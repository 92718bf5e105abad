// Test support: a real database per test file (SQLite always, PostgreSQL when TEST_DATABASE_URL is
// set: a database of its own, cloned from the run's migrated template; template-databases.ts), and a
// real app instance built on it for app.inject.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { migrateToLatest, openDatabase, type DbHandle } from '../src/db/index.ts';
import type { Engine } from '../src/db/column-types.ts';
import type { Db } from '../src/db/index.ts';
import { checkInvariants, describeViolations } from '../src/invariants/index.ts';
import { databaseUrl, type TestTemplates } from './template-databases.ts';

export const ENGINES: Engine[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export type TestDatabase = DbHandle & {
  dispose: () => Promise<void>;
  /** Another connection (pool) to the same database, as a second server process would hold. */
  openAgain: () => DbHandle;
  /**
   * PostgreSQL: the connection string of this database (each test database is a database of its own,
   * not TEST_DATABASE_URL's): a second client that must see the same NOTIFYs connects here.
   */
  url?: string;
};

/** The migrated templates of this run (template-databases.ts); undefined when run without that setup. */
function templates(): TestTemplates | undefined {
  try {
    return inject('testTemplates');
  } catch {
    return undefined;
  }
}

/** A new PostgreSQL database cloned from the run's migrated template, with its schema renamed to `schema`. */
async function cloneTemplate(
  url: string,
  template: NonNullable<TestTemplates['postgres']>,
  name: string,
  schema: string,
) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`create database ${name} template ${template.database}`);
        break;
      } catch (error) {
        // 55006: the template is being accessed by other users (a clone starting at the same moment).
        if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
      }
    }
  } finally {
    await admin.end();
  }
  // Its own schema name, as before the templates: the write notices' listener is named after it
  // (sp-write-notices:<schema>), and tests find it by that name among all sessions of the server.
  const clone = new pg.Client({ connectionString: databaseUrl(url, name) });
  await clone.connect();
  try {
    await clone.query(`alter schema ${template.schema} rename to ${schema}`);
  } finally {
    await clone.end();
  }
}

export async function createTestDatabase(engine: Engine, options: { poolSize?: number } = {}): Promise<TestDatabase> {
  const template = templates();
  if (engine === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-test-'));
    const file = path.join(dir, 'test.sqlite');
    if (template) fs.copyFileSync(template.sqliteFile, file);
    const handle = openDatabase({ engine: 'sqlite', file });
    if (!template) await migrateToLatest(handle);
    return {
      ...handle,
      openAgain: () => openDatabase({ engine: 'sqlite', file }),
      dispose: async () => {
        await handle.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const id = randomBytes(6).toString('hex');
  const schema = `t_${id}`;
  if (template?.postgres) {
    const name = `sp_test_${id}`;
    const url = databaseUrl(adminUrl, name);
    const dropDatabase = async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    };
    try {
      await cloneTemplate(adminUrl, template.postgres, name, schema);
    } catch (error) {
      await dropDatabase();
      throw error;
    }
    const handle = openDatabase({ engine: 'postgres', url, schema, poolSize: options.poolSize ?? 4 });
    return {
      ...handle,
      url,
      openAgain: () => openDatabase({ engine: 'postgres', url, schema, poolSize: options.poolSize ?? 4 }),
      dispose: async () => {
        await handle.close();
        await dropDatabase();
      },
    };
  }
  // Without the run's templates (a test run outside this project's setup): a schema of
  // TEST_DATABASE_URL's database, migrated here.
  const url = adminUrl;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const handle = openDatabase({ engine: 'postgres', url, schema, poolSize: options.poolSize ?? 4 });
  const dropSchema = async () => {
    const cleanup = new pg.Client({ connectionString: url });
    await cleanup.connect();
    await cleanup.query(`drop schema if exists ${schema} cascade`);
    await cleanup.end();
  };
  try {
    await migrateToLatest(handle, schema);
  } catch (error) {
    await handle.close();
    await dropSchema();
    throw error;
  }
  return {
    ...handle,
    url,
    openAgain: () => openDatabase({ engine: 'postgres', url, schema, poolSize: options.poolSize ?? 4 }),
    dispose: async () => {
      await handle.close();
      await dropSchema();
    },
  };
}

/**
 * The identity provider's limits per client address are off in tests, whose every request comes from
 * 127.0.0.1; the tests of those limits set them (apps/api/src/identity/address-limits.test.ts).
 */
const NO_ADDRESS_LIMITS: NodeJS.ProcessEnv = {
  RATE_LIMIT_SIGN_IN_FAILURES: 'off',
  RATE_LIMIT_SIGN_UPS: 'off',
  RATE_LIMIT_FORGOT_PASSWORD: 'off',
  RATE_LIMIT_CODE_SUBMISSIONS: 'off',
};

export function testConfig(overrides: NodeJS.ProcessEnv = {}): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-data-'));
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'silent',
    ...NO_ADDRESS_LIMITS,
    ...overrides,
  });
}

/**
 * Every business invariant holds on a test database after its last request (issue 55): createTestApp's
 * and startIdentityApp's close() check it before the database goes. "The future" is measured from the
 * later of the real time and the test's clock (tests move their clock ahead).
 */
export async function assertInvariantsHold(db: Db, clock?: () => Date): Promise<void> {
  const real = new Date();
  const test = clock?.();
  const violations = await checkInvariants(db, { now: test && test > real ? test : real });
  if (violations.length > 0)
    throw new Error(
      `Business invariants violated (npm run admin -- check-invariants):\n${describeViolations(violations).join('\n')}`,
    );
}

/** A test that plants violations on purpose names why; its database is then not checked on close. */
export type InvariantsOptOut = { plantsViolations?: string };

export type TestApp = { app: FastifyInstance; database: TestDatabase; config: Config; close: () => Promise<void> };

export async function createTestApp(
  engine: Engine,
  options: { env?: NodeJS.ProcessEnv; deps?: Partial<AppDeps> } & InvariantsOptOut = {},
): Promise<TestApp> {
  const database = await createTestDatabase(engine);
  const config = testConfig(options.env);
  const app = await buildApp({ config, database, webDistDir: null, logger: false, ...options.deps });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      try {
        if (!options.plantsViolations) await assertInvariantsHold(database.db, options.deps?.clock);
      } finally {
        await database.dispose();
        fs.rmSync(config.dataDir, { recursive: true, force: true });
      }
    },
  };
}
