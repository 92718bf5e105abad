import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createStatementNames, withNamedStatements } from './named-statements.ts';

describe('statement names', () => {
  it('names each text once and stops at its bound', () => {
    const names = createStatementNames(2);
    expect(names.register('select 1')).toBe(true);
    expect(names.register('select 1')).toBe(true);
    expect(names.register('select 2')).toBe(true);
    expect(names.register('select 3')).toBe(false);
    expect([names.nameOf('select 1'), names.nameOf('select 2'), names.nameOf('select 3')]).toEqual([
      'sp_read_1',
      'sp_read_2',
      undefined,
    ]);
    expect(names.size()).toBe(2);
  });
});

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('a pool with named statements', () => {
  it('hands out one wrapper per client, and a released client is reused with its statements', async () => {
    const names = createStatementNames();
    names.register('select $1::int + 1 as n');
    const pool = withNamedStatements(new pg.Pool({ connectionString: url, max: 1 }), names);
    try {
      const first = await pool.connect();
      expect((await first.query<{ n: number }>('select $1::int + 1 as n', [1])).rows).toEqual([{ n: 2 }]);
      first.release();
      const second = await pool.connect();
      expect(second).toBe(first);
      expect((await second.query<{ n: number }>('select $1::int + 1 as n', [41])).rows).toEqual([{ n: 42 }]);
      const prepared = await second.query<{ name: string }>('select name from pg_prepared_statements', []);
      expect(prepared.rows).toEqual([{ name: 'sp_read_1' }]);
      second.release();
    } finally {
      await pool.end();
    }
  });
});
