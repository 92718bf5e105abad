import { sql, type Kysely } from 'kysely';
import { timeType, withIdColumn, type Engine } from '../column-types.ts';

// Sponsorships of events and the invitations (team and sponsor) that bring people in. Both hang off
// the organisation (and a sponsorship off its event) with ON DELETE CASCADE. Invitation tokens are
// stored only as their SHA-256; the raw token is in the mailed link.
export function invitations(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      const time = timeType(engine);
      // Up to 100 million euro in cents exceeds a 32-bit integer.
      const cents = engine === 'postgres' ? sql`bigint` : sql`integer`;

      // status: invited, confirmed, declined or withdrawn (open = neither confirmed nor ended).
      await withIdColumn(engine, db.schema.createTable('sponsorships'))
        .addColumn('event_id', 'integer', (col) => col.notNull().references('events.id').onDelete('cascade'))
        .addColumn('organisation_id', 'integer', (col) =>
          col.notNull().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('sponsor_email', 'varchar(320)', (col) => col.notNull())
        .addColumn('sponsor_email_normalized', 'varchar(320)', (col) => col.notNull())
        .addColumn('status', 'varchar(16)', (col) => col.notNull())
        .addColumn('amount_cents', cents)
        .addColumn('sponsor_cognito_id', 'varchar(64)')
        .addColumn('created_at', time, (col) => col.notNull())
        .addColumn('updated_at', time, (col) => col.notNull())
        .addUniqueConstraint('sponsorships_event_sponsor', ['event_id', 'sponsor_email_normalized'])
        .execute();
      await db.schema
        .createIndex('sponsorships_sponsor')
        .on('sponsorships')
        .column('sponsor_email_normalized')
        .execute();

      // kind: team or sponsor. A team invitation carries the inviter's organisation and role; a sponsor
      // invitation its event and sponsorship. accepted_at makes a link single use.
      await withIdColumn(engine, db.schema.createTable('invitations'))
        .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
        .addColumn('kind', 'varchar(16)', (col) => col.notNull())
        .addColumn('organisation_id', 'integer', (col) =>
          col.notNull().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('email', 'varchar(320)', (col) => col.notNull())
        .addColumn('email_normalized', 'varchar(320)', (col) => col.notNull())
        .addColumn('role', 'varchar(20)', (col) => col.notNull())
        .addColumn('event_id', 'integer', (col) => col.references('events.id').onDelete('cascade'))
        .addColumn('sponsorship_id', 'integer', (col) => col.references('sponsorships.id').onDelete('cascade'))
        .addColumn('invited_by', 'varchar(64)')
        .addColumn('created_at', time, (col) => col.notNull())
        .addColumn('expires_at', time, (col) => col.notNull())
        .addColumn('accepted_at', time)
        .addColumn('accepted_by', 'varchar(64)')
        .execute();
      await db.schema
        .createIndex('invitations_organisation_email')
        .on('invitations')
        .columns(['organisation_id', 'email_normalized'])
        .execute();
      await db.schema.createIndex('invitations_sponsorship').on('invitations').column('sponsorship_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('invitations').execute();
      await db.schema.dropTable('sponsorships').execute();
    },
  };
}
