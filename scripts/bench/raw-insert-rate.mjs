// The baseline of the message-post benchmark: durable single-row inserts straight into the database,
// without the server, so the posts can be measured as a share of what the engine itself allows.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { messageText } from './seed.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const requireFromApi = createRequire(path.join(root, 'apps/api/package.json'));

/**
 * Durable single-row inserts, one transaction each, for `seconds`: SQLite in a temporary file with
 * the pragmas of apps/api/src/db/index.ts, or a regular (logged) table on PostgreSQL, dropped afterwards.
 */
export async function rawInsertRate({ databaseUrl, seconds }) {
  if (!databaseUrl) {
    const Database = requireFromApi('better-sqlite3');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-bench-raw-'));
    const db = new Database(path.join(dir, 'raw.sqlite'));
    try {
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = FULL');
      db.pragma('foreign_keys = ON');
      db.pragma('busy_timeout = 5000');
      db.exec(
        'CREATE TABLE message (id INTEGER PRIMARY KEY AUTOINCREMENT, conversation_id INTEGER NOT NULL, body TEXT NOT NULL, sent_at TEXT NOT NULL)',
      );
      const insert = db.prepare('INSERT INTO message (conversation_id, body, sent_at) VALUES (?, ?, ?)');
      const until = performance.now() + seconds * 1000;
      let count = 0;
      while (performance.now() < until) {
        insert.run(count % 50, messageText(count), new Date().toISOString());
        count++;
      }
      return { rowsPerSec: count / seconds, engine: 'sqlite' };
    } finally {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  const pg = requireFromApi('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  // A regular table: a TEMP table is not written to the WAL, so its inserts are not durable and
  // would make the message posts look slow against a rate no durable write can reach.
  const table = `bench_raw_message_${process.pid}_${Date.now()}`;
  try {
    await client.query(
      `CREATE TABLE ${table} (id BIGSERIAL PRIMARY KEY, conversation_id INTEGER NOT NULL, body TEXT NOT NULL, sent_at TIMESTAMPTZ NOT NULL)`,
    );
    const until = performance.now() + seconds * 1000;
    let count = 0;
    while (performance.now() < until) {
      await client.query(`INSERT INTO ${table} (conversation_id, body, sent_at) VALUES ($1, $2, now())`, [
        count % 50,
        messageText(count),
      ]);
      count++;
    }
    return { rowsPerSec: count / seconds, engine: 'postgresql' };
  } finally {
    await client.query(`DROP TABLE IF EXISTS ${table}`).catch(() => undefined);
    await client.end();
  }
}
