import { sql, type Kysely } from 'kysely';
import type { Engine } from '../column-types.ts';

// A revision number per organisation that every change to what its event list shows moves forward
// (decision 011): its events, their files and their sponsorships, and its name (conversation lists
// of sponsors show it). Kept by triggers in the database, so that no write path, cascade or admin
// command can forget it; the read cache compares it on every request instead of trusting memory.
const WATCHED = ['events', 'event_files', 'sponsorships'] as const;

export function readRevisions(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('organisations')
        .addColumn('revision', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      if (engine === 'postgres') {
        await sql`
          create function bump_organisation_revision() returns trigger language plpgsql as $$
          begin
            if tg_op <> 'INSERT' then
              update organisations set revision = revision + 1 where id = old.organisation_id;
            end if;
            if tg_op <> 'DELETE' and (tg_op = 'INSERT' or new.organisation_id <> old.organisation_id) then
              update organisations set revision = revision + 1 where id = new.organisation_id;
            end if;
            return null;
          end $$`.execute(db);
        for (const table of WATCHED) {
          await sql`
            create trigger ${sql.raw(`${table}_revision`)} after insert or update or delete on ${sql.table(table)}
            for each row execute function bump_organisation_revision()`.execute(db);
        }
        await sql`
          create function bump_own_revision() returns trigger language plpgsql as $$
          begin
            if new.name is distinct from old.name then new.revision := old.revision + 1; end if;
            return new;
          end $$`.execute(db);
        await sql`
          create trigger organisations_name_revision before update on organisations
          for each row execute function bump_own_revision()`.execute(db);
        return;
      }
      for (const table of WATCHED) {
        const bump = (row: 'new' | 'old') =>
          sql.raw(`update organisations set revision = revision + 1 where id = ${row}.organisation_id;`);
        await sql`create trigger ${sql.raw(`${table}_revision_insert`)} after insert on ${sql.table(table)}
          begin ${bump('new')} end`.execute(db);
        await sql`create trigger ${sql.raw(`${table}_revision_delete`)} after delete on ${sql.table(table)}
          begin ${bump('old')} end`.execute(db);
        // An update bumps the old organisation, and the new one too when the row moved (it does not).
        await sql`create trigger ${sql.raw(`${table}_revision_update`)} after update on ${sql.table(table)}
          begin ${bump('old')}
            update organisations set revision = revision + 1
              where id = new.organisation_id and new.organisation_id <> old.organisation_id;
          end`.execute(db);
      }
      // Only when the name is in the statement: the trigger's own update (revision only) cannot fire it.
      await sql`create trigger organisations_name_revision after update of name on organisations
        when new.name is not old.name
        begin update organisations set revision = revision + 1 where id = new.id; end`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (engine === 'postgres') {
        for (const table of WATCHED) {
          await sql`drop trigger if exists ${sql.raw(`${table}_revision`)} on ${sql.table(table)}`.execute(db);
        }
        await sql`drop trigger if exists organisations_name_revision on organisations`.execute(db);
        await sql`drop function if exists bump_organisation_revision()`.execute(db);
        await sql`drop function if exists bump_own_revision()`.execute(db);
      } else {
        for (const table of WATCHED) {
          for (const op of ['insert', 'delete', 'update']) {
            await sql`drop trigger if exists ${sql.raw(`${table}_revision_${op}`)}`.execute(db);
          }
        }
        await sql`drop trigger if exists organisations_name_revision`.execute(db);
      }
      await db.schema.alterTable('organisations').dropColumn('revision').execute();
    },
  };
}
