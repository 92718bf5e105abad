// Invitation rules (spec sections 6 and 7): organisers invite into their own organisation with their
// own role, whatever the request says; a link is bound to the invited address, single use and
// expires; sponsor invitations open a sponsorship of the organiser's event and double as the
// sponsor's guest access for SPONSOR_ACCESS_DAYS.
import type {
  CreateInvitationRequest,
  CreateSponsorInvitationRequest,
  InvitationLookupResponse,
  InvitationWire,
  Language,
  UserProfileWire,
} from '@sp/shared';
import type { Db } from '../../db/index.ts';
import { AppError, fail } from '../../lib/errors.ts';
import type { MailPort } from '../../ports/mail/index.ts';
import { renderInvitationMail, type InvitationMailTemplate } from '../../ports/mail/templates.ts';
import type { PackagesApi } from '../packages/index.ts';
import type { EventAccess } from '../access/index.ts';
import type { SponsorshipActivity } from '../domain-events.ts';
import { normaliseEmail } from '../../lib/email.ts';
import { toProfileWire, type Profile } from '../profiles/index.ts';
import { tokenInvalid, type InvitationRecord, type InvitationsRepository } from './repository.ts';
import { hashInvitationToken, looksLikeInvitationToken, newInvitationToken } from '../access/index.ts';

export type InvitationCaller = { sub: string; email: string };

const DAY_MS = 24 * 60 * 60 * 1000;
/** A sponsor's invitation is sent again at most once in this time. */
export const REMIND_AFTER_MS = 60 * 60 * 1000;
/** The same invitation again within this is a repetition (double click, retry), not a new invitation. */
export const REPEAT_WITHIN_MS = 10 * 1000;
const sponsorshipNotFound = () => fail('sponsorship.not-found', 'Sponsorship not found');

const linkInvalid = () => fail('invitation.link-invalid', 'Invitation link invalid or expired.');

/** English when the inviter's profile or the request asks for it, else the configured default. */
export function mailLanguage(
  profileLanguage: string | null | undefined,
  acceptLanguage: string | undefined,
  fallback: Language,
): Language {
  if (profileLanguage === 'en') return 'en';
  if (acceptLanguage && /^\s*en\b/i.test(acceptLanguage)) return 'en';
  return fallback;
}

export function createInvitationsService(deps: {
  repo: InvitationsRepository;
  profiles: { findByCognitoId(cognitoId: string): Promise<Profile | undefined> };
  access: EventAccess;
  /** The packages module's check of the packages to offer, answering its write for the transaction. */
  packages?: { prepareOffer: PackagesApi['prepareOffer'] };
  mail: MailPort;
  publicUrl: string;
  teamTtlDays: number;
  sponsorAccessDays: number;
  defaultLanguage: Language;
  clock?: () => Date;
  /** Writes the chat's notification of a new sponsorship (see app.ts). */
  notifySponsorship?: (activity: SponsorshipActivity) => Promise<void>;
  /** Told after a team invitation is accepted (the inviter's alert, see app.ts); must not throw. */
  onTeamInvitationAccepted?: (invitation: InvitationRecord, caller: InvitationCaller) => Promise<void>;
}) {
  const { repo, profiles, access } = deps;
  const now = deps.clock ?? (() => new Date());

  const linkTo = (page: 'invite' | 'invite-sponsor', token: string, email: string) =>
    `${deps.publicUrl}/${page}/?${new URLSearchParams({ token, email }).toString()}`;

  const sendMail = async (to: string, template: InvitationMailTemplate, language: Language) => {
    await deps.mail.send(renderInvitationMail(to, template, language));
  };

  /** A usable invitation (unknown, used and expired all look the same), or undefined. */
  const usable = async (token: string): Promise<InvitationRecord | undefined> => {
    if (!looksLikeInvitationToken(token)) return undefined;
    const invitation = await repo.findByTokenHash(hashInvitationToken(token));
    if (!invitation || invitation.acceptedAt !== null || invitation.expiresAt <= now()) return undefined;
    return invitation;
  };

  /** A revoked link says so (issue 21, point 5) rather than looking unknown. */
  const refuseRevoked = async (token: string): Promise<void> => {
    if (!looksLikeInvitationToken(token)) return;
    const invitation = await repo.findByTokenHash(hashInvitationToken(token));
    if (invitation?.revokedAt != null && invitation.acceptedAt === null) {
      throw fail('invitation.revoked', 'This invitation was revoked');
    }
  };

  return {
    /** POST /invitations */
    async createTeamInvitation(
      caller: InvitationCaller,
      body: CreateInvitationRequest,
      acceptLanguage: string | undefined,
    ): Promise<InvitationWire> {
      const organisationId = await access.organiserOrganisation(caller);
      const inviter = await profiles.findByCognitoId(caller.sub);
      if (!inviter?.role || !inviter.organisation) throw fail('profile.onboarding-required', 'Finish onboarding first');
      const email = body.email.trim();
      const emailNormalized = normaliseEmail(email);
      if (await repo.isMember(organisationId, emailNormalized))
        throw fail('team.already-member', 'Already a member of this organisation');

      const token = newInvitationToken();
      const createdAt = now();
      const expiresAt = new Date(createdAt.getTime() + deps.teamTtlDays * DAY_MS);
      await repo.replaceTeamInvitation(
        {
          tokenHash: hashInvitationToken(token),
          organisationId,
          email,
          emailNormalized,
          role: inviter.role,
          invitedBy: caller.sub,
          createdAt,
          expiresAt,
        },
        new Date(createdAt.getTime() - REPEAT_WITHIN_MS),
      );
      const url = linkTo('invite', token, email);
      await sendMail(
        email,
        { kind: 'team-invitation', organisationName: inviter.organisation.name, url, expiresAt },
        mailLanguage(inviter.language, acceptLanguage, deps.defaultLanguage),
      );
      return {
        organisation_id: organisationId,
        email,
        role: inviter.role,
        token,
        url,
        expires_at: expiresAt.toISOString(),
      };
    },

    /** GET /invitations/{token}: what the invite pages show, nothing private. */
    async lookup(token: string): Promise<InvitationLookupResponse> {
      const invitation = await usable(token);
      if (!invitation || invitation.revokedAt !== null) {
        await refuseRevoked(token);
        throw linkInvalid();
      }
      return {
        organisation_name: invitation.organisationName,
        kind: invitation.kind,
        email: invitation.email,
        event_id: invitation.eventId,
        event_title: invitation.eventTitle,
        sponsorship_id: invitation.sponsorshipId,
        expires_at: invitation.expiresAt.toISOString(),
      };
    },

    /** POST /invitations/accept/{token}: only by the user the invitation names, once, before it expires. */
    async accept(
      caller: InvitationCaller,
      token: string,
      body: { token: string; cognitoId: string; email: string },
    ): Promise<UserProfileWire> {
      if (body.token !== token) throw fail('invitation.token-mismatch', 'The token in the path and the body differ');
      if (body.cognitoId !== caller.sub)
        throw fail('invitation.not-yours', 'You can only accept an invitation for yourself');
      if (!looksLikeInvitationToken(token)) throw tokenInvalid();
      const invitation = await repo.findByTokenHash(hashInvitationToken(token));
      if (invitation?.revokedAt != null && invitation.acceptedAt === null) {
        throw fail('invitation.revoked', 'This invitation was revoked');
      }
      if (!invitation || invitation.acceptedAt !== null || invitation.expiresAt <= now()) throw tokenInvalid();
      const callerEmail = normaliseEmail(caller.email);
      if (callerEmail !== invitation.emailNormalized || normaliseEmail(body.email) !== callerEmail) {
        throw fail('invitation.other-address', 'This invitation is for another e-mail address');
      }
      if (invitation.kind === 'team') {
        await repo.acceptTeamInvitation(invitation, caller, now());
        await deps.onTeamInvitationAccepted?.(invitation, caller);
      } else {
        await repo.acceptSponsorInvitation(invitation, caller.sub, now());
      }
      return toProfileWire(await profiles.findByCognitoId(caller.sub), caller);
    },

    /** POST /sponsor-invitation */
    async inviteSponsor(
      caller: InvitationCaller,
      body: CreateSponsorInvitationRequest,
      acceptLanguage: string | undefined,
    ): Promise<{ sponsorId: number; url: string }> {
      const event = await access.organiserEvent(caller, body.event_id);
      const inviter = await profiles.findByCognitoId(caller.sub);
      const offer = (await deps.packages?.prepareOffer(event, body.package_ids, caller.email)) ?? null;
      const email = body.email.trim();
      const token = newInvitationToken();
      const createdAt = now();
      const expiresAt = new Date(createdAt.getTime() + deps.sponsorAccessDays * DAY_MS);
      const { sponsorshipId } = await repo.inviteSponsor(
        {
          tokenHash: hashInvitationToken(token),
          organisationId: event.organisationId,
          email,
          emailNormalized: normaliseEmail(email),
          role: 'sponsor',
          invitedBy: caller.sub,
          createdAt,
          expiresAt,
          eventId: event.id,
          amountCents: body.amount_cents,
        },
        offer,
        new Date(createdAt.getTime() - REPEAT_WITHIN_MS),
      );
      await deps.notifySponsorship?.({
        organisationId: event.organisationId,
        sponsorEmail: email,
        kind: 'invitation_sent',
        params: { event: event.title },
      });
      const url = linkTo('invite-sponsor', token, email);
      await sendMail(
        email,
        {
          kind: 'sponsor-invitation',
          organisationName: inviter?.organisation?.name ?? '',
          eventTitle: event.title,
          url,
          expiresAt,
        },
        mailLanguage(inviter?.language, acceptLanguage, deps.defaultLanguage),
      );
      return { sponsorId: sponsorshipId, url };
    },

    /**
     * For the renewals module: a sponsor invited into the next edition with the packages offered and
     * another module's write in the inviting transaction; the renewals module writes the mail itself.
     */
    async inviteForRenewal(input: {
      event: { id: number; organisationId: number };
      invitedBy: string;
      email: string;
      packageIds: number[];
      actor: string;
      alsoWrite: (trx: Db, sponsorshipId: number) => Promise<void>;
    }): Promise<{ sponsorshipId: number; url: string; expiresAt: Date }> {
      const offer = await deps.packages?.prepareOffer(input.event, input.packageIds, input.actor);
      const token = newInvitationToken();
      const createdAt = now();
      const expiresAt = new Date(createdAt.getTime() + deps.sponsorAccessDays * DAY_MS);
      const { sponsorshipId } = await repo.inviteSponsor(
        {
          tokenHash: hashInvitationToken(token),
          organisationId: input.event.organisationId,
          email: input.email,
          emailNormalized: normaliseEmail(input.email),
          role: 'sponsor',
          invitedBy: input.invitedBy,
          createdAt,
          expiresAt,
          eventId: input.event.id,
          amountCents: undefined,
        },
        async (trx, id) => {
          if (offer) await offer(trx, id);
          await input.alsoWrite(trx, id);
        },
        new Date(createdAt.getTime() - REPEAT_WITHIN_MS),
      );
      return { sponsorshipId, url: linkTo('invite-sponsor', token, input.email), expiresAt };
    },

    /**
     * POST /sponsorships/{id}/invitation: the invitation mailed again, as a reminder, with a new link
     * (the earlier stops working; offer and amount stay). Only while the sponsor has not signed, and
     * not twice within REMIND_AFTER_MS, so that a busy organiser cannot flood a sponsor's inbox.
     */
    async remindSponsor(
      caller: InvitationCaller,
      sponsorshipId: number,
      acceptLanguage: string | undefined,
    ): Promise<{ sent_at: string }> {
      const sponsorship = await repo.sponsorshipToRemind(sponsorshipId);
      if (!sponsorship) throw sponsorshipNotFound();
      const event = await access.organiserEvent(caller, sponsorship.eventId).catch((error: unknown) => {
        throw error instanceof AppError && error.statusCode === 404 ? sponsorshipNotFound() : error;
      });
      if (sponsorship.status !== 'invited' && sponsorship.status !== 'downloaded') {
        throw fail('invitation.not-needed', 'The sponsor has already answered; no invitation is needed');
      }
      const sentAt = now();
      if (sponsorship.lastSent && sentAt.getTime() - sponsorship.lastSent.getTime() < REMIND_AFTER_MS) {
        throw fail('invitation.sent-recently', 'The invitation was sent less than an hour ago');
      }
      const inviter = await profiles.findByCognitoId(caller.sub);
      const token = newInvitationToken();
      const expiresAt = new Date(sentAt.getTime() + deps.sponsorAccessDays * DAY_MS);
      await repo.replaceSponsorInvitation(sponsorship.id, {
        tokenHash: hashInvitationToken(token),
        organisationId: event.organisationId,
        email: sponsorship.email,
        emailNormalized: sponsorship.emailNormalized,
        role: 'sponsor',
        invitedBy: caller.sub,
        createdAt: sentAt,
        expiresAt,
        eventId: event.id,
      });
      await sendMail(
        sponsorship.email,
        {
          kind: 'sponsor-invitation',
          organisationName: inviter?.organisation?.name ?? '',
          eventTitle: event.title,
          url: linkTo('invite-sponsor', token, sponsorship.email),
          expiresAt,
          reminder: true,
        },
        mailLanguage(inviter?.language, acceptLanguage, deps.defaultLanguage),
      );
      return { sent_at: sentAt.toISOString() };
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;

/**
 * What the chat needs of sponsor invitation links (see app.ts): who a guest's token belongs to, and a
 * fresh link for the chat's e-mail notice to a sponsor without an account.
 */
export function createSponsorGuestLinks(deps: {
  repo: InvitationsRepository;
  sponsorAccessDays: number;
  clock?: () => Date;
}) {
  const now = deps.clock ?? (() => new Date());
  return {
    async findSponsorInvitation(token: string) {
      if (!looksLikeInvitationToken(token)) return null;
      const invitation = await deps.repo.findByTokenHash(hashInvitationToken(token));
      if (!invitation || invitation.kind !== 'sponsor' || invitation.expiresAt <= now()) return null;
      return { organisationId: invitation.organisationId, emailNormalized: invitation.emailNormalized };
    },
    async mintGuestToken(organisationId: number, emailNormalized: string, sponsorshipId?: number) {
      const token = newInvitationToken();
      const createdAt = now();
      const added = await deps.repo.addSponsorGuestInvitation({
        tokenHash: hashInvitationToken(token),
        organisationId,
        emailNormalized,
        createdAt,
        expiresAt: new Date(createdAt.getTime() + deps.sponsorAccessDays * DAY_MS),
        sponsorshipId,
      });
      return added ? token : null;
    },
  };
}
