// The event of spec section 3 as the screens use it: the wire's snake_case mapped to camelCase once, here.
import type { EventFile, EventWire } from '@sp/shared';

export type OrganiserEvent = {
  id: number;
  organisationId: number;
  title: string;
  /** Calendar date, YYYY-MM-DD. */
  eventDate: string;
  location: string;
  description: string;
  createdAt: string;
  files: EventFile[];
  sponsorAmount: number;
  /** The figures of docs/glossary.md, as the API computes them. */
  committedCents: number;
  inNegotiationCents: number;
  openSponsorships: number;
  /** ISO time it was archived, or null while in use. */
  archivedAt: string | null;
};

export function toOrganiserEvent(wire: EventWire): OrganiserEvent {
  return {
    id: wire.id,
    organisationId: wire.organisation_id,
    title: wire.title,
    eventDate: wire.event_date,
    location: wire.location,
    description: wire.description,
    createdAt: wire.created_at,
    files: wire.files,
    sponsorAmount: wire.sponsor_amount,
    committedCents: wire.committed_cents,
    inNegotiationCents: wire.in_negotiation_cents,
    openSponsorships: wire.open_sponsorships,
    archivedAt: wire.archived_at,
  };
}
