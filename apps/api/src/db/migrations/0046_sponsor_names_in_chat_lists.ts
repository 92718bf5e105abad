import { sql, type Kysely } from 'kysely';
import type { Engine } from '../column-types.ts';
import { appendedRecent } from './0027_chat_list_changes.ts';

// The organiser's conversation list names the sponsor by its organisation (issue 58, decision 091):
// the sponsor profile's public name, else the billing details' legal name, else the address. The
// lists are kept by their scopes' revisions (decision 034), which only the conversations' own
// writes and an organisation's rename moved; so a change of either name now moves the organisation
// scope ('o:' || organisation_id) of every conversation with that address, appending the
// conversation's id, as 0027's organisation rename does for the sponsors' scopes. The sponsor's own
// scope shows the organisation's name, not its own, and is not moved.
const WATCHED = [
  { table: 'sponsor_profiles', column: 'public_name' },
  { table: 'sponsor_legal_details', column: 'legal_name' },
] as const;

const conversationsOf = (addresses: string) =>
  `from conversations c where c.sponsor_email_normalized in (${addresses})`;

export function sponsorNamesInChatLists(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      if (engine === 'postgres') {
        // Migration 0032's bump: one upsert per scope, scopes in order.
        const bump = (addresses: string) =>
          sql.raw(`perform bump_chat_list_scopes(array_agg('o:' || c.organisation_id order by c.id),
              array_agg(c.id order by c.id)) ${conversationsOf(addresses)};`);
        await sql`
          create function bump_chat_lists_of_sponsor() returns trigger language plpgsql as $$
          begin
            if tg_op = 'INSERT' then ${bump('new.email_normalized')}
            elsif tg_op = 'DELETE' then ${bump('old.email_normalized')}
            else ${bump('old.email_normalized, new.email_normalized')}
            end if;
            return null;
          end $$`.execute(db);
        for (const { table, column } of WATCHED) {
          await sql`
            create trigger ${sql.raw(`${table}_chat_lists`)} after insert or delete on ${sql.table(table)}
            for each row execute function bump_chat_lists_of_sponsor()`.execute(db);
          await sql`
            create trigger ${sql.raw(`${table}_chat_lists_update`)}
            after update of ${sql.ref(column)}, email_normalized on ${sql.table(table)}
            for each row when (old.${sql.ref(column)} is distinct from new.${sql.ref(column)}
              or old.email_normalized is distinct from new.email_normalized)
            execute function bump_chat_lists_of_sponsor()`.execute(db);
        }
        return;
      }
      // `where` before ON CONFLICT: SQLite's parser needs it after a SELECT's FROM (0027).
      const bump = (addresses: string) =>
        sql.raw(`insert into chat_list_revisions (scope, revision, recent)
          select 'o:' || c.organisation_id, 1, c.id ${conversationsOf(addresses)} and true order by c.id
          on conflict (scope) do update set revision = revision + 1, recent = ${appendedRecent('excluded.recent')};`);
      for (const { table, column } of WATCHED) {
        await sql`create trigger ${sql.raw(`${table}_chat_lists_insert`)} after insert on ${sql.table(table)}
          begin ${bump('new.email_normalized')} end`.execute(db);
        await sql`create trigger ${sql.raw(`${table}_chat_lists_delete`)} after delete on ${sql.table(table)}
          begin ${bump('old.email_normalized')} end`.execute(db);
        await sql`create trigger ${sql.raw(`${table}_chat_lists_update`)}
          after update of ${sql.ref(column)}, email_normalized on ${sql.table(table)}
          when new.${sql.ref(column)} is not old.${sql.ref(column)} or new.email_normalized is not old.email_normalized
          begin ${bump('old.email_normalized, new.email_normalized')} end`.execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      if (engine === 'postgres') {
        for (const { table } of WATCHED) {
          for (const name of [`${table}_chat_lists`, `${table}_chat_lists_update`]) {
            await sql`drop trigger if exists ${sql.raw(name)} on ${sql.table(table)}`.execute(db);
          }
        }
        await sql`drop function if exists bump_chat_lists_of_sponsor()`.execute(db);
        return;
      }
      for (const { table } of WATCHED) {
        for (const op of ['insert', 'delete', 'update']) {
          await sql`drop trigger if exists ${sql.raw(`${table}_chat_lists_${op}`)}`.execute(db);
        }
      }
    },
  };
}
