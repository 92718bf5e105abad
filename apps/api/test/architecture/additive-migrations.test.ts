// The README's upgrade ("Operating"): processes are replaced one at a time, so the old version runs
// on the database the new one migrated. That holds while a migration's `up` only adds: no table or
// column dropped or renamed, no column's type changed, and a column added to an existing table is
// nullable or has a default (the old version's inserts do not name it). Read from the source.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const migrations = path.resolve(import.meta.dirname, '../../src/db/migrations');

const DESTRUCTIVE =
  /\.(dropTable|dropColumn|renameTo|renameColumn|alterColumn|modifyColumn)\(|\b(?:DROP\s+(?:TABLE|COLUMN)|RENAME\s+(?:TO|COLUMN)|ALTER\s+COLUMN)\b/gi;
/** `alterTable('t').addColumn(...)...execute()`: one statement that adds a column to an existing table. */
const ADDED_COLUMN = /alterTable\(\s*'(\w+)'\s*\)\s*\.addColumn\(([\s\S]*?)\.execute\(\)/g;
const RAW_ADDED_COLUMN = /ADD\s+COLUMN[^;`'"]*/gi;

/** What in one migration's source breaks the version before it; [] when it only adds. */
function notAdditive(source: string): string[] {
  // The `down` half undoes `up` and may drop anything: only `up` runs on an upgrade.
  const up = source.split(/\basync\s+down\s*\(/)[0]!;
  const found = [...up.matchAll(DESTRUCTIVE)].map((m) => m[0]);
  for (const [, table, column] of up.matchAll(ADDED_COLUMN)) {
    if (/notNull\(\)/.test(column!) && !/defaultTo\(/.test(column!)) found.push(`${table}: NOT NULL without default`);
  }
  for (const [raw] of up.matchAll(RAW_ADDED_COLUMN)) {
    if (/NOT\s+NULL/i.test(raw) && !/DEFAULT/i.test(raw)) found.push(`${raw.trim()}: NOT NULL without default`);
  }
  return found;
}

/**
 * Columns made wider on PostgreSQL (SQLite's types hold any length): whatever the old version writes
 * still fits. A new entry is a decision that the old version can live with the change.
 */
const WIDENED: Record<string, number> = {
  '0022_activity_amount_bigint.ts': 1, // integer to bigint
  '0028_sponsor_vat_id_length.ts': 1, // varchar(14) to varchar(20)
  '0031_sealed_totp_secrets.ts': 2, // varchar(64) to varchar(128), twice
};

/**
 * Tables dropped that the version before reads nowhere (only triggers wrote them, dropped in the same
 * migration): it runs on without them. A new entry is a decision that says so (0058: decision 105);
 * no source outside the migrations may name such a table any more.
 */
const DROPPED_UNREAD: Record<string, readonly string[]> = {
  '0058_revisions_nothing_reads.ts': ['chat_list_revisions'],
};

const src = path.resolve(import.meta.dirname, '../../src');
const sourcesOutsideMigrations = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === migrations ? [] : sourcesOutsideMigrations(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });

describe('migrations', () => {
  const files = fs.readdirSync(migrations).filter((f) => /^\d{4}_.*\.ts$/.test(f) && !f.endsWith('.test.ts'));

  it.each(files)('%s only adds (the old version keeps running on it)', (file) => {
    const source = fs.readFileSync(path.join(migrations, file), 'utf8');
    const found = notAdditive(source);
    const widened = found.filter((f) => /^alter column$/i.test(f)).length;
    expect(widened).toBe(WIDENED[file] ?? 0);
    const dropped = [...source.split(/\basync\s+down\s*\(/)[0]!.matchAll(/\.dropTable\(\s*'(\w+)'/g)].map((m) => m[1]);
    expect(dropped).toEqual(DROPPED_UNREAD[file] ?? []);
    expect(found.filter((f) => !/^alter column$/i.test(f) && f !== '.dropTable(')).toEqual([]);
    expect(found.filter((f) => f === '.dropTable(')).toHaveLength(dropped.length);
  });

  it('no source outside the migrations names a table dropped as unread', () => {
    const tables = Object.values(DROPPED_UNREAD).flat();
    const naming = sourcesOutsideMigrations(src).filter((file) => {
      const text = fs.readFileSync(file, 'utf8');
      return tables.some((table) => text.includes(table));
    });
    expect(naming.map((file) => path.relative(src, file))).toEqual([]);
  });

  it('the check finds a drop, a rename and a required column without default', () => {
    const source = `return {
      async up(db) {
        await db.schema.alterTable('a').dropColumn('b').execute();
        await sql\`ALTER TABLE a RENAME TO c\`.execute(db);
        await db.schema.alterTable('a').addColumn('d', 'integer', (col) => col.notNull()).execute();
        await db.schema.alterTable('a').addColumn('e', 'integer', (col) => col.notNull().defaultTo(0)).execute();
      },
      async down(db) {
        await db.schema.dropTable('a').execute();
      },
    };`;
    expect(notAdditive(source)).toEqual(['.dropColumn(', 'RENAME TO', 'a: NOT NULL without default']);
  });
});
