// Team and sponsor invitations and the team list (spec sections 3, 7, 8), snake_case on the wire.
import { z } from 'zod';
import { ZRole, ZOrganisationRole } from './profiles.ts';

/** The simple pattern of spec section 5: text, at, text, dot, text. */
export const INVITE_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const ZInviteEmail = z.string().trim().max(320).regex(INVITE_EMAIL_PATTERN, 'invalid_email');

export const INVITATION_KINDS = ['team', 'sponsor'] as const;
export const ZInvitationKind = z.enum(INVITATION_KINDS);

/** POST /invitations: organisation and role are always the inviter's own, whatever the body says. */
export const ZCreateInvitationRequest = z.object({
  email: ZInviteEmail,
  organisation_id: z.number().int().optional(),
  role: ZRole.optional(),
});
export type CreateInvitationRequest = z.input<typeof ZCreateInvitationRequest>;

export const ZInvitation = z.object({
  organisation_id: z.number().int(),
  email: z.string(),
  role: ZRole,
  /** The raw token: returned only to the inviter, once, so the link can be shared or copied. */
  token: z.string(),
  /** The link to share: /invite/?token=..&email=.. */
  url: z.string(),
  expires_at: z.string(),
});
export type InvitationWire = z.infer<typeof ZInvitation>;
/** @alias (another name for the same contract) */
export const ZCreateInvitationResponse = ZInvitation;

/** A team invitation's state on the team page (issue 21, point 5). */
export const TEAM_INVITATION_STATES = ['pending', 'accepted', 'expired', 'revoked'] as const;
export const ZTeamInvitationState = z.enum(TEAM_INVITATION_STATES);
export type TeamInvitationState = z.infer<typeof ZTeamInvitationState>;

/** GET /organisation/{organisationId}/team-invitations: newest first, without tokens (only hashes are stored). */
export const ZTeamInvitation = z.object({
  id: z.number().int(),
  email: z.string(),
  role: ZRole,
  state: ZTeamInvitationState,
  created_at: z.string(),
  expires_at: z.string(),
  accepted_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type TeamInvitationWire = z.infer<typeof ZTeamInvitation>;
export const ZListTeamInvitationsResponse = z.array(ZTeamInvitation);

/**
 * POST /team-invitations/{id}/resend (mails it) and /link (for copying): a new link with a new
 * expiry; the invitation's earlier link stops working. A revoked invitation becomes pending again.
 */
export const ZRenewTeamInvitationResponse = ZInvitation.extend({ id: z.number().int() });

/** GET /invitations/{token} (no authentication): nothing private. */
export const ZInvitationLookupResponse = z.object({
  organisation_name: z.string(),
  kind: ZInvitationKind,
  email: z.string(),
  event_id: z.number().int().nullable(),
  event_title: z.string().nullable(),
  /** A sponsor invitation's sponsorship (GET /sponsorships/{id} with the link as guest access). */
  sponsorship_id: z.number().int().nullable(),
  expires_at: z.string(),
});
export type InvitationLookupResponse = z.infer<typeof ZInvitationLookupResponse>;

/** POST /invitations/accept/{token} */
export const ZAcceptInvitationRequest = z.object({
  token: z.string().min(1).max(200),
  cognitoId: z.string().min(1).max(64),
  email: z.string().trim().max(320),
});

export const ZTeamMember = z.object({
  email: z.string(),
  cognito_id: z.string(),
  organisation_role: ZOrganisationRole,
  role: ZRole.nullable(),
});
export type TeamMemberWire = z.infer<typeof ZTeamMember>;
/** GET /users/{organisationId} */
export const ZListTeamMembersResponse = z.array(ZTeamMember);

/** POST /sponsor-invitation */
export const ZCreateSponsorInvitationRequest = z.object({
  email: ZInviteEmail,
  event_id: z.number().int().positive().max(2_147_483_647),
  /** Agreed or proposed amount in euro cents (optional until agreed). */
  amount_cents: z.number().int().min(0).max(100_000_000_00).optional(),
  /** Packages of the event to offer (replacing an earlier offer when the sponsor is invited again). */
  package_ids: z.array(z.number().int().min(1).max(2_147_483_647)).max(20).optional(),
});
export type CreateSponsorInvitationRequest = z.input<typeof ZCreateSponsorInvitationRequest>;
export const ZCreateSponsorInvitationResponse = z.object({ sponsorId: z.number().int(), url: z.string() });

/** POST /sponsorships/{id}/invitation: the invitation mailed again as a reminder, with a new link. */
export const ZRemindSponsorResponse = z.object({ sent_at: z.string() });
export type RemindSponsorResponse = z.infer<typeof ZRemindSponsorResponse>;
