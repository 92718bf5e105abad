// Vitest global setup of the API tests: the migrations run once per test run into a template, not once
// per test file (decision 064). SQLite: a migrated file that createTestDatabase copies. PostgreSQL
// (with TEST_DATABASE_URL): a migrated database that createTestDatabase clones with
// `CREATE DATABASE ... TEMPLATE`, so each test file still gets a database of its own. Both are removed
// when the run ends. Whether the migrations apply from nothing is thus still checked on every run, here.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateToLatest, openDatabase } from '../src/db/index.ts';

export type TestTemplates = {
  /** A migrated SQLite file, closed (no WAL beside it). */
  sqliteFile: string;
  /** A migrated PostgreSQL database nobody is connected to, and the schema its tables are in. */
  postgres: { database: string; schema: string } | null;
};

declare module 'vitest' {
  // Vitest's provided values are typed by merging into its interface, which a type alias cannot do.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    testTemplates: TestTemplates;
  }
}

/** The connection string of another database on the server of `url`. */
export function databaseUrl(url: string, database: string): string {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.toString();
}

async function adminQuery(url: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

async function sqliteTemplate(dir: string): Promise<string> {
  const file = path.join(dir, 'template.sqlite');
  const handle = openDatabase({ engine: 'sqlite', file });
  await migrateToLatest(handle);
  await handle.close();
  return file;
}

async function postgresTemplate(url: string): Promise<TestTemplates['postgres']> {
  const id = randomBytes(6).toString('hex');
  const database = `sp_template_${id}`;
  const schema = `t_template_${id}`;
  await adminQuery(url, `create database ${database}`);
  try {
    await adminQuery(databaseUrl(url, database), `create schema ${schema}`);
    const handle = openDatabase({ engine: 'postgres', url: databaseUrl(url, database), schema, poolSize: 2 });
    try {
      await migrateToLatest(handle, schema);
    } finally {
      await handle.close();
    }
  } catch (error) {
    await adminQuery(url, `drop database if exists ${database} with (force)`);
    throw error;
  }
  return { database, schema };
}

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-template-'));
  const url = process.env.TEST_DATABASE_URL;
  const [sqliteFile, postgres] = await Promise.all([sqliteTemplate(dir), url ? postgresTemplate(url) : null]);
  project.provide('testTemplates', { sqliteFile, postgres });
  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (url && postgres) await adminQuery(url, `drop database if exists ${postgres.database} with (force)`);
  };
}
