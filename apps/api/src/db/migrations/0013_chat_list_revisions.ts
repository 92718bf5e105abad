import { sql, type Kysely } from 'kysely';
import type { Engine } from '../column-types.ts';

// A revision number per conversation-list scope, moved forward by triggers on every change to what
// a conversation list shows (decision 013): `o:<organisation id>` for the organisation's side of its
// conversations, `s:<normalised address>` for the sponsor's side. A conversation row carries its
// newest message, unread counters and activity time (kept by every message write and read mark),
// so a trigger on it sees every change; a renamed organisation moves the scopes of its sponsors,
// whose lists show its name. The list's version is then one look-up by key instead of an aggregate
// over the caller's conversations on every request (decision 011). A scope without a row is at 0;
// revisions only grow, so no version repeats.
export function chatListRevisions(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('chat_list_revisions')
        .addColumn('scope', 'varchar(340)', (col) => col.primaryKey())
        .addColumn('revision', 'integer', (col) => col.notNull())
        .execute();
      if (engine === 'postgres') {
        await sql`
          create function bump_chat_list_revision(list_scope text) returns void language sql as $$
            insert into chat_list_revisions (scope, revision) values (list_scope, 1)
            on conflict (scope) do update set revision = chat_list_revisions.revision + 1
          $$`.execute(db);
        await sql`
          create function bump_conversation_scopes() returns trigger language plpgsql as $$
          begin
            if tg_op = 'DELETE' or (tg_op = 'UPDATE' and old.organisation_id <> new.organisation_id) then
              perform bump_chat_list_revision('o:' || old.organisation_id);
            end if;
            if tg_op = 'DELETE' or (tg_op = 'UPDATE' and old.sponsor_email_normalized <> new.sponsor_email_normalized) then
              perform bump_chat_list_revision('s:' || old.sponsor_email_normalized);
            end if;
            if tg_op <> 'DELETE' then
              perform bump_chat_list_revision('o:' || new.organisation_id);
              perform bump_chat_list_revision('s:' || new.sponsor_email_normalized);
            end if;
            return null;
          end $$`.execute(db);
        await sql`
          create trigger conversations_list_revision after insert or update or delete on conversations
          for each row execute function bump_conversation_scopes()`.execute(db);
        await sql`
          create function bump_sponsor_scopes_of_organisation() returns trigger language plpgsql as $$
          begin
            if new.name is distinct from old.name then
              perform bump_chat_list_revision('s:' || c.sponsor_email_normalized)
                from conversations c where c.organisation_id = new.id;
            end if;
            return null;
          end $$`.execute(db);
        await sql`
          create trigger organisations_chat_list_revision after update of name on organisations
          for each row execute function bump_sponsor_scopes_of_organisation()`.execute(db);
        return;
      }
      const bump = (scope: string) =>
        sql.raw(
          `insert into chat_list_revisions (scope, revision) values (${scope}, 1) ` +
            'on conflict (scope) do update set revision = revision + 1;',
        );
      const bumpBoth = (row: 'new' | 'old') =>
        sql.join([bump(`'o:' || ${row}.organisation_id`), bump(`'s:' || ${row}.sponsor_email_normalized`)], sql` `);
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
      // `where true`: SQLite's parser needs it between a SELECT and ON CONFLICT.
      await sql`create trigger organisations_chat_list_revision after update of name on organisations
        when new.name is not old.name
        begin
          insert into chat_list_revisions (scope, revision)
            select 's:' || sponsor_email_normalized, 1 from conversations where organisation_id = new.id and true
            on conflict (scope) do update set revision = revision + 1;
        end`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (engine === 'postgres') {
        await sql`drop trigger if exists conversations_list_revision on conversations`.execute(db);
        await sql`drop trigger if exists organisations_chat_list_revision on organisations`.execute(db);
        await sql`drop function if exists bump_conversation_scopes()`.execute(db);
        await sql`drop function if exists bump_sponsor_scopes_of_organisation()`.execute(db);
        await sql`drop function if exists bump_chat_list_revision(text)`.execute(db);
      } else {
        for (const op of ['insert', 'update', 'move', 'delete']) {
          await sql`drop trigger if exists ${sql.raw(`conversations_list_revision_${op}`)}`.execute(db);
        }
        await sql`drop trigger if exists organisations_chat_list_revision`.execute(db);
      }
      await db.schema.dropTable('chat_list_revisions').execute();
    },
  };
}
