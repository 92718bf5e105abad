// The rules of shipments: the sponsor (signed in with the sponsorship's address, or as a guest with
// the invitation link) announces parcels for their sponsorship and sees them; the organisation's
// members see them per sponsorship and per event and create or revoke the event's venue link; the
// venue, holding only that link, sees the event's shipments and marks them received, once.
import type {
  AnnounceShipmentRequest,
  CreatedVenueLink,
  ShipmentWire,
  VenueLinkStatus,
  VenueShipmentsResponse,
} from '@sp/shared';
import { germanDay } from '../../lib/calendar.ts';
import { AppError, fail } from '../../lib/errors.ts';
import type { BlobStore } from '../../ports/blobs/index.ts';
import type { DomainEvents } from '../domain-events.ts';
import type { EventAccess } from '../access/index.ts';
import { hashVenueToken, looksLikeVenueToken, newVenueToken } from './tokens.ts';
import type { SponsorshipCaller, SponsorshipParties } from '../sponsorships/index.ts';
import { reencodeLogo } from '../sponsor-profiles/index.ts';
import type { ShipmentRecord, ShipmentsRepository } from './repository.ts';

const notFound = () => fail('shipment.not-found', 'Shipment not found');

export const isShipmentOverdue = (s: Pick<ShipmentRecord, 'expectedDate' | 'receivedAt'>, today: string): boolean =>
  s.receivedAt === null && s.expectedDate !== null && s.expectedDate < today;

export function createShipmentsService(deps: {
  repo: ShipmentsRepository;
  sponsorships: SponsorshipParties;
  events: EventAccess;
  domainEvents: DomainEvents;
  publicUrl: string;
  store: BlobStore;
  clock?: () => Date;
}) {
  const { repo, sponsorships, events } = deps;
  const now = deps.clock ?? (() => new Date());

  const toWire = (records: ShipmentRecord[]): ShipmentWire[] => {
    const today = germanDay(now());
    return records.map((r) => ({
      id: r.id,
      sponsorship_id: r.sponsorshipId,
      event_id: r.eventId,
      sponsor: r.sponsorName ?? r.sponsorEmail,
      carrier: r.carrier,
      tracking: r.tracking,
      parcel_count: r.parcelCount,
      expected_date: r.expectedDate,
      announced_at: r.announcedAt.toISOString(),
      received_at: r.receivedAt?.toISOString() ?? null,
      received_note: r.receivedNote,
      received_by: r.receivedBy,
      has_photo: r.photoKey !== null,
      overdue: isShipmentOverdue(r, today),
    }));
  };

  /** The event a venue token opens; 404 for an unknown token, 410 for a revoked one. */
  const venueEvent = async (token: string) => {
    if (!looksLikeVenueToken(token)) throw fail('shipment.venue-link-invalid', 'Unknown venue link');
    const link = await repo.venueLinkByHash(hashVenueToken(token));
    if (!link) throw fail('shipment.venue-link-invalid', 'Unknown venue link');
    if (link.revoked) throw fail('shipment.venue-link-revoked', 'This venue link was revoked');
    return link;
  };

  return {
    /** GET /sponsorships/{id}/shipments: both parties. */
    async forSponsorship(caller: SponsorshipCaller, sponsorshipId: number) {
      await sponsorships.visible(caller, sponsorshipId);
      return { shipments: toWire(await repo.forSponsorship(sponsorshipId)) };
    },

    /** POST /sponsorships/{id}/shipments: the sponsor only. */
    async announce(caller: SponsorshipCaller, sponsorshipId: number, body: AnnounceShipmentRequest) {
      const { sponsorship, side } = await sponsorships.visible(caller, sponsorshipId);
      if (side !== 'sponsor') throw fail('shipment.sponsor-announces', 'Only the sponsor announces parcels');
      const id = await repo.insert({
        sponsorshipId,
        organisationId: sponsorship.organisationId,
        eventId: sponsorship.eventId,
        carrier: body.carrier,
        tracking: body.tracking,
        parcelCount: body.parcel_count,
        expectedDate: body.expected_date,
        announcedBy: sponsorship.sponsorEmail,
        at: now(),
      });
      const created = (await repo.find(id))!;
      await deps.domainEvents.publish('shipment.changed', {
        kind: 'announced',
        organisationId: sponsorship.organisationId,
        eventId: sponsorship.eventId,
        sponsorEmail: sponsorship.sponsorEmail,
      });
      return toWire([created])[0]!;
    },

    /** GET /event/{id}/shipments: the organisation's members. */
    async forEvent(caller: { sub: string }, eventId: number) {
      const event = await events.organiserEvent(caller, eventId);
      return { shipments: toWire(await repo.forEvent(event.id)) };
    },

    /** GET /event/{id}/venue-link */
    async venueLinkStatus(caller: { sub: string }, eventId: number): Promise<VenueLinkStatus> {
      const event = await events.organiserEvent(caller, eventId);
      const link = await repo.activeVenueLink(event.id);
      return { active: link !== undefined, created_at: link?.createdAt.toISOString() ?? null };
    },

    /** POST /event/{id}/venue-link: a new link (the old one stops working). */
    async createVenueLink(
      caller: { sub: string; email?: string | undefined },
      eventId: number,
    ): Promise<CreatedVenueLink> {
      const event = await events.organiserEvent(caller, eventId);
      const token = newVenueToken();
      const at = now();
      await repo.replaceVenueLink({
        organisationId: event.organisationId,
        eventId: event.id,
        tokenHash: hashVenueToken(token),
        createdBy: caller.email ?? caller.sub,
        at,
      });
      return { token, url: `${deps.publicUrl}/venue/${token}`, created_at: at.toISOString() };
    },

    /** DELETE /event/{id}/venue-link */
    async revokeVenueLink(caller: { sub: string }, eventId: number): Promise<VenueLinkStatus> {
      const event = await events.organiserEvent(caller, eventId);
      await repo.revokeVenueLinks(event.id, now());
      return { active: false, created_at: null };
    },

    /** GET /venue/{token}/shipments: only that event's. */
    async forVenue(token: string): Promise<VenueShipmentsResponse> {
      const link = await venueEvent(token);
      const event = await events.findEvent(link.eventId);
      if (!event) throw fail('shipment.venue-link-invalid', 'Unknown venue link');
      return {
        event_title: event.title,
        event_date: event.eventDate,
        shipments: toWire(await repo.forEvent(link.eventId)),
      };
    },

    /** POST /venue/{token}/shipments/{id}/received: once; a second time (or at once) 409. */
    async markReceived(
      token: string,
      shipmentId: number,
      by: { note: string | null; name: string | null },
    ): Promise<ShipmentWire> {
      const link = await venueEvent(token);
      const found = await repo.find(shipmentId);
      if (!found || found.eventId !== link.eventId) throw notFound();
      const marked = await repo.markReceived(shipmentId, link.eventId, by, now());
      if (!marked) throw fail('shipment.already-received', 'This shipment was already marked received');
      await deps.domainEvents.publish('shipment.changed', {
        kind: 'received',
        organisationId: found.organisationId,
        eventId: found.eventId,
        sponsorEmail: found.sponsorEmail,
      });
      return toWire([(await repo.find(shipmentId))!])[0]!;
    },

    /**
     * PUT /venue/{token}/shipments/{id}/photo: the photo of a received parcel, checked and re-encoded
     * like a logo (the bytes decide the type, at most 2 MB and 4096 px a side, stored as a WebP without
     * metadata); once per shipment: the blob's key names its content, the row takes the first.
     */
    async addPhoto(token: string, shipmentId: number, bytes: Buffer): Promise<ShipmentWire> {
      const link = await venueEvent(token);
      const found = await repo.find(shipmentId);
      if (!found || found.eventId !== link.eventId) throw notFound();
      if (!found.receivedAt) throw fail('shipment.not-received', 'Mark the shipment received first');
      if (found.photoKey) throw fail('shipment.photo-exists', 'This shipment has a photo already');
      let image;
      try {
        image = await reencodeLogo(bytes);
      } catch (error) {
        if (error instanceof AppError) throw fail('shipment.photo-invalid', error.message);
        throw error;
      }
      const key = `shipment-photos/${found.id}/${image.hash}.webp`;
      await deps.store.put(key, image.bytes, 'image/webp');
      if (!(await repo.setPhoto(shipmentId, link.eventId, key))) {
        throw fail('shipment.photo-exists', 'This shipment has a photo already');
      }
      return toWire([(await repo.find(shipmentId))!])[0]!;
    },

    /** GET /venue/{token}/shipments/{id}/photo */
    async venuePhoto(token: string, shipmentId: number) {
      const link = await venueEvent(token);
      const found = await repo.find(shipmentId);
      if (!found || found.eventId !== link.eventId) throw notFound();
      return photoOf(found);
    },

    /** GET /sponsorships/{id}/shipments/{shipmentId}/photo: both parties. */
    async sponsorshipPhoto(caller: SponsorshipCaller, sponsorshipId: number, shipmentId: number) {
      await sponsorships.visible(caller, sponsorshipId);
      const found = await repo.find(shipmentId);
      if (!found || found.sponsorshipId !== sponsorshipId) throw notFound();
      return photoOf(found);
    },
  };

  async function photoOf(found: ShipmentRecord) {
    const blob = found.photoKey ? await deps.store.read(found.photoKey) : null;
    if (!blob) throw fail('shipment.no-photo', 'This shipment has no photo');
    return blob;
  }
}

export type ShipmentsService = ReturnType<typeof createShipmentsService>;
