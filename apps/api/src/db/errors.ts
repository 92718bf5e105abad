// Errors of the database engines, spelled once for both.

/** A unique index or primary key refused the row: PostgreSQL's 23505, SQLite's constraint codes. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    (typeof e?.message === 'string' && e.message.includes('UNIQUE constraint failed'))
  );
}

/** A foreign key refused the row (what it names is gone): PostgreSQL's 23503, SQLite's constraint code. */
export function isForeignKeyViolation(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  return (
    e?.code === '23503' ||
    e?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY' ||
    (typeof e?.message === 'string' && e.message.includes('FOREIGN KEY constraint failed'))
  );
}
