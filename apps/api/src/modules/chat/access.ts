// Who is calling the chat and which side of a conversation they are on. A signed-in user is the
// organisation side of their organisation's conversations and the sponsor side of the conversations
// naming their address; a guest (sponsor invitation link) is the sponsor side of exactly one
// conversation: (the invitation's organisation, the invited address). Anything else is not found.
import type { Role } from '@sp/shared';
import { fail, unauthenticated } from '../../lib/errors.ts';
import { normaliseEmail } from '../../lib/email.ts';
import type { ConversationFacts } from './records.ts';
import type { ChatRepository, ChatSide, ConversationScope, Membership } from './repository.ts';

export type UserParticipant = {
  kind: 'user';
  sub: string;
  email: string;
  emailNormalized: string;
  organisationId: number | null;
  organisationName: string | null;
  role: Role | null;
};

export type GuestParticipant = {
  kind: 'guest';
  email: string;
  emailNormalized: string;
  organisationId: number;
};

export type Participant = UserParticipant | GuestParticipant;

/** What the invitations module answers about a guest's link (injected, see app.ts). */
export type ChatGuestLinks = {
  /** The unexpired sponsor invitation behind a raw token, or null. */
  findSponsorInvitation(token: string): Promise<{ organisationId: number; emailNormalized: string } | null>;
  /**
   * A new guest link token for the address's newest sponsorship with the organisation, or the one
   * named (the e-mail notices of a sponsor without an account); null when there is no such sponsorship.
   */
  mintGuestToken(organisationId: number, emailNormalized: string, sponsorshipId?: number): Promise<string | null>;
};

export const ORGANISER_ROLES: readonly Role[] = ['veranstalter', 'beides'];

export const scopeOf = (participant: Participant): ConversationScope =>
  participant.kind === 'guest'
    ? { kind: 'guest', organisationId: participant.organisationId, emailNormalized: participant.emailNormalized }
    : { kind: 'user', organisationId: participant.organisationId, emailNormalized: participant.emailNormalized };

/** The participant's side of the conversation, or null when it is not theirs. */
export function sideOf(
  participant: Participant,
  conversation: { organisationId: number; sponsorEmailNormalized: string },
): ChatSide | null {
  if (participant.kind === 'guest') {
    return conversation.organisationId === participant.organisationId &&
      conversation.sponsorEmailNormalized === participant.emailNormalized
      ? 'sponsor'
      : null;
  }
  if (participant.organisationId !== null && conversation.organisationId === participant.organisationId) {
    return 'organisation';
  }
  return conversation.sponsorEmailNormalized === participant.emailNormalized ? 'sponsor' : null;
}

type Caller = { sub: string; email: string };

/** The signed-in caller as a participant: the verified address of the token, and their membership. */
function userParticipant(
  caller: Caller,
  membership: Pick<Membership, 'organisationId' | 'organisationName' | 'role'> | undefined,
): UserParticipant {
  return {
    kind: 'user',
    sub: caller.sub,
    email: caller.email,
    emailNormalized: normaliseEmail(caller.email),
    organisationId: membership?.organisationId ?? null,
    organisationName: membership?.organisationName ?? null,
    role: membership?.role ?? null,
  };
}

export function createChatAccess(repo: ChatRepository, guests: ChatGuestLinks) {
  return {
    async user(caller: Caller): Promise<UserParticipant> {
      return userParticipant(caller, await repo.findMembership(caller.sub));
    },

    /**
     * user() and then conversation() in one round trip: the conversation row read with the caller's
     * membership. 404 when the conversation does not exist or is not theirs.
     */
    async userConversation(
      caller: Caller,
      conversationId: number,
    ): Promise<{ participant: UserParticipant; conversation: ConversationFacts; side: ChatSide }> {
      const found = await repo.findConversationAndMembership(caller.sub, conversationId);
      if (!found) throw fail('conversation.not-found', 'Conversation not found');
      const participant = userParticipant(caller, found.membership);
      const side = sideOf(participant, found.conversation);
      if (!side) throw fail('conversation.not-found', 'Conversation not found');
      return { participant, conversation: found.conversation, side };
    },

    /** 401 for an unknown or expired link, 403 for a valid link presented with another address. */
    async guest(credentials: { token: string; email: string }): Promise<GuestParticipant> {
      const invitation = await guests.findSponsorInvitation(credentials.token);
      if (!invitation) throw unauthenticated();
      const emailNormalized = normaliseEmail(credentials.email);
      if (emailNormalized !== invitation.emailNormalized)
        throw fail('invitation.other-address', 'This link is for another e-mail address');
      return {
        kind: 'guest',
        email: credentials.email.trim(),
        emailNormalized,
        organisationId: invitation.organisationId,
      };
    },

    /** The conversation and the participant's side of it; 404 when it is not theirs. */
    async conversation(
      participant: Participant,
      conversationId: number,
    ): Promise<{ conversation: ConversationFacts; side: ChatSide }> {
      const conversation = await repo.findConversationFacts(conversationId);
      const side = conversation ? sideOf(participant, conversation) : null;
      if (!conversation || !side) throw fail('conversation.not-found', 'Conversation not found');
      return { conversation, side };
    },
  };
}

export type ChatAccess = ReturnType<typeof createChatAccess>;
