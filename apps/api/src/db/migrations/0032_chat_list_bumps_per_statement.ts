import { sql, type Kysely } from 'kysely';
import type { Engine } from '../column-types.ts';
import { RECENT_CHANGES } from './0027_chat_list_changes.ts';

// PostgreSQL: the conversation list scopes are bumped once per statement instead of once per row
// (decision 052). Migration 0013's row trigger ran two upserts of `chat_list_revisions` for every
// conversation a statement changed; a message batch of the 200-user load changes about 25
// conversations of one organisation, so the organisation's scope row was upserted 25 times, each a
// new row version copying its 128 ids: 13.7 ms of the 16.8 ms PostgreSQL spent on a batch. A
// statement trigger sees the statement's rows at once (transition tables) and moves each scope by
// its number of bumps in one upsert, appending their conversation ids as before: a scope's revision
// still counts its bumps and `recent` still names one conversation per revision (decision 034).
// Nobody can see the revisions in between, they commit together. SQLite keeps its row triggers: its statements are
// calls inside the server's process, without that cost.

/** The ids kept beyond the ones a statement appends: the last RECENT_CHANGES of both together. */
const KEEP_FROM = RECENT_CHANGES - 1;

export function chatListBumpsPerStatement(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      if (engine !== 'postgres') return;
      // One upsert per scope; scopes in order, so that two statements lock the rows they share in
      // the same order.
      await sql`
        create function bump_chat_list_scopes(scopes text[], ids integer[]) returns void language sql as $$
          insert into chat_list_revisions as r (scope, revision, recent)
          select b.scope, count(*)::integer,
                 (array_agg(b.id order by b.n))[greatest(count(*)::integer - ${sql.lit(KEEP_FROM)}, 1):]
          from unnest(scopes, ids) with ordinality as b(scope, id, n)
          group by b.scope
          order by b.scope
          on conflict (scope) do update set
            revision = r.revision + excluded.revision,
            recent = (r.recent || excluded.recent)[greatest(cardinality(r.recent) + cardinality(excluded.recent) - ${sql.lit(KEEP_FROM)}, 1):]
        $$`.execute(db);
      // The scopes as the row trigger bumped them: a new or deleted row's two scopes, an updated
      // row's new scopes and, when it moved, its old ones. In conversation id order.
      await sql`
        create function bump_scopes_of_conversations() returns trigger language plpgsql as $$
        begin
          if tg_op = 'INSERT' then
            perform bump_chat_list_scopes(array_agg(b.scope order by b.id), array_agg(b.id order by b.id))
            from (select n.id, s.scope from new_rows n
                  cross join lateral (values ('o:' || n.organisation_id), ('s:' || n.sponsor_email_normalized)) s(scope)) b;
          elsif tg_op = 'DELETE' then
            perform bump_chat_list_scopes(array_agg(b.scope order by b.id), array_agg(b.id order by b.id))
            from (select o.id, s.scope from old_rows o
                  cross join lateral (values ('o:' || o.organisation_id), ('s:' || o.sponsor_email_normalized)) s(scope)) b;
          else
            perform bump_chat_list_scopes(array_agg(b.scope order by b.id), array_agg(b.id order by b.id))
            from (select n.id, s.scope from old_rows o join new_rows n on n.id = o.id
                  cross join lateral (values
                    (case when o.organisation_id <> n.organisation_id then 'o:' || o.organisation_id end),
                    (case when o.sponsor_email_normalized <> n.sponsor_email_normalized then 's:' || o.sponsor_email_normalized end),
                    ('o:' || n.organisation_id),
                    ('s:' || n.sponsor_email_normalized)) s(scope)
                  where s.scope is not null) b;
          end if;
          return null;
        end $$`.execute(db);
      await sql`drop trigger conversations_list_revision on conversations`.execute(db);
      await sql`create trigger conversations_list_revision_insert after insert on conversations
        referencing new table as new_rows
        for each statement execute function bump_scopes_of_conversations()`.execute(db);
      await sql`create trigger conversations_list_revision_update after update on conversations
        referencing old table as old_rows new table as new_rows
        for each statement execute function bump_scopes_of_conversations()`.execute(db);
      await sql`create trigger conversations_list_revision_delete after delete on conversations
        referencing old table as old_rows
        for each statement execute function bump_scopes_of_conversations()`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (engine !== 'postgres') return;
      for (const name of ['insert', 'update', 'delete'])
        await sql`drop trigger ${sql.raw(`conversations_list_revision_${name}`)} on conversations`.execute(db);
      await sql`drop function bump_scopes_of_conversations()`.execute(db);
      await sql`drop function bump_chat_list_scopes(text[], integer[])`.execute(db);
      // Migration 0013's row trigger; its function is still 0027's.
      await sql`create trigger conversations_list_revision after insert or update or delete on conversations
        for each row execute function bump_conversation_scopes()`.execute(db);
    },
  };
}
