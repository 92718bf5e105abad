// Who may do what with events and their files. Organisers (role veranstalter or beides) of an
// organisation manage its events; anyone else is refused, and an event of another organisation is
// reported as not found so its existence does not leak.
import type { Role } from '@sp/shared';
import { fail } from '../../lib/errors.ts';
import type { AccessRepository, EventRecord, Membership } from './repository.ts';

export type Caller = { sub: string };

/** A guest presenting a sponsor invitation link as `Authorization: <token>:<email>`. */
export type SponsorGuest = { token: string; email: string };

/** What invited sponsors and guest links may reach (sponsor-access.ts). */
export type SponsorAccess = {
  /** The signed-in user's address is the sponsor address of a sponsorship of the event. */
  isSponsorOfEvent(email: string, eventId: number): Promise<boolean>;
  /** The guest's token is an unexpired sponsor invitation for the event, for that address. */
  hasGuestAccess(guest: SponsorGuest, eventId: number): Promise<boolean>;
  /** The signed-in user's address is the sponsor address of that sponsorship. */
  isSponsorOfSponsorship(email: string, sponsorshipId: number): Promise<boolean>;
  /** The sponsorship an unexpired guest link (token and its own address) gives access to. */
  guestSponsorshipId(guest: SponsorGuest): Promise<number | null>;
};

/** A file as the download rules see it; a sponsor's signed agreement names its sponsorship. */
type FileOfEvent = { organisationId: number; eventId: number; sponsorshipId: number | null };

const ORGANISER_ROLES: readonly Role[] = ['veranstalter', 'beides'];

/** The organisation a member may manage events of; 403 for anyone else. */
function organisationManagedBy(membership: Membership | undefined): number {
  if (!membership?.onboardingCompleted || membership.organisationId === null) {
    throw fail('profile.onboarding-required', 'Finish onboarding first');
  }
  if (!membership.role || !ORGANISER_ROLES.includes(membership.role)) {
    throw fail('event.organisers-only', 'Only organisers manage events');
  }
  return membership.organisationId;
}

export function createEventAccess(repo: AccessRepository, options: { sponsors?: SponsorAccess } = {}) {
  /** The caller's organisation, when the caller may manage its events. */
  const organiserOrganisation = async (caller: Caller): Promise<number> =>
    organisationManagedBy(await repo.findMembership(caller.sub));

  const assertOrganiserOf = async (caller: Caller, organisationId: number): Promise<void> => {
    if ((await organiserOrganisation(caller)) !== organisationId)
      throw fail('organisation.not-yours', 'Not your organisation');
  };

  return {
    organiserOrganisation,
    assertOrganiserOf,

    /** Whether the caller owns that organisation (the owner-only reads, such as the operator log). */
    isOwnerOf: (caller: Caller, organisationId: number): Promise<boolean> => repo.isOwnerOf(caller.sub, organisationId),

    /** An event the caller may read and change; 404 for an event of another organisation. */
    async organiserEvent(caller: Caller, eventId: number): Promise<EventRecord> {
      const organisationId = await organiserOrganisation(caller);
      const event = await repo.findEvent(eventId);
      if (!event || event.organisationId !== organisationId) throw fail('event.not-found', 'Event not found');
      return event;
    },

    /**
     * Whether the event is archived (hidden from lists and the sponsor wall until unarchived); false
     * for an unknown event. For other modules' public lists (the sponsor wall).
     */
    async isArchived(eventId: number): Promise<boolean> {
      return (await repo.findEvent(eventId))?.archivedAt != null;
    },

    /** An event's title, date and place for another module's document (an agreement); undefined when unknown. */
    findEvent: (eventId: number): Promise<EventRecord | undefined> => repo.findEvent(eventId),

    /** For uploads: the event must already exist in that organisation (a new event is saved first). */
    async assertEventOf(organisationId: number, eventId: number): Promise<void> {
      if (eventId < 0) throw fail('event.not-saved', 'Save the event first, then upload its file');
      const event = await repo.findEvent(eventId);
      if (!event || event.organisationId !== organisationId) throw fail('event.not-found', 'Event not found');
    },

    /**
     * Who may download an event's file: every member of the event's organisation, whatever their role,
     * and a signed-in user whose address a sponsorship of that event names. A signed agreement only
     * the organisation's members and that sponsorship's sponsor.
     */
    async mayDownloadEventFile(caller: Caller & { email?: string }, file: FileOfEvent): Promise<boolean> {
      const membership = await repo.findMembership(caller.sub);
      if (membership?.organisationId === file.organisationId) return true;
      if (caller.email === undefined || !options.sponsors) return false;
      return file.sponsorshipId !== null
        ? options.sponsors.isSponsorOfSponsorship(caller.email, file.sponsorshipId)
        : options.sponsors.isSponsorOfEvent(caller.email, file.eventId);
    },

    /** A guest may download with a valid sponsor invitation link for that event (or that sponsorship). */
    async mayGuestDownloadEventFile(guest: SponsorGuest, file: FileOfEvent): Promise<boolean> {
      if (!options.sponsors) return false;
      if (file.sponsorshipId !== null) return (await options.sponsors.guestSponsorshipId(guest)) === file.sponsorshipId;
      return options.sponsors.hasGuestAccess(guest, file.eventId);
    },
  };
}

export type EventAccess = ReturnType<typeof createEventAccess>;
