import type { Kysely } from 'kysely';

// Who at the venue marked a shipment received (issue 59 point 6, decision 082): the name the venue's
// staff typed, optional, so a second person who tries sees who took the parcel and when. The photo
// of a received parcel uses `photo_key` (0039).
export function shipmentReceiver() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('shipments').addColumn('received_by', 'varchar(100)').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('shipments').dropColumn('received_by').execute();
    },
  };
}
