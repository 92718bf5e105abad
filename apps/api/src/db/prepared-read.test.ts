import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ENGINES, createTestDatabase, type TestDatabase } from '../../test/helpers.ts';
import { preparedRead } from './prepared-read.ts';

type ProbeDb = { prepared_read_probe: { id: number; name: string; kind: string } };

describe.each(ENGINES)('preparedRead on %s', (engine) => {
  let database: TestDatabase;
  let db: Kysely<ProbeDb>;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    db = database.db as unknown as Kysely<ProbeDb>;
    await db.schema
      .createTable('prepared_read_probe')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('name', 'varchar(50)', (col) => col.notNull())
      .addColumn('kind', 'varchar(10)', (col) => col.notNull())
      .execute();
    await db
      .insertInto('prepared_read_probe')
      .values([
        { id: 1, name: 'Anna', kind: 'a' },
        { id: 2, name: 'Bernd', kind: 'b' },
        { id: 3, name: 'Clara', kind: 'a' },
      ])
      .execute();
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
