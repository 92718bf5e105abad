// The read memo's view of writes (written-tables.ts, read-memo.ts): which tables a statement writes,
// what they reach through triggers and cascades, and which kept answers a write drops.
import { describe, expect, it } from 'vitest';
import { createReadMemo, tablesReadBy } from './read-memo.ts';
import {
  ACTIVITY_ONLY,
  effectOf,
  functionWrites,
  LIST_TOLD,
  tablesWrittenByBody,
  withFacts,
  writeReach,
} from './written-tables.ts';

describe('the tables a statement writes', () => {
  it('names the tables of INSERT, UPDATE, DELETE, TRUNCATE, MERGE and of writes in a WITH', () => {
    expect(effectOf('insert into "messages" ("body") values ($1) returning "id"')).toEqual({
      kind: 'write',
      tables: ['messages'],
    });
    expect(effectOf('update "conversations" set "updated_at" = $1 where "id" = $2')).toEqual({
      kind: 'write',
      tables: ['conversations'],
    });
    expect(effectOf('delete from "events" where "id" = $1')).toEqual({ kind: 'write', tables: ['events'] });
    expect(effectOf('TRUNCATE TABLE outbox')).toEqual({ kind: 'write', tables: ['outbox'] });
    expect(effectOf('merge into "a" using "b" on true when matched then do nothing')).toEqual({
      kind: 'write',
      tables: ['a'],
    });
    expect(
      effectOf(
        'insert into chat_list_revisions (scope, revision) values ($1, 1) on conflict (scope) do update set revision = chat_list_revisions.revision + 1',
      ),
    ).toEqual({ kind: 'write', tables: ['chat_list_revisions'] });
    expect(effectOf('with gone as (delete from "a" returning id) insert into "b" select id from gone')).toEqual({
      kind: 'write',
      tables: ['a', 'b'],
    });
  });

  it('tells reads, transaction control and what it cannot read apart', () => {
    expect(effectOf('select "id" from "messages"')).toEqual({ kind: 'read' });
    expect(effectOf('with x as (select 1) select * from x')).toEqual({ kind: 'read' });
    for (const text of [
      'begin',
      'start transaction isolation level serializable',
      'savepoint "a"',
      'release savepoint "a"',
    ])
      expect(effectOf(text)).toEqual({ kind: 'none' });
    for (const text of ['commit', 'rollback', 'rollback to savepoint "a"'])
      expect(effectOf(text)).toEqual({ kind: 'end' });
    for (const text of [
      'create table x (id int)',
      'alter table x add column y int',
      'drop table x',
      'vacuum',
      'call p()',
    ])
      expect(effectOf(text)).toEqual({ kind: 'unknown' });
    expect(effectOf('update set x')).toEqual({ kind: 'unknown' });
  });

  it('reads the tables a function body writes, and refuses dynamic SQL', () => {
    expect(
      tablesWrittenByBody(`begin
        insert into chat_list_revisions (scope, revision) values (s, 1) on conflict (scope) do update set revision = 2;
        update "package_revisions" set revision = revision + 1; return null; end`),
    ).toEqual(['chat_list_revisions', 'package_revisions']);
    expect(tablesWrittenByBody("begin perform pg_notify('sp_writes', TG_TABLE_SCHEMA); return null; end")).toEqual([]);
    expect(tablesWrittenByBody("begin execute 'delete from ' || TG_ARGV[0]; return null; end")).toBeNull();
  });

  it('follows the functions a trigger function calls, and no others', () => {
    const writesOf = functionWrites([
      { name: 'bump_conversation_scopes', body: 'begin perform bump_chat_list_revision(new.scope); return null; end' },
      { name: 'bump_chat_list_revision', body: 'insert into chat_list_revisions (scope, revision) values (s, 1)' },
      {
        name: 'bump_events_revision',
        body: 'update organisations set revision = revision + 1 where id = new.organisation_id',
      },
      { name: 'dynamic', body: "begin execute 'truncate ' || TG_ARGV[0]; end" },
      { name: 'calls_dynamic', body: 'begin perform dynamic(); end' },
    ]);
    expect(writesOf('bump_conversation_scopes')).toEqual(['chat_list_revisions']);
    expect(writesOf('bump_events_revision')).toEqual(['organisations']);
    expect(writesOf('calls_dynamic')).toBe('all');
    expect(writesOf('a_function_in_another_language')).toBe('all');
  });

  it('follows triggers and cascades to the end, and knows no more than the catalogue', () => {
    const reach = writeReach(
      ['organisations', 'events', 'sponsorships', 'messages', 'conversations', 'chat_list_revisions', 'audit'],
      new Map<string, string[] | 'all'>([
        ['organisations', ['events']],
        ['events', ['sponsorships']],
        ['conversations', ['chat_list_revisions']],
        ['audit', 'all'],
      ]),
    );
    expect(reach.reach(['organisations']).toString()).toBe(['organisations', 'events', 'sponsorships'].toString());
    expect(reach.reach(['messages', 'conversations'])).toEqual(['messages', 'conversations', 'chat_list_revisions']);
    expect(reach.reach(['audit'])).toBe('all');
    expect(reach.reach(['created_after_the_catalogue_was_read'])).toBe('all');
  });
});

describe('what a write changes besides its tables', () => {
  it("adds a conversation's facts and the lists' untold changes, unless the statement carries their marker", () => {
    const reached = ['messages', 'conversations', 'chat_list_revisions'];
    expect(withFacts(reached, 'insert into messages ...')).toEqual([
      ...reached,
      'conversation_facts',
      'chat_lists_untold',
    ]);
    expect(withFacts(reached, `update conversations ... ${ACTIVITY_ONLY}`)).toEqual([...reached, 'chat_lists_untold']);
    expect(withFacts(reached, `update conversations ... ${ACTIVITY_ONLY + LIST_TOLD}`)).toEqual(reached);
    expect(withFacts(['organisations', 'chat_list_revisions'], `update organisations ... ${LIST_TOLD}`)).toEqual([
      'organisations',
      'chat_list_revisions',
    ]);
    // Another process's notice names the table alone: everything derived from it changed.
    expect(withFacts(['chat_list_revisions'])).toEqual(['chat_list_revisions', 'chat_lists_untold']);
    expect(withFacts(['events'])).toEqual(['events']);
  });
});

describe('the read memo by table', () => {
  const load = (rows: unknown[]) => () => Promise.resolve(rows);

  it('keeps an answer while other tables are written, drops it when one it reads from is', async () => {
    const memo = createReadMemo(() => 'stamp');
    const membership =
      'select * from "user_profiles" as "p" left join "organisations" as "o" on "o"."id" = "p"."organisation_id"';
    expect(tablesReadBy(membership)).toEqual(['user_profiles', 'organisations']);
    await memo.rows(membership, ['sub'], load([{ name: 'Anna' }]));
    memo.changed(['messages', 'conversations']);
    expect(await memo.rows(membership, ['sub'], load([{ name: 'changed' }]))).toEqual([{ name: 'Anna' }]);
    expect(memo.hits()).toBe(1);
    memo.changed(['organisations']);
    expect(await memo.rows(membership, ['sub'], load([{ name: 'Anna-Lena' }]))).toEqual([{ name: 'Anna-Lena' }]);
    memo.changed('all');
    expect(await memo.rows(membership, ['sub'], load([{ name: 'Annika' }]))).toEqual([{ name: 'Annika' }]);
  });

  it('does not keep an answer whose table was written while it was being read', async () => {
    const memo = createReadMemo(() => 'stamp');
    const text = 'select "revision" from "chat_list_revisions"';
    await memo.rows(text, [], async () => {
      memo.changed(['chat_list_revisions']);
      return [{ revision: 1 }];
    });
    expect(await memo.rows(text, [], load([{ revision: 2 }]))).toEqual([{ revision: 2 }]);
    expect(memo.hits()).toBe(0);
  });

  it('lets the same read join the one running, unless what it reads was written since that began (decision 044)', async () => {
    const memo = createReadMemo(() => 'stamp');
    const text = 'select "revision" from "chat_list_revisions" where "scope" = $1';
    let loads = 0;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const slow = (revision: number) => async () => {
      loads++;
      await released;
      return [{ revision }];
    };
    const first = memo.rows(text, ['o:1'], slow(1));
    const joining = memo.rows(text, ['o:1'], slow(99));
    const otherScope = memo.rows(text, ['o:2'], slow(5));
    memo.changed(['events']);
    const stillJoining = memo.rows(text, ['o:1'], slow(98));
    memo.changed(['chat_list_revisions']);
    const afterTheWrite = memo.rows(text, ['o:1'], slow(2));
    release();
    expect(await Promise.all([first, joining, stillJoining, otherScope, afterTheWrite])).toEqual([
      [{ revision: 1 }],
      [{ revision: 1 }],
      [{ revision: 1 }],
      [{ revision: 5 }],
      [{ revision: 2 }],
    ]);
    expect({ loads, joined: memo.joined() }).toEqual({ loads: 3, joined: 2 });
    // The read begun after the write is the one kept.
    expect(await memo.rows(text, ['o:1'], load([{ revision: 3 }]))).toEqual([{ revision: 2 }]);
  });

  it('does not let a read join one that failed', async () => {
    const memo = createReadMemo(() => 'stamp');
    const text = 'select 1 from "user_profiles"';
    const failed = memo.rows(text, [], () => Promise.reject(new Error('connection lost')));
    await expect(failed).rejects.toThrow('connection lost');
    expect(await memo.rows(text, [], load([{ one: 1 }]))).toEqual([{ one: 1 }]);
  });

  it('tells the watchers of a table when it or every table is written, where writes are noted by table', () => {
    const memo = createReadMemo(() => 'stamp', { byTable: true });
    const told: string[] = [];
    memo.watch!('chat_lists_untold', () => told.push('untold'));
    memo.watch!('chat_lists_untold', () => told.push('second'));
    memo.changed(['conversations', 'chat_list_revisions']);
    expect(told).toEqual([]);
    memo.changed(['chat_list_revisions', 'chat_lists_untold', 'chat_lists_untold']);
    expect(told).toEqual(['untold', 'second']);
    memo.changed('all');
    expect(told).toEqual(['untold', 'second', 'untold', 'second']);
    // A stamp instead (SQLite): nothing to watch.
    expect(createReadMemo(() => 'stamp').watch).toBeUndefined();
  });

  it('drops an answer whose SQL names no table on any write', async () => {
    const memo = createReadMemo(() => 'stamp');
    await memo.rows('select now()', [], load([1]));
    memo.changed(['anything']);
    expect(await memo.rows('select now()', [], load([2]))).toEqual([2]);
  });
});
