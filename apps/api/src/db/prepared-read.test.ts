import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ENGINES, createTestDatabase, type TestDatabase } from '../../test/helpers.ts';
import { preparedRead, preparedReadsNotKept } from './prepared-read.ts';
import { installWriteNotices, NOTICES } from './postgres-read-memo.ts';
import { DATA_VERSION_TRUSTED_MS } from './sqlite-read-memo.ts';
import { ACTIVITY_ONLY, factsOnly } from './written-tables.ts';

type ProbeRow = { id: number; name: string; kind: string };
type ProbeDb = { prepared_read_probe: ProbeRow };

/** The table the reads of these tests look at, with `rows`. */
async function createProbe(db: Kysely<ProbeDb>, rows: ProbeRow[]): Promise<void> {
  await db.schema
    .createTable('prepared_read_probe')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('name', 'varchar(50)', (col) => col.notNull())
    .addColumn('kind', 'varchar(10)', (col) => col.notNull())
    .execute();
  await db.insertInto('prepared_read_probe').values(rows).execute();
}

describe.each(ENGINES)('preparedRead on %s', (engine) => {
  let database: TestDatabase;
  let db: Kysely<ProbeDb>;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    db = database.db as unknown as Kysely<ProbeDb>;
    await createProbe(db, [
      { id: 1, name: 'Anna', kind: 'a' },
      { id: 2, name: 'Bernd', kind: 'b' },
      { id: 3, name: 'Clara', kind: 'a' },
    ]);
  });
  afterAll(() => database.dispose());

  it('compiles once and answers each call for its own arguments', async () => {
    const build = vi.fn((kind: string, above: number) =>
      db
        .selectFrom('prepared_read_probe')
        .select(['id', 'name'])
        .where('kind', '=', kind)
        .where('id', '>', above)
        .orderBy('id'),
    );
    const read = preparedRead(db, build);
    expect(await read('a', 0)).toEqual([
      { id: 1, name: 'Anna' },
      { id: 3, name: 'Clara' },
    ]);
    expect(await read('a', 1)).toEqual([{ id: 3, name: 'Clara' }]);
    expect(await read('b', 0)).toEqual([{ id: 2, name: 'Bernd' }]);
    expect(await read('c', 0)).toEqual([]);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('compiles every call when an argument is written into the SQL instead of bound', async () => {
    const build = vi.fn((kind: string) =>
      db.selectFrom('prepared_read_probe').select('name').where('kind', '=', sql.lit(kind)).orderBy('id'),
    );
    const read = preparedRead(db, build);
    expect(await read('a')).toEqual([{ name: 'Anna' }, { name: 'Clara' }]);
    expect(await read('b')).toEqual([{ name: 'Bernd' }]);
    expect(build).toHaveBeenCalledTimes(2);
    expect(preparedReadsNotKept().some((text) => text.includes("'a'"))).toBe(true);
  });

  it('compiles every call when the query binds more than its arguments', async () => {
    const build = vi.fn((id: number) =>
      db.selectFrom('prepared_read_probe').select('name').where('id', '=', id).where('kind', '!=', 'z'),
    );
    const read = preparedRead(db, build);
    expect(await read(1)).toEqual([{ name: 'Anna' }]);
    expect(await read(2)).toEqual([{ name: 'Bernd' }]);
    expect(build).toHaveBeenCalledTimes(2);
  });
});

// One connection, so the session that ran the reads is the one asked about its prepared statements.
describe.skipIf(!ENGINES.includes('postgres'))('preparedRead as named statements on PostgreSQL', () => {
  let database: TestDatabase;
  let db: Kysely<ProbeDb>;

  const preparedStatements = async () =>
    (
      await sql<{ name: string; statement: string; runs: number }>`
        select name, statement, generic_plans + custom_plans as runs from pg_prepared_statements order by name`.execute(
        db,
      )
    ).rows;

  beforeAll(async () => {
    database = await createTestDatabase('postgres', { poolSize: 1 });
    db = database.db as unknown as Kysely<ProbeDb>;
    await createProbe(db, [
      { id: 1, name: 'Anna', kind: 'a' },
      { id: 2, name: 'Bernd', kind: 'b' },
    ]);
  });
  afterAll(() => database.dispose());

  it('prepares a reusable read once per connection and runs it by name', async () => {
    expect(await preparedStatements()).toEqual([]);
    const byId = (id: number) => db.selectFrom('prepared_read_probe').select('name').where('id', '=', id);
    const read = preparedRead(db, byId);
    expect(await read(1)).toEqual([{ name: 'Anna' }]);
    expect(await read(2)).toEqual([{ name: 'Bernd' }]);
    expect(await read(3)).toEqual([]);
    const statements = await preparedStatements();
    expect(statements).toEqual([{ name: 'sp_read_1', statement: byId(0).compile().sql, runs: 3 }]);
    expect(database.namedStatements?.()).toBe(1);
  });

  it('names neither other queries nor a read that cannot be reused', async () => {
    const literal = preparedRead(db, (kind: string) =>
      db.selectFrom('prepared_read_probe').select('name').where('kind', '=', sql.lit(kind)),
    );
    expect(await literal('b')).toEqual([{ name: 'Bernd' }]);
    await db.selectFrom('prepared_read_probe').select('id').execute();
    expect((await preparedStatements()).map((s) => s.name)).toEqual(['sp_read_1']);
  });

  it('answers a named read inside and after a failed transaction', async () => {
    const read = preparedRead(db, (id: number) =>
      db.selectFrom('prepared_read_probe').select(['id', 'kind']).where('id', '=', id),
    );
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('prepared_read_probe').values({ id: 9, name: 'Zoe', kind: 'z' }).execute();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await read(9)).toEqual([]);
    expect(await read(2)).toEqual([{ id: 2, kind: 'b' }]);
    // A failing execution (the bound value is not an integer) leaves the statement usable.
    await expect(read('x' as unknown as number)).rejects.toThrow();
    expect(await read(1)).toEqual([{ id: 1, kind: 'a' }]);
  });
});

// The read memo of SQLite (sqlite-read-memo.ts): answers kept until anything is written.
describe('preparedRead answers kept until a write on SQLite', () => {
  let database: TestDatabase;
  let db: Kysely<ProbeDb>;
  const nameOf = () =>
    preparedRead(db, (id: number) => db.selectFrom('prepared_read_probe').select('name').where('id', '=', id));

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    db = database.db as unknown as Kysely<ProbeDb>;
    await createProbe(db, [
      { id: 1, name: 'Anna', kind: 'a' },
      { id: 2, name: 'Bernd', kind: 'b' },
    ]);
  });
  afterAll(() => database.dispose());

  it('answers a repeated read from the memo, with rows nobody can change', async () => {
    const read = nameOf();
    await read(1); // compiles the query
    const first = await read(1); // kept from here on
    const hits = database.memoHits!();
    const again = await read(1);
    expect(again).toEqual([{ name: 'Anna' }]);
    expect(database.memoHits!()).toBe(hits + 1);
    expect(again).toBe(first);
    expect(() => {
      (again[0] as { name: string }).name = 'Mallory';
    }).toThrow(TypeError);
    expect(await read(2)).toEqual([{ name: 'Bernd' }]);
  });

  it('keeps the answers of two reads with the same arguments apart', async () => {
    const names = nameOf();
    const kinds = preparedRead(db, (id: number) =>
      db.selectFrom('prepared_read_probe').select('kind').where('id', '=', id),
    );
    for (let i = 0; i < 3; i++) {
      expect(await names(1)).toEqual([{ name: 'Anna' }]);
      expect(await kinds(1)).toEqual([{ kind: 'a' }]);
    }
  });

  it('keeps nothing of a read made with memo: false', async () => {
    const read = preparedRead(
      db,
      (id: number) => db.selectFrom('prepared_read_probe').select('name').where('id', '=', id),
      { memo: false },
    );
    await read(1);
    const first = await read(1);
    const hits = database.memoHits!();
    const again = await read(1);
    expect(again).toEqual([{ name: 'Anna' }]);
    expect(database.memoHits!()).toBe(hits);
    expect(again).not.toBe(first);
  });

  it('drops the answers on a write of this process, also one with RETURNING, and on a commit', async () => {
    const read = nameOf();
    expect(await read(1)).toEqual([{ name: 'Anna' }]);
    await db.updateTable('prepared_read_probe').set({ name: 'Anna-Lena' }).where('id', '=', 1).execute();
    expect(await read(1)).toEqual([{ name: 'Anna-Lena' }]);

    expect(await read(7)).toEqual([]);
    await db.insertInto('prepared_read_probe').values({ id: 7, name: 'Gerd', kind: 'g' }).returning('id').execute();
    expect(await read(7)).toEqual([{ name: 'Gerd' }]);

    await db.transaction().execute(async (trx) => {
      await trx.updateTable('prepared_read_probe').set({ name: 'Gerda' }).where('id', '=', 7).execute();
    });
    expect(await read(7)).toEqual([{ name: 'Gerda' }]);
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.updateTable('prepared_read_probe').set({ name: 'Nie' }).where('id', '=', 7).execute();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await read(7)).toEqual([{ name: 'Gerda' }]);
  });

  it('drops the answers within 50 ms when another connection or process writes the file', async () => {
    const read = nameOf();
    expect(await read(2)).toEqual([{ name: 'Bernd' }]);
    const other = database.openAgain!();
    try {
      await (other.db as unknown as Kysely<ProbeDb>)
        .updateTable('prepared_read_probe')
        .set({ name: 'Bernadette' })
        .where('id', '=', 2)
        .execute();
    } finally {
      await other.close();
    }
    await new Promise((resolve) => setTimeout(resolve, DATA_VERSION_TRUSTED_MS + 10));
    expect(await read(2)).toEqual([{ name: 'Bernadette' }]);
  });

  it('does not keep an answer read while a write was running', async () => {
    const read = nameOf();
    expect(await read(1)).toEqual([{ name: 'Anna-Lena' }]);
    // The write holds Kysely's one connection; the read waits for it and must see its result.
    // The read starts once the update ran inside the transaction (a fixed sleep could fire before the
    // transaction began on a busy machine, and the read would rightly see the old name).
    let updated!: () => void;
    const insideTheWrite = new Promise<void>((resolve) => (updated = resolve));
    const writing = db.transaction().execute(async (trx) => {
      await trx.updateTable('prepared_read_probe').set({ name: 'Annika' }).where('id', '=', 1).execute();
      updated();
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    await insideTheWrite;
    const during = read(1);
    await writing;
    expect(await during).toEqual([{ name: 'Annika' }]);
    expect(await read(1)).toEqual([{ name: 'Annika' }]);
  });
});

// The read memo of PostgreSQL (postgres-read-memo.ts): own writes at once, other processes' by NOTIFY.
describe.skipIf(!ENGINES.includes('postgres'))('preparedRead answers kept until a write on PostgreSQL', () => {
  let database: TestDatabase;
  let db: Kysely<ProbeDb>;
  const nameOf = () =>
    preparedRead(db, (id: number) => db.selectFrom('prepared_read_probe').select('name').where('id', '=', id));

  /** Waits for the listener, then reads until `expected` comes back (a notice is asynchronous). */
  async function eventually(read: () => Promise<unknown>, expected: unknown) {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const got = await read();
      try {
        expect(got).toEqual(expected);
        return;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
  }

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    db = database.db as unknown as Kysely<ProbeDb>;
    await createProbe(db, [
      { id: 1, name: 'Anna', kind: 'a' },
      { id: 2, name: 'Bernd', kind: 'b' },
    ]);
  });
  afterAll(() => database.dispose());

  it('puts the write-notice triggers on every table of the schema', async () => {
    for (const { trigger } of NOTICES) {
      const missing = await sql<{ name: string }>`
        select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relkind = 'r' and c.relname not like 'kysely\\_%'
          and not exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = ${trigger})`.execute(db);
      // The probe table was made after the start; the next start covers it.
      expect(missing.rows.map((r) => r.name)).toEqual(['prepared_read_probe']);
    }
    await installWriteNotices(database.db);
    expect(
      (
        await sql<{ n: number }>`select count(*)::int as n from pg_trigger
          where tgname in (${sql.join(NOTICES.map((n) => n.trigger))}) and tgrelid = 'prepared_read_probe'::regclass`.execute(
          db,
        )
      ).rows[0]!.n,
    ).toBe(2);
  });

  it('keeps answers while listening, drops them on its own writes at once', async () => {
    const read = nameOf();
    await read(1); // compiles the query
    await read(1); // the first use of the memo starts its listener
    await eventually(() => Promise.resolve(database.memoListening!()), true);
    await read(1);
    const hits = database.memoHits!();
    expect(await read(1)).toEqual([{ name: 'Anna' }]);
    expect(database.memoHits!()).toBe(hits + 1);
    await db.updateTable('prepared_read_probe').set({ name: 'Anna-Lena' }).where('id', '=', 1).execute();
    expect(await read(1)).toEqual([{ name: 'Anna-Lena' }]);
  });

  it("drops them on another process's write when its notice arrives", async () => {
    const read = nameOf();
    await eventually(() => read(2), [{ name: 'Bernd' }]);
    await read(2);
    const other = database.openAgain!();
    try {
      await (other.db as unknown as Kysely<ProbeDb>)
        .updateTable('prepared_read_probe')
        .set({ name: 'Bernadette' })
        .where('id', '=', 2)
        .execute();
    } finally {
      await other.close();
    }
    await eventually(() => read(2), [{ name: 'Bernadette' }]);
  });

  it('keeps nothing while the listener is cut off, and nothing from before once it is back', async () => {
    const read = nameOf();
    await eventually(() => Promise.resolve(database.memoListening!()), true);
    expect(await read(1)).toEqual([{ name: 'Anna-Lena' }]);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = 'sp-write-notices:' || current_schema()`.execute(db);
    await eventually(() => Promise.resolve(database.memoListening!()), false);
    const other = database.openAgain!();
    try {
      await sql`update prepared_read_probe set name = 'Annika' where id = 1`.execute(other.db);
    } finally {
      await other.close();
    }
    // Not listening: read from the database, so the other process's write is there at once.
    expect(await read(1)).toEqual([{ name: 'Annika' }]);
    await eventually(() => Promise.resolve(database.memoListening!()), true);
    expect(await read(1)).toEqual([{ name: 'Annika' }]);
  });
  it('drops on its own writes only the answers of the tables written, with those their triggers and cascades write', async () => {
    // Tables without the notice triggers (made after the start): only this process's own view of
    // its writes can drop what is kept, at once.
    type MemoDb = ProbeDb & {
      memo_parent: { id: number; name: string };
      memo_child: { id: number; parent_id: number };
      memo_log: { n: number };
    };
    const memoDb = db as unknown as Kysely<MemoDb>;
    await sql`create table memo_parent (id int primary key, name text not null)`.execute(db);
    await sql`create table memo_child (id int primary key, parent_id int not null references memo_parent on delete cascade)`.execute(
      db,
    );
    await sql`create table memo_log (n int not null)`.execute(db);
    await sql`create function memo_log_write() returns trigger language plpgsql as $$
      begin insert into memo_log values (1); return null; end $$`.execute(db);
    await sql`create trigger memo_parent_logged after update on memo_parent
      for each statement execute function memo_log_write()`.execute(db);
    await memoDb.insertInto('memo_parent').values({ id: 1, name: 'a' }).execute();
    await memoDb.insertInto('memo_child').values({ id: 1, parent_id: 1 }).execute();
    const children = preparedRead(memoDb, (parentId: number) =>
      memoDb.selectFrom('memo_child').select('id').where('parent_id', '=', parentId),
    );
    const logged = preparedRead(memoDb, (n: number) =>
      memoDb
        .selectFrom('memo_log')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('n', '=', n),
    );
    await eventually(() => Promise.resolve(database.memoListening!()), true);
    // After DDL the catalogue is read again; meanwhile every write counts for every table.
    const keptAcrossOtherWrite = async () => {
      await children(1);
      await children(1);
      const before = database.memoHits!();
      await memoDb.updateTable('prepared_read_probe').set({ kind: 'c' }).where('id', '=', 2).execute();
      await children(1);
      return database.memoHits!() > before;
    };
    await eventually(keptAcrossOtherWrite, true);

    expect(await logged(1)).toEqual([{ count: 0 }]);
    await logged(1);
    await memoDb.updateTable('memo_parent').set({ name: 'b' }).where('id', '=', 1).execute();
    expect(await logged(1)).toEqual([{ count: 1 }]);

    expect(await children(1)).toEqual([{ id: 1 }]);
    await memoDb.deleteFrom('memo_parent').where('id', '=', 1).execute();
    expect(await children(1)).toEqual([]);

    // Inside a transaction: counted when written and again at the commit.
    await memoDb.insertInto('memo_parent').values({ id: 2, name: 'c' }).execute();
    expect(await children(2)).toEqual([]);
    await memoDb.transaction().execute(async (trx) => {
      await trx.insertInto('memo_child').values({ id: 2, parent_id: 2 }).execute();
      expect(await children(2)).toEqual([]);
    });
    expect(await children(2)).toEqual([{ id: 2 }]);
  });

  it("keeps a read of a conversation's facts across its activity-only writes, not across others (decision 043)", async () => {
    await installWriteNotices(database.db);
    const full = database.db;
    const at = new Date().toISOString();
    const { id: organisationId } = await full
      .insertInto('organisations')
      .values({
        name: 'Memo e.V.',
        street: 'Weg',
        house_number: '1',
        postal_code: '12345',
        city: 'Ort',
        country: 'DE',
        phone_number: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id } = await full
      .insertInto('conversations')
      .values({
        organisation_id: organisationId,
        sponsor_email: 'a@example.org',
        sponsor_email_normalized: 'a@example.org',
        created_at: at,
        updated_at: at,
        organisation_notified_at: null,
        sponsor_notified_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const facts = preparedRead(
      full,
      (conversationId: number) =>
        full.selectFrom('conversations as c').select(['c.sponsor_email']).where('c.id', '=', conversationId),
      { dependsOn: factsOnly },
    );
    const activity = (text = ACTIVITY_ONLY) =>
      sql`update conversations set unread_from_sponsor = unread_from_sponsor + 1 where id = ${id} ${sql.raw(text)}`;
    await eventually(() => Promise.resolve(database.memoListening!()), true);
    await facts(id);
    await facts(id);
    const keptAcross = async (write: () => Promise<unknown>) => {
      await facts(id);
      const before = database.memoHits!();
      await write();
      await facts(id);
      return database.memoHits!() > before;
    };
    // Its own activity-only write, and the notice of it coming back: kept (once the catalogue is read
    // again after the DDL above; until then every write counts for every table).
    await eventually(() => keptAcross(() => activity().execute(full)), true);
    // ... and when its notice comes back to this process's listener.
    expect(
      await keptAcross(async () => {
        await activity().execute(full);
        await new Promise((resolve) => setTimeout(resolve, 150));
      }),
    ).toBe(true);
    // The same write unmarked, or one moving the conversation to another address: dropped at once.
    expect(await keptAcross(() => activity('').execute(full))).toBe(false);
    await full.updateTable('conversations').set({ sponsor_email: 'b@example.org' }).where('id', '=', id).execute();
    expect(await facts(id)).toEqual([{ sponsor_email: 'b@example.org' }]);
    // Another process's write, marked or not, drops it when its notice arrives.
    const other = database.openAgain!();
    try {
      await activity().execute(other.db);
      await sql`update conversations set sponsor_email = 'c@example.org' where id = ${id} ${sql.raw(ACTIVITY_ONLY)}`.execute(
        other.db,
      );
    } finally {
      await other.close();
    }
    await eventually(() => facts(id), [{ sponsor_email: 'c@example.org' }]);
  });

  it('keeps answers when another process writes other tables, by the tables its notices name', async () => {
    await installWriteNotices(database.db);
    const read = nameOf();
    await eventually(() => Promise.resolve(database.memoListening!()), true);
    await read(2);
    await read(2);
    const other = database.openAgain!();
    try {
      await sql`update memo_log set n = 2`.execute(other.db);
    } finally {
      await other.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const before = database.memoHits!();
    await read(2);
    expect(database.memoHits!()).toBe(before + 1);
  });
});
