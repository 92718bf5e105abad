// Shipments (issue 59 point 6, decision 082): parcels a sponsor announces for their event (carrier,
// tracking number or link, count, expected date), and the venue's own token link through which it
// marks them received. The venue link shows only its event's shipments.
import { z } from 'zod';

export const SHIPMENT_LIMITS = { carrier: 100, tracking: 500, parcels: 99, note: 500, receivedBy: 100 } as const;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');

export const ZAnnounceShipmentRequest = z.object({
  carrier: z.string().trim().min(1).max(SHIPMENT_LIMITS.carrier),
  tracking: z.string().trim().min(1).max(SHIPMENT_LIMITS.tracking),
  parcel_count: z.number().int().min(1).max(SHIPMENT_LIMITS.parcels),
  expected_date: day.nullable(),
});
export type AnnounceShipmentRequest = z.infer<typeof ZAnnounceShipmentRequest>;

export const ZShipment = z.object({
  id: z.number().int(),
  sponsorship_id: z.number().int(),
  event_id: z.number().int(),
  /** The sponsor's company name where known, else their address (for the venue and the organiser). */
  sponsor: z.string(),
  carrier: z.string(),
  tracking: z.string(),
  parcel_count: z.number().int(),
  expected_date: z.string().nullable(),
  announced_at: z.string(),
  received_at: z.string().nullable(),
  received_note: z.string().nullable(),
  /** The name the venue's staff gave when marking it received, null when none. */
  received_by: z.string().nullable(),
  /** Whether the venue added a photo (read it from the photo route of the caller's side). */
  has_photo: z.boolean(),
  overdue: z.boolean(),
});
export type ShipmentWire = z.infer<typeof ZShipment>;

export const ZListShipmentsResponse = z.object({ shipments: z.array(ZShipment) });
export type ListShipmentsResponse = z.infer<typeof ZListShipmentsResponse>;

export const ZMarkShipmentReceivedRequest = z.object({
  note: z.string().trim().max(SHIPMENT_LIMITS.note).nullable().optional(),
  received_by: z.string().trim().max(SHIPMENT_LIMITS.receivedBy).nullable().optional(),
});
export type MarkShipmentReceivedRequest = z.infer<typeof ZMarkShipmentReceivedRequest>;

/** The organiser's view of the event's venue link: whether one is live (the token is shown once, on creation). */
export const ZVenueLinkStatus = z.object({
  active: z.boolean(),
  created_at: z.string().nullable(),
});
export type VenueLinkStatus = z.infer<typeof ZVenueLinkStatus>;

export const ZCreatedVenueLink = z.object({ token: z.string(), url: z.string(), created_at: z.string() });
export type CreatedVenueLink = z.infer<typeof ZCreatedVenueLink>;

/** What the venue sees: the event's title and date and its shipments. */
export const ZVenueShipmentsResponse = z.object({
  event_title: z.string(),
  event_date: z.string(),
  shipments: z.array(ZShipment),
});
export type VenueShipmentsResponse = z.infer<typeof ZVenueShipmentsResponse>;
