// The shipments module's tables (migration 0039): shipments and venue_links. Marking received and
// revoking are conditional updates, so two at once change the row once.
import type { Db } from '../../db/index.ts';
import { fromDbTime, fromDbTimeOrNull, toDbTime } from '../../db/values.ts';

export type ShipmentRecord = {
  id: number;
  sponsorshipId: number;
  organisationId: number;
  eventId: number;
  sponsorEmail: string;
  /** The sponsor's public name from their profile, null without one. */
  sponsorName: string | null;
  carrier: string;
  tracking: string;
  parcelCount: number;
  expectedDate: string | null;
  announcedAt: Date;
  receivedAt: Date | null;
  receivedNote: string | null;
  receivedBy: string | null;
  photoKey: string | null;
};

export type NewShipment = {
  sponsorshipId: number;
  organisationId: number;
  eventId: number;
  carrier: string;
  tracking: string;
  parcelCount: number;
  expectedDate: string | null;
  announcedBy: string;
  at: Date;
};

export function createShipmentsRepository(db: Db) {
  const selectShipments = () =>
    db
      .selectFrom('shipments')
      .innerJoin('sponsorships', 'sponsorships.id', 'shipments.sponsorship_id')
      .leftJoin('sponsor_profiles', 'sponsor_profiles.email_normalized', 'sponsorships.sponsor_email_normalized')
      .select([
        'sponsor_profiles.public_name',
        'shipments.id',
        'shipments.sponsorship_id',
        'shipments.organisation_id',
        'shipments.event_id',
        'sponsorships.sponsor_email',
        'shipments.carrier',
        'shipments.tracking',
        'shipments.parcel_count',
        'shipments.expected_date',
        'shipments.announced_at',
        'shipments.received_at',
        'shipments.received_note',
        'shipments.received_by',
        'shipments.photo_key',
      ])
      .orderBy('shipments.id');

  type Row = Awaited<ReturnType<ReturnType<typeof selectShipments>['execute']>>[number];
  const toRecord = (r: Row): ShipmentRecord => ({
    id: r.id,
    sponsorshipId: r.sponsorship_id,
    organisationId: r.organisation_id,
    eventId: r.event_id,
    sponsorEmail: r.sponsor_email,
    sponsorName: r.public_name ?? null,
    carrier: r.carrier,
    tracking: r.tracking,
    parcelCount: r.parcel_count,
    expectedDate: r.expected_date,
    announcedAt: fromDbTime(r.announced_at),
    receivedAt: fromDbTimeOrNull(r.received_at),
    receivedNote: r.received_note,
    receivedBy: r.received_by,
    photoKey: r.photo_key,
  });

  return {
    async insert(shipment: NewShipment): Promise<number> {
      const row = await db
        .insertInto('shipments')
        .values({
          sponsorship_id: shipment.sponsorshipId,
          organisation_id: shipment.organisationId,
          event_id: shipment.eventId,
          carrier: shipment.carrier,
          tracking: shipment.tracking,
          parcel_count: shipment.parcelCount,
          expected_date: shipment.expectedDate,
          announced_by: shipment.announcedBy,
          announced_at: toDbTime(shipment.at),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async find(id: number): Promise<ShipmentRecord | undefined> {
      const row = await selectShipments().where('shipments.id', '=', id).executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },

    async forSponsorship(sponsorshipId: number): Promise<ShipmentRecord[]> {
      return (await selectShipments().where('shipments.sponsorship_id', '=', sponsorshipId).execute()).map(toRecord);
    },

    async forEvent(eventId: number): Promise<ShipmentRecord[]> {
      return (await selectShipments().where('shipments.event_id', '=', eventId).execute()).map(toRecord);
    },

    async forOrganisationEvent(organisationId: number, eventId: number | readonly number[]): Promise<ShipmentRecord[]> {
      const eventIds = typeof eventId === 'number' ? [eventId] : [...eventId];
      if (eventIds.length === 0) return [];
      return (
        await selectShipments()
          .where('shipments.organisation_id', '=', organisationId)
          .where('shipments.event_id', 'in', eventIds)
          .execute()
      ).map(toRecord);
    },

    /** Marks the shipment of `eventId` received unless it already is; true when this call did it. */
    async markReceived(
      id: number,
      eventId: number,
      by: { note: string | null; name: string | null },
      at: Date,
    ): Promise<boolean> {
      const result = await db
        .updateTable('shipments')
        .set({ received_at: toDbTime(at), received_note: by.note, received_by: by.name })
        .where('id', '=', id)
        .where('event_id', '=', eventId)
        .where('received_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Sets the photo of a received shipment of `eventId` unless it has one; true when this call did it. */
    async setPhoto(id: number, eventId: number, key: string): Promise<boolean> {
      const result = await db
        .updateTable('shipments')
        .set({ photo_key: key })
        .where('id', '=', id)
        .where('event_id', '=', eventId)
        .where('received_at', 'is not', null)
        .where('photo_key', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Revokes the event's live links and adds a new one, in one transaction (one live link per event). */
    async replaceVenueLink(link: {
      organisationId: number;
      eventId: number;
      tokenHash: string;
      createdBy: string;
      at: Date;
    }): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('venue_links')
          .set({ revoked_at: toDbTime(link.at) })
          .where('event_id', '=', link.eventId)
          .where('revoked_at', 'is', null)
          .execute();
        await trx
          .insertInto('venue_links')
          .values({
            organisation_id: link.organisationId,
            event_id: link.eventId,
            token_hash: link.tokenHash,
            created_by: link.createdBy,
            created_at: toDbTime(link.at),
          })
          .execute();
      });
    },

    async revokeVenueLinks(eventId: number, at: Date): Promise<number> {
      const result = await db
        .updateTable('venue_links')
        .set({ revoked_at: toDbTime(at) })
        .where('event_id', '=', eventId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async activeVenueLink(eventId: number): Promise<{ createdAt: Date } | undefined> {
      const row = await db
        .selectFrom('venue_links')
        .select('created_at')
        .where('event_id', '=', eventId)
        .where('revoked_at', 'is', null)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return row ? { createdAt: fromDbTime(row.created_at) } : undefined;
    },

    async venueLinkByHash(
      tokenHash: string,
    ): Promise<{ eventId: number; organisationId: number; revoked: boolean } | undefined> {
      const row = await db
        .selectFrom('venue_links')
        .select(['event_id', 'organisation_id', 'revoked_at'])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      return row
        ? { eventId: row.event_id, organisationId: row.organisation_id, revoked: row.revoked_at !== null }
        : undefined;
    },

    /** For the readiness board: the events' sponsorships of the organisation with their shipments. */
    async readiness(organisationId: number, eventId: number | readonly number[]) {
      const eventIds = typeof eventId === 'number' ? [eventId] : [...eventId];
      if (eventIds.length === 0) return { sponsorshipIds: [], shipments: [] };
      const sponsorships = await db
        .selectFrom('sponsorships')
        .select('id')
        .where('organisation_id', '=', organisationId)
        .where('event_id', 'in', eventIds)
        .orderBy('id')
        .execute();
      const shipments = await this.forOrganisationEvent(organisationId, eventId);
      return { sponsorshipIds: sponsorships.map((s) => s.id), shipments };
    },
  };
}

export type ShipmentsRepository = ReturnType<typeof createShipmentsRepository>;
