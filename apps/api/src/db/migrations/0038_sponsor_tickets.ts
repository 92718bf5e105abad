import type { Kysely } from 'kysely';
import { timeType, withIdColumn, type Engine } from '../column-types.ts';

// Named sponsor tickets (issue 59 point 5, decision 081): a tickets benefit states how many seats it
// gives (`package_benefits.quantity`, null = one), copied to its deliverable at the confirmation so a
// later change of the package does not change what was agreed; each named person holds one seat of a tickets
// deliverable. The seat number is unique per deliverable and lies within the quota, so the database,
// not a count read before the insert, decides who gets the last seat; checking in is a conditional
// update of `checked_in_at`. Written by the tickets module only.
export function sponsorTickets(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('package_benefits').addColumn('quantity', 'integer').execute();
      await db.schema.alterTable('deliverables').addColumn('quantity', 'integer').execute();
      await withIdColumn(engine, db.schema.createTable('ticket_holders'))
        .addColumn('organisation_id', 'integer', (col) =>
          col.notNull().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('event_id', 'integer', (col) => col.notNull().references('events.id').onDelete('cascade'))
        .addColumn('sponsorship_id', 'integer', (col) =>
          col.notNull().references('sponsorships.id').onDelete('cascade'),
        )
        .addColumn('deliverable_id', 'integer', (col) =>
          col.notNull().references('deliverables.id').onDelete('cascade'),
        )
        .addColumn('seat', 'integer', (col) => col.notNull())
        .addColumn('name', 'varchar(200)', (col) => col.notNull())
        .addColumn('email', 'varchar(320)', (col) => col.notNull())
        .addColumn('created_at', timeType(engine), (col) => col.notNull())
        .addColumn('checked_in_at', timeType(engine))
        .addColumn('checked_in_by', 'varchar(320)')
        .addUniqueConstraint('ticket_holders_seat', ['deliverable_id', 'seat'])
        .execute();
      await db.schema.createIndex('ticket_holders_event').on('ticket_holders').columns(['event_id', 'id']).execute();
      await db.schema
        .createIndex('ticket_holders_sponsorship')
        .on('ticket_holders')
        .columns(['sponsorship_id', 'id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('ticket_holders').execute();
      await db.schema.alterTable('deliverables').dropColumn('quantity').execute();
      await db.schema.alterTable('package_benefits').dropColumn('quantity').execute();
    },
  };
}
