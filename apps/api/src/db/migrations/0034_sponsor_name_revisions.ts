import { sql, type Kysely } from 'kysely';
import type { Engine } from '../column-types.ts';

// The organiser's sponsor list names each sponsor by its organisation (issue 58): the public name of
// the sponsor profile, else the legal name of the billing details. Both are the sponsor's, kept by
// address, and shown in every organisation the address sponsors; so a change to either moves the
// revision (migration 0012, decision 011) of each organisation with a sponsorship of that address,
// by triggers, as the other facts of the list do.
const WATCHED = ['sponsor_profiles', 'sponsor_legal_details'] as const;

const bump = (row: 'new' | 'old') =>
  sql.raw(`update organisations set revision = revision + 1
    where id in (select organisation_id from sponsorships where sponsor_email_normalized = ${row}.email_normalized);`);

export function sponsorNameRevisions(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      if (engine === 'postgres') {
        await sql`
          create function bump_sponsor_organisations() returns trigger language plpgsql as $$
          begin
            if tg_op <> 'INSERT' then ${bump('old')} end if;
            if tg_op <> 'DELETE' and (tg_op = 'INSERT' or new.email_normalized <> old.email_normalized) then
              ${bump('new')}
            end if;
            return null;
          end $$`.execute(db);
        for (const table of WATCHED) {
          await sql`
            create trigger ${sql.raw(`${table}_revision`)} after insert or update or delete on ${sql.table(table)}
            for each row execute function bump_sponsor_organisations()`.execute(db);
        }
        return;
      }
      for (const table of WATCHED) {
        await sql`create trigger ${sql.raw(`${table}_revision_insert`)} after insert on ${sql.table(table)}
          begin ${bump('new')} end`.execute(db);
        await sql`create trigger ${sql.raw(`${table}_revision_delete`)} after delete on ${sql.table(table)}
          begin ${bump('old')} end`.execute(db);
        await sql`create trigger ${sql.raw(`${table}_revision_update`)} after update on ${sql.table(table)}
          begin ${bump('old')} end`.execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      if (engine === 'postgres') {
        for (const table of WATCHED) {
          await sql`drop trigger if exists ${sql.raw(`${table}_revision`)} on ${sql.table(table)}`.execute(db);
        }
        await sql`drop function if exists bump_sponsor_organisations()`.execute(db);
        return;
      }
      for (const table of WATCHED) {
        for (const op of ['insert', 'delete', 'update']) {
          await sql`drop trigger if exists ${sql.raw(`${table}_revision_${op}`)}`.execute(db);
        }
      }
    },
  };
}
