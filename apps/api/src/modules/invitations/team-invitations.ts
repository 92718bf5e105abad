// The team page's invitations (issue 21, point 5): the organisation's organisers (who may send
// them) list them with state and expiry, resend or copy a link at any time, and revoke them. Only
// token hashes are stored, so a link can never be shown again: resending and copying issue a new
// token and expiry, and the earlier link stops working (decision 022). An invitation of another
// organisation is reported as not found.
import type { InvitationWire, Language, TeamInvitationWire } from '@sp/shared';
import { fail } from '../../lib/errors.ts';
import type { MailPort } from '../../ports/mail/index.ts';
import { renderInvitationMail } from '../../ports/mail/templates.ts';
import type { EventAccess } from '../access/index.ts';
import type { Profile } from '../profiles/index.ts';
import { mailLanguage } from './service.ts';
import { stateOf, type TeamInvitationRecord, type TeamInvitationsRepository } from './team-invitations-repository.ts';
import { hashInvitationToken, newInvitationToken } from '../access/index.ts';

type Caller = { sub: string; email: string };

const DAY_MS = 24 * 60 * 60 * 1000;

const notFound = () => fail('invitation.not-found', 'Invitation not found');
const alreadyAccepted = () => fail('invitation.already-accepted', 'This invitation has already been accepted');

export function createTeamInvitations(deps: {
  repo: TeamInvitationsRepository;
  access: EventAccess;
  profiles: { findByCognitoId(cognitoId: string): Promise<Profile | undefined> };
  mail: MailPort;
  publicUrl: string;
  teamTtlDays: number;
  defaultLanguage: Language;
  clock?: () => Date;
}) {
  const { repo, access } = deps;
  const now = deps.clock ?? (() => new Date());

  const toWire = (invitation: TeamInvitationRecord, at: Date): TeamInvitationWire => ({
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    state: stateOf(invitation, at),
    created_at: invitation.createdAt.toISOString(),
    expires_at: invitation.expiresAt.toISOString(),
    accepted_at: invitation.acceptedAt?.toISOString() ?? null,
    revoked_at: invitation.revokedAt?.toISOString() ?? null,
  });

  /** The invitation, when it is a team invitation of the caller's organisation and the caller organises it. */
  const ownInvitation = async (caller: Caller, id: number): Promise<TeamInvitationRecord> => {
    const organisationId = await access.organiserOrganisation(caller);
    const invitation = await repo.find(id);
    if (!invitation || invitation.organisationId !== organisationId) throw notFound();
    return invitation;
  };

  const renew = async (
    caller: Caller,
    id: number,
    acceptLanguage: string | undefined,
    mailIt: boolean,
  ): Promise<InvitationWire & { id: number }> => {
    const invitation = await ownInvitation(caller, id);
    if (invitation.acceptedAt !== null) throw alreadyAccepted();
    const token = newInvitationToken();
    const createdAt = now();
    const expiresAt = new Date(createdAt.getTime() + deps.teamTtlDays * DAY_MS);
    if (!(await repo.renew(invitation.id, hashInvitationToken(token), createdAt, expiresAt))) throw alreadyAccepted();
    const url = `${deps.publicUrl}/invite/?${new URLSearchParams({ token, email: invitation.email }).toString()}`;
    if (mailIt) {
      const inviter = await deps.profiles.findByCognitoId(caller.sub);
      await deps.mail.send(
        renderInvitationMail(
          invitation.email,
          { kind: 'team-invitation', organisationName: inviter?.organisation?.name ?? '', url, expiresAt },
          mailLanguage(inviter?.language, acceptLanguage, deps.defaultLanguage),
        ),
      );
    }
    return {
      id: invitation.id,
      organisation_id: invitation.organisationId,
      email: invitation.email,
      role: invitation.role,
      token,
      url,
      expires_at: expiresAt.toISOString(),
    };
  };

  return {
    /** GET /organisation/{organisationId}/team-invitations */
    async list(caller: Caller, organisationId: number): Promise<TeamInvitationWire[]> {
      await access.assertOrganiserOf(caller, organisationId);
      const at = now();
      return (await repo.list(organisationId)).map((invitation) => toWire(invitation, at));
    },

    /** POST /team-invitations/{id}/resend: a new link, mailed. */
    resend: (caller: Caller, id: number, acceptLanguage: string | undefined) => renew(caller, id, acceptLanguage, true),

    /** POST /team-invitations/{id}/link: a new link to copy, not mailed. */
    link: (caller: Caller, id: number) => renew(caller, id, undefined, false),

    /** DELETE /team-invitations/{id}: the link then says it was revoked. */
    async revoke(caller: Caller, id: number): Promise<TeamInvitationWire> {
      const invitation = await ownInvitation(caller, id);
      if (invitation.acceptedAt !== null || !(await repo.revoke(invitation.id, now()))) throw alreadyAccepted();
      return toWire((await repo.find(invitation.id)) ?? invitation, now());
    },
  };
}

export type TeamInvitations = ReturnType<typeof createTeamInvitations>;
