// What invited sponsors may see: answered from sponsorships and sponsor invitations (a guest link is
// the token and its own address), and handed to the event access rules for files.
import { normaliseEmail } from '../../lib/email.ts';
import type { SponsorAccess } from './event-access.ts';
import { hashInvitationToken, looksLikeInvitationToken } from './invitation-tokens.ts';
import type { AccessRepository } from './repository.ts';

export function createSponsorAccess(repo: AccessRepository, clock: () => Date = () => new Date()): SponsorAccess {
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
