// Sign-up with an invitation link instead of an invitation code: ClientMetadata.invitationToken must
// name a usable invitation (unexpired, not accepted) for the very address signing up. The invitation
// is not used up here; accepting it after sign-in does that.
import type { SignUpGate } from '../../identity/index.ts';
import { normaliseEmail } from '../../lib/email.ts';
import { createInvitationsRepository, READ_ONLY } from './repository.ts';
import { hashInvitationToken, looksLikeInvitationToken } from '../access/index.ts';

export const invitationTokenGate: SignUpGate = {
  async allowsSignUp({ email, metadata, now }, trx) {
    const token = metadata.invitationToken?.trim();
    if (!token || !looksLikeInvitationToken(token)) return false;
    const invitation = await createInvitationsRepository(trx, READ_ONLY).findByTokenHash(
      hashInvitationToken(token),
      trx,
    );
    return (
      invitation !== undefined &&
      invitation.acceptedAt === null &&
      invitation.revokedAt === null &&
      invitation.expiresAt > now &&
      invitation.emailNormalized === normaliseEmail(email)
    );
  },
};
