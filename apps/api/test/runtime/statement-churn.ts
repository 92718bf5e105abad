// Run as a child process by gc-under-load.test.ts: the product's SQLite adapter with no statement
// reuse, thousands of statements prepared, run and dropped, and enough allocation between them that
// the garbage collector runs on its own (not through gc(), which never tripped better-sqlite3 12).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { migrateToLatest, openDatabase } from '../../src/db/index.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-churn-'));
const handle = openDatabase({ engine: 'sqlite', file: path.join(dir, 'churn.sqlite'), statementCache: 0 });
try {
  await migrateToLatest(handle);
  for (let round = 0; round < 20; round++) {
    for (let i = 0; i < 200; i++) await sql`select ${round * 200 + i} as x`.execute(handle.db);
    let garbage: Array<{ i: number; text: string }> | null = [];
    for (let i = 0; i < 100_000; i++) garbage.push({ i, text: `garbage ${i}` });
    garbage = null;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  console.log('statement churn survived');
} finally {
  await handle.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
