import { sql, type Kysely } from 'kysely';
import { boolDefault, boolType, timeType, withIdColumn, type Engine } from '../column-types.ts';

// Generated agreements signed in the browser (issue 19, decision 025). agreement_settings: per event
// the mode (the organiser's own PDF or the generated agreement), the organiser's clauses, the payment
// term and whether members may countersign. agreement_signatures: each signature with the snapshot
// of the data the draft was made from; a voided one keeps its row (voided_at). One valid signature
// per side is decided by a partial unique index, so two countersigning requests make one seal.
// agreement_audit: every view, signature, voiding and completion. signed_agreements: the sealed PDF
// by its SHA-256, self-contained (no foreign keys), so it outlives the organisation (decision 010).
export function agreements(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      const time = timeType(engine);
      const bool = boolType(engine);
      await db.schema
        .createTable('agreement_settings')
        .addColumn('event_id', 'integer', (col) => col.primaryKey().references('events.id').onDelete('cascade'))
        .addColumn('mode', 'varchar(20)', (col) => col.notNull())
        .addColumn('clauses', 'varchar(8000)', (col) => col.notNull())
        .addColumn('payment_term_days', 'integer', (col) => col.notNull())
        .addColumn('members_may_countersign', bool, (col) => col.notNull().defaultTo(boolDefault(false)))
        .addColumn('updated_at', time, (col) => col.notNull())
        .execute();
      await withIdColumn(engine, db.schema.createTable('agreement_signatures'))
        .addColumn('sponsorship_id', 'integer', (col) =>
          col.notNull().references('sponsorships.id').onDelete('cascade'),
        )
        .addColumn('side', 'varchar(20)', (col) => col.notNull())
        .addColumn('full_name', 'varchar(120)', (col) => col.notNull())
        .addColumn('position', 'varchar(120)', (col) => col.notNull())
        .addColumn('email', 'varchar(320)', (col) => col.notNull())
        .addColumn('signed_at', time, (col) => col.notNull())
        .addColumn('ip', 'varchar(64)', (col) => col.notNull())
        .addColumn('user_agent', 'varchar(400)', (col) => col.notNull())
        .addColumn('document_sha256', 'varchar(64)', (col) => col.notNull())
        .addColumn('drawn_signature', 'text')
        .addColumn('snapshot', 'text', (col) => col.notNull())
        .addColumn('voided_at', time)
        .addColumn('voided_by_sha256', 'varchar(64)')
        .execute();
      await db.schema
        .createIndex('agreement_signatures_valid')
        .on('agreement_signatures')
        .columns(['sponsorship_id', 'side'])
        .unique()
        .where(sql.ref('voided_at'), 'is', null)
        .execute();
      await withIdColumn(engine, db.schema.createTable('agreement_audit'))
        .addColumn('sponsorship_id', 'integer', (col) =>
          col.notNull().references('sponsorships.id').onDelete('cascade'),
        )
        .addColumn('at', time, (col) => col.notNull())
        .addColumn('kind', 'varchar(20)', (col) => col.notNull())
        .addColumn('side', 'varchar(20)', (col) => col.notNull())
        .addColumn('actor', 'varchar(320)', (col) => col.notNull())
        .addColumn('ip', 'varchar(64)', (col) => col.notNull())
        .addColumn('user_agent', 'varchar(400)', (col) => col.notNull())
        .addColumn('document_sha256', 'varchar(64)')
        .execute();
      await db.schema
        .createIndex('agreement_audit_sponsorship')
        .on('agreement_audit')
        .column('sponsorship_id')
        .execute();
      await db.schema
        .createTable('signed_agreements')
        .addColumn('sha256', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('sponsorship_id', 'integer', (col) => col.notNull().unique())
        .addColumn('organisation_id', 'integer', (col) => col.notNull())
        .addColumn('event_id', 'integer', (col) => col.notNull())
        .addColumn('sponsor_email_normalized', 'varchar(320)', (col) => col.notNull())
        .addColumn('blob_key', 'varchar(500)', (col) => col.notNull())
        .addColumn('size', 'integer', (col) => col.notNull())
        .addColumn('completed_at', time, (col) => col.notNull())
        .addColumn('retain_until', time, (col) => col.notNull())
        .addColumn('signers', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('signed_agreements_sponsor')
        .on('signed_agreements')
        .column('sponsor_email_normalized')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('signed_agreements').execute();
      await db.schema.dropTable('agreement_audit').execute();
      await db.schema.dropTable('agreement_signatures').execute();
      await db.schema.dropTable('agreement_settings').execute();
    },
  };
}
