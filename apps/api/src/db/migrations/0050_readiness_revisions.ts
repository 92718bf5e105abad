import { sql, type Kysely } from 'kysely';
import type { Engine } from '../column-types.ts';

// A revision number per organisation that every change to what its readiness boards show moves
// forward (decision 096): the boards' serialized answers are kept in the read cache under it
// (read-cache/), so a change of any cell's source is a miss on the next read. Moved by
// triggers in the writing statement's own transaction, as the event list's revision (migration 0012).
// Its own counter, not the organisation's: the chasers' outbox and the deliverables move it often,
// and the event page's reads need not miss for them.
const WITH_ORGANISATION = [
  'events',
  'sponsorships',
  'packages',
  'invoices',
  'deliverables',
  'ticket_holders',
  'shipments',
  'chase_outbox',
  'user_profiles',
] as const;

const upsert = (organisation: string) =>
  `insert into readiness_revisions (organisation_id, revision) select ${organisation}, 1 where ${organisation} is not null
    on conflict (organisation_id) do update set revision = readiness_revisions.revision + 1;`;
const ofSponsorship = (row: string) =>
  `insert into readiness_revisions (organisation_id, revision)
    select organisation_id, 1 from sponsorships where id = ${row}.sponsorship_id and true
    on conflict (organisation_id) do update set revision = readiness_revisions.revision + 1;`;
const ofSponsorAddress = (row: string) =>
  `insert into readiness_revisions (organisation_id, revision)
    select distinct organisation_id, 1 from sponsorships where sponsor_email_normalized = ${row}.email_normalized
    order by organisation_id
    on conflict (organisation_id) do update set revision = readiness_revisions.revision + 1;`;

const SPECIAL = [
  ['sponsorship_choices', ofSponsorship],
  ['sponsor_profiles', ofSponsorAddress],
] as const;

export function readinessRevisions(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('readiness_revisions')
        .addColumn('organisation_id', 'integer', (col) => col.primaryKey())
        .addColumn('revision', 'integer', (col) => col.notNull())
        .execute();
      if (engine === 'postgres') {
        const fn = (name: string, bump: (row: string) => string) => sql`
          create function ${sql.raw(name)}() returns trigger language plpgsql as $$
          begin
            if tg_op <> 'INSERT' then ${sql.raw(bump('old'))} end if;
            if tg_op <> 'DELETE' then ${sql.raw(bump('new'))} end if;
            return null;
          end $$`;
        await fn('bump_readiness_revision', (row) => upsert(`${row}.organisation_id`)).execute(db);
        await fn('bump_readiness_revision_of_sponsorship', ofSponsorship).execute(db);
        await fn('bump_readiness_revision_of_sponsor', ofSponsorAddress).execute(db);
        // Deferred to the commit: the revision row is then the writer's last lock. Bumped in the middle
        // of a transaction, it deadlocked four sponsors choosing one package at once (the choice's
        // trigger took the revision row, the package's `sold` update another's package row).
        const trigger = (table: string, name: string) => sql`
          create constraint trigger ${sql.raw(`${table}_readiness_revision`)}
          after insert or update or delete on ${sql.table(table)} deferrable initially deferred
          for each row execute function ${sql.raw(name)}()`;
        for (const table of WITH_ORGANISATION) await trigger(table, 'bump_readiness_revision').execute(db);
        await trigger('sponsorship_choices', 'bump_readiness_revision_of_sponsorship').execute(db);
        await trigger('sponsor_profiles', 'bump_readiness_revision_of_sponsor').execute(db);
        return;
      }
      const triggers = async (table: string, bump: (row: string) => string) => {
        await sql`create trigger ${sql.raw(`${table}_readiness_insert`)} after insert on ${sql.table(table)}
          begin ${sql.raw(bump('new'))} end`.execute(db);
        await sql`create trigger ${sql.raw(`${table}_readiness_delete`)} after delete on ${sql.table(table)}
          begin ${sql.raw(bump('old'))} end`.execute(db);
        await sql`create trigger ${sql.raw(`${table}_readiness_update`)} after update on ${sql.table(table)}
          begin ${sql.raw(bump('old'))} ${sql.raw(bump('new'))} end`.execute(db);
      };
      for (const table of WITH_ORGANISATION) await triggers(table, (row) => upsert(`${row}.organisation_id`));
      for (const [table, bump] of SPECIAL) await triggers(table, bump);
    },
    async down(db: Kysely<unknown>) {
      const tables = [...WITH_ORGANISATION, ...SPECIAL.map(([t]) => t)];
      if (engine === 'postgres') {
        for (const table of tables)
          await sql`drop trigger if exists ${sql.raw(`${table}_readiness_revision`)} on ${sql.table(table)}`.execute(
            db,
          );
        for (const name of [
          'bump_readiness_revision',
          'bump_readiness_revision_of_sponsorship',
          'bump_readiness_revision_of_sponsor',
        ])
          await sql`drop function if exists ${sql.raw(name)}()`.execute(db);
      } else {
        for (const table of tables)
          for (const op of ['insert', 'delete', 'update'])
            await sql`drop trigger if exists ${sql.raw(`${table}_readiness_${op}`)}`.execute(db);
      }
      await db.schema.dropTable('readiness_revisions').execute();
    },
  };
}
