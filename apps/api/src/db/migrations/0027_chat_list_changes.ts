import { sql, type Kysely } from 'kysely';
import type { Engine } from '../column-types.ts';

// The conversations behind each of a list scope's last revisions (decision 034). Migration 0013's
// triggers move a scope's revision forward on every change of what its conversation list shows;
// they now also append the conversation's id to `recent`, which keeps the last RECENT_CHANGES:
// the last id is the current revision's, the one before it the revision before, and so on. A
// server holding the list at revision r and finding the scope at r + n re-reads only the last n
// conversations, when `recent` reaches back that far, instead of the whole list (150 rows in the
// benchmark, read again after nearly every post). Every bump goes through these triggers, under the
// scope row's lock, so the ids are appended in the order of the revisions.
export const RECENT_CHANGES = 128;

const SQLITE_TRIGGERS = [
  'conversations_list_revision_insert',
  'conversations_list_revision_update',
  'conversations_list_revision_move',
  'conversations_list_revision_delete',
  'organisations_chat_list_revision',
];

export function chatListChanges(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      if (engine === 'postgres') {
        await sql`alter table chat_list_revisions add column recent integer[] not null default '{}'`.execute(db);
        await sql`
          create function bump_chat_list_revision(list_scope text, conversation_id integer) returns void
          language sql as $$
            insert into chat_list_revisions (scope, revision, recent) values (list_scope, 1, array[conversation_id])
            on conflict (scope) do update set
              revision = chat_list_revisions.revision + 1,
              recent = chat_list_revisions.recent[greatest(cardinality(chat_list_revisions.recent) - ${sql.lit(RECENT_CHANGES - 2)}, 1):]
                       || conversation_id
          $$`.execute(db);
        await replacePostgresTriggerFunctions(db, true);
        await sql`drop function bump_chat_list_revision(text)`.execute(db);
        return;
      }
      await sql`alter table chat_list_revisions add column recent text not null default ''`.execute(db);
      for (const name of SQLITE_TRIGGERS) await sql`drop trigger ${sql.raw(name)}`.execute(db);
      await createSqliteTriggers(db, true);
    },
    async down(db: Kysely<unknown>) {
      if (engine === 'postgres') {
        await sql`
          create function bump_chat_list_revision(list_scope text) returns void language sql as $$
            insert into chat_list_revisions (scope, revision) values (list_scope, 1)
            on conflict (scope) do update set revision = chat_list_revisions.revision + 1
          $$`.execute(db);
        await replacePostgresTriggerFunctions(db, false);
        await sql`drop function bump_chat_list_revision(text, integer)`.execute(db);
        await sql`alter table chat_list_revisions drop column recent`.execute(db);
        return;
      }
      for (const name of SQLITE_TRIGGERS) await sql`drop trigger ${sql.raw(name)}`.execute(db);
      await sql`alter table chat_list_revisions drop column recent`.execute(db);
      await createSqliteTriggers(db, false);
    },
  };
}

/**
 * Migration 0013's PostgreSQL trigger functions, calling the bump with (`withId`) or without the
 * conversation's id.
 */
async function replacePostgresTriggerFunctions(db: Kysely<unknown>, withId: boolean) {
  const id = (row: string) => sql.raw(withId ? `, ${row}.id` : '');
  await sql`
    create or replace function bump_conversation_scopes() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' or (tg_op = 'UPDATE' and old.organisation_id <> new.organisation_id) then
        perform bump_chat_list_revision('o:' || old.organisation_id${id('old')});
      end if;
      if tg_op = 'DELETE' or (tg_op = 'UPDATE' and old.sponsor_email_normalized <> new.sponsor_email_normalized) then
        perform bump_chat_list_revision('s:' || old.sponsor_email_normalized${id('old')});
      end if;
      if tg_op <> 'DELETE' then
        perform bump_chat_list_revision('o:' || new.organisation_id${id('new')});
        perform bump_chat_list_revision('s:' || new.sponsor_email_normalized${id('new')});
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create or replace function bump_sponsor_scopes_of_organisation() returns trigger language plpgsql as $$
    begin
      if new.name is distinct from old.name then
        perform bump_chat_list_revision('s:' || c.sponsor_email_normalized${id('c')})
          from conversations c where c.organisation_id = new.id;
      end if;
      return null;
    end $$`.execute(db);
}

/**
 * SQLite, in an upsert's DO UPDATE of `chat_list_revisions`: the stored ids less the oldest when
 * there are RECENT_CHANGES already, then the new one (`id`, an SQL expression).
 */
export const appendedRecent = (id: string) =>
  `(case when recent = '' then '' ` +
  `when length(recent) - length(replace(recent, ',', '')) + 1 >= ${RECENT_CHANGES} ` +
  `then substr(recent, instr(recent, ',') + 1) || ',' else recent || ',' end) || ${id}`;

/**
 * Migration 0013's SQLite triggers, with (`withRecent`) or without the ids of the last bumps (text,
 * comma-separated). In an upsert's DO UPDATE an unqualified column is the stored row's, `excluded`
 * the new one's.
 */
async function createSqliteTriggers(db: Kysely<unknown>, withRecent: boolean) {
  const appended = appendedRecent;
  const bump = (scope: string, id: string) =>
    sql.raw(
      withRecent
        ? `insert into chat_list_revisions (scope, revision, recent) values (${scope}, 1, ${id}) ` +
            `on conflict (scope) do update set revision = revision + 1, recent = ${appended(id)};`
        : `insert into chat_list_revisions (scope, revision) values (${scope}, 1) ` +
            'on conflict (scope) do update set revision = revision + 1;',
    );
  const bumpBoth = (row: 'new' | 'old') =>
    sql.join(
      [
        bump(`'o:' || ${row}.organisation_id`, `${row}.id`),
        bump(`'s:' || ${row}.sponsor_email_normalized`, `${row}.id`),
      ],
      sql` `,
    );
  await sql`create trigger conversations_list_revision_insert after insert on conversations
    begin ${bumpBoth('new')} end`.execute(db);
  await sql`create trigger conversations_list_revision_update after update on conversations
    begin ${bumpBoth('new')} end`.execute(db);
  // Every message write updates its conversation: the old scopes only when the row changed scope.
  await sql`create trigger conversations_list_revision_move after update on conversations
    when old.organisation_id <> new.organisation_id or old.sponsor_email_normalized <> new.sponsor_email_normalized
    begin ${bumpBoth('old')} end`.execute(db);
  await sql`create trigger conversations_list_revision_delete after delete on conversations
    begin ${bumpBoth('old')} end`.execute(db);
  // `where true`: SQLite's parser needs it between a SELECT and ON CONFLICT. The conversation's id
  // is the new row's `recent` (excluded.recent) in the DO UPDATE.
  await sql`create trigger organisations_chat_list_revision after update of name on organisations
    when new.name is not old.name
    begin
      insert into chat_list_revisions (scope, revision${sql.raw(withRecent ? ', recent' : '')})
        select 's:' || sponsor_email_normalized, 1${sql.raw(withRecent ? ', id' : '')}
        from conversations where organisation_id = new.id and true
        on conflict (scope) do update set revision = revision + 1${sql.raw(
          withRecent ? `, recent = ${appended('excluded.recent')}` : '',
        )};
    end`.execute(db);
}
