// What invited sponsors may see of an event (its files): answered from sponsorships and sponsor
// invitations, and handed to the events module's access rules (see app.ts).
import type { SponsorAccess } from '../events/index.ts';
import { normaliseEmail } from '../../lib/email.ts';
import type { InvitationsRepository } from './repository.ts';
import { hashInvitationToken, looksLikeInvitationToken } from './tokens.ts';

export function createSponsorAccess(repo: InvitationsRepository, clock: () => Date = () => new Date()): SponsorAccess {
  return {
    isSponsorOfEvent: (email, eventId) => repo.isSponsorOfEvent(normaliseEmail(email), eventId),
    async hasGuestAccess(guest, eventId) {
      if (!looksLikeInvitationToken(guest.token)) return false;
      return repo.hasSponsorGuestAccess(
        hashInvitationToken(guest.token),
        normaliseEmail(guest.email),
        eventId,
        clock(),
      );
    },
    isSponsorOfSponsorship: (email, sponsorshipId) => repo.isSponsorOfSponsorship(normaliseEmail(email), sponsorshipId),
    async guestSponsorshipId(guest) {
      if (!looksLikeInvitationToken(guest.token)) return null;
      return repo.guestSponsorshipId(hashInvitationToken(guest.token), normaliseEmail(guest.email), clock());
    },
  };
}
