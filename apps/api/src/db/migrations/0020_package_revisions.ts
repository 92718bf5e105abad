import { sql, type Kysely } from 'kysely';
import type { Engine } from '../column-types.ts';

// The organisation's revision (migration 0012, decision 011) moves with its packages too, so the
// event page's reads (the event, its packages, its sponsorships) can be answered from the read cache.
// A package's benefits change only together with the package row (its update sets updated_at), a
// choice moves the package's `sold`, and an offer comes with the sponsorship that it belongs to.
export function packageRevisions(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      if (engine === 'postgres') {
        // The function of migration 0012 bumps old.organisation_id and new.organisation_id.
        await sql`
          create trigger packages_revision after insert or update or delete on packages
          for each row execute function bump_organisation_revision()`.execute(db);
        return;
      }
      const bump = (row: 'new' | 'old') =>
        sql.raw(`update organisations set revision = revision + 1 where id = ${row}.organisation_id;`);
      await sql`create trigger packages_revision_insert after insert on packages begin ${bump('new')} end`.execute(db);
      await sql`create trigger packages_revision_delete after delete on packages begin ${bump('old')} end`.execute(db);
      await sql`create trigger packages_revision_update after update on packages begin ${bump('old')} end`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (engine === 'postgres') {
        await sql`drop trigger if exists packages_revision on packages`.execute(db);
        return;
      }
      for (const op of ['insert', 'delete', 'update']) {
        await sql`drop trigger if exists ${sql.raw(`packages_revision_${op}`)}`.execute(db);
      }
    },
  };
}
