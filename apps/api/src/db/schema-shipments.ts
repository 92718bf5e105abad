// Table types of the shipments module (migration 0039), beside schema.ts to keep each file short.
import type { Generated } from 'kysely';
import type { DbTime } from './schema.ts';

export type ShipmentsTable = {
  id: Generated<number>;
  sponsorship_id: number;
  organisation_id: number;
  event_id: number;
  carrier: string;
  /** A tracking number or a carrier's tracking link. */
  tracking: string;
  parcel_count: number;
  /** YYYY-MM-DD, or null when the sponsor does not know. */
  expected_date: string | null;
  announced_by: string;
  announced_at: DbTime;
  received_at: DbTime | null;
  received_note: string | null;
  /** The blob of the venue's photo of the received parcel (a re-encoded WebP), null without one. */
  photo_key: string | null;
  /** The name the venue's staff gave when marking it received (0042), null when none. */
  received_by: string | null;
};

export type VenueLinksTable = {
  id: Generated<number>;
  organisation_id: number;
  event_id: number;
  /** SHA-256 (hex) of the link's token; the token itself is shown once. */
  token_hash: string;
  created_by: string;
  created_at: DbTime;
  revoked_at: DbTime | null;
};

export type ShipmentTables = { shipments: ShipmentsTable; venue_links: VenueLinksTable };
