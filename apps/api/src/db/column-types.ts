// Schema-builder helpers for the column types that are spelt differently by the two engines, so
// one migration file serves both.
import { sql, type CreateTableBuilder } from 'kysely';

export type Engine = 'sqlite' | 'postgres';

/** Auto-incrementing integer primary key. */
export function withIdColumn<T extends string>(engine: Engine, table: CreateTableBuilder<T, never>) {
  return engine === 'postgres'
    ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

export const timeType = (engine: Engine) => (engine === 'postgres' ? sql`timestamptz` : sql`text`);
export const boolType = (engine: Engine) => (engine === 'postgres' ? sql`boolean` : sql`integer`);

/** A boolean column's default, spelt so both engines accept it (SQLite knows TRUE/FALSE since 3.23). */
export const boolDefault = (value: boolean) => (value ? sql`true` : sql`false`);
