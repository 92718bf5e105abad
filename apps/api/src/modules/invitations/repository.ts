// Invitations (team and sponsor) and the sponsorships sponsor invitations create. Accepting is one
// transaction that claims the invitation (single use, unexpired) and applies its effect.
import type { Role } from '@sp/shared';
import { heldRows } from '../../db/held-rows.ts';
import type { Db } from '../../db/index.ts';
import type { InvitationKind } from '../../db/schema.ts';
import { fromDbTime, fromDbTimeOrNull, toDbTime } from '../../db/values.ts';
import { fail } from '../../lib/errors.ts';

export type InvitationRecord = {
  id: number;
  kind: InvitationKind;
  organisationId: number;
  organisationName: string;
  email: string;
  emailNormalized: string;
  role: Role;
  eventId: number | null;
  eventTitle: string | null;
  sponsorshipId: number | null;
  expiresAt: Date;
  acceptedAt: Date | null;
  revokedAt: Date | null;
};

export type NewInvitation = {
  tokenHash: string;
  organisationId: number;
  email: string;
  emailNormalized: string;
  role: Role;
  invitedBy: string;
  createdAt: Date;
  expiresAt: Date;
};

export const tokenInvalid = () => fail('invitation.expired', 'Token invalid or expired');

/**
 * The same invitation sent again moments after the first (a double click, a retried request): it is
 * refused, so the address gets one mail whose link works, not several of which only the last does.
 */
export const justSent = () => fail('invitation.just-sent', 'This invitation was sent a moment ago');

/**
 * Holds the organisation's row for the rest of `trx`, so two team invitations of one organisation are
 * decided one after the other (PostgreSQL: select … for update; SQLite runs one transaction at a time).
 */
async function holdOrganisation(trx: Db, organisationId: number): Promise<void> {
  const query = trx.selectFrom('organisations').select('id').where('id', '=', organisationId);
  await heldRows(trx, query).execute();
}

/**
 * Writes of other modules' tables that accepting or sending an invitation makes in its own
 * transaction: the sponsorships module's sponsorship, the profiles module's membership.
 */
export type InvitationWrites = {
  upsertInvitedSponsorship(
    trx: Db,
    input: {
      eventId: number;
      organisationId: number;
      sponsorEmail: string;
      sponsorEmailNormalized: string;
      amountCents: number | undefined;
      at: Date;
    },
  ): Promise<{ id: number }>;
  linkSponsorAccount(trx: Db, sponsorshipId: number, sub: string, now: Date): Promise<void>;
  joinOrganisation(
    trx: Db,
    member: {
      sub: string;
      email: string;
      emailNormalized: string;
      role: string | null;
      organisationId: number;
      now: Date;
    },
  ): Promise<void>;
};

const readOnly = (): never => {
  throw new Error('this invitations repository only reads');
};

/** For readers (the sign-up gate): no writes of other modules' tables. */
export const READ_ONLY: InvitationWrites = {
  upsertInvitedSponsorship: readOnly,
  linkSponsorAccount: readOnly,
  joinOrganisation: readOnly,
};

/** The sponsorship's links replaced by the one of `invitation`: the earlier stop working. */
async function replaceSponsorLinks(trx: Db, sponsorshipId: number, invitation: NewInvitation & { eventId: number }) {
  await trx.deleteFrom('invitations').where('sponsorship_id', '=', sponsorshipId).execute();
  await trx
    .insertInto('invitations')
    .values({
      token_hash: invitation.tokenHash,
      kind: 'sponsor',
      organisation_id: invitation.organisationId,
      email: invitation.email,
      email_normalized: invitation.emailNormalized,
      role: invitation.role,
      event_id: invitation.eventId,
      sponsorship_id: sponsorshipId,
      invited_by: invitation.invitedBy,
      created_at: toDbTime(invitation.createdAt),
      expires_at: toDbTime(invitation.expiresAt),
    })
    .execute();
}

export function createInvitationsRepository(db: Db, writes: InvitationWrites) {
  const claim = async (trx: Db, invitationId: number, acceptedBy: string, now: Date) => {
    const claimed = await trx
      .updateTable('invitations')
      .set({ accepted_at: toDbTime(now), accepted_by: acceptedBy })
      .where('id', '=', invitationId)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', toDbTime(now))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw tokenInvalid();
  };

  return {
    async findByTokenHash(tokenHash: string, trx: Db = db): Promise<InvitationRecord | undefined> {
      const row = await trx
        .selectFrom('invitations as i')
        .innerJoin('organisations as o', 'o.id', 'i.organisation_id')
        .leftJoin('events as e', 'e.id', 'i.event_id')
        .select([
          'i.id',
          'i.kind',
          'i.organisation_id',
          'o.name as organisation_name',
          'i.email',
          'i.email_normalized',
          'i.role',
          'i.event_id',
          'e.title as event_title',
          'i.sponsorship_id',
          'i.expires_at',
          'i.accepted_at',
          'i.revoked_at',
        ])
        .where('i.token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        kind: row.kind,
        organisationId: row.organisation_id,
        organisationName: row.organisation_name,
        email: row.email,
        emailNormalized: row.email_normalized,
        role: row.role as Role,
        eventId: row.event_id,
        eventTitle: row.event_title,
        sponsorshipId: row.sponsorship_id,
        expiresAt: fromDbTime(row.expires_at),
        acceptedAt: fromDbTimeOrNull(row.accepted_at),
        revokedAt: fromDbTimeOrNull(row.revoked_at),
      };
    },

    async isMember(organisationId: number, emailNormalized: string): Promise<boolean> {
      const row = await db
        .selectFrom('user_profiles')
        .select('cognito_id')
        .where('organisation_id', '=', organisationId)
        .where('email_normalized', '=', emailNormalized)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** A new team invitation replaces the open ones for the same address and organisation. */
    /** Replaces the address's pending team invitation; refuses (justSent) one made since `repeatSince`. */
    async replaceTeamInvitation(invitation: NewInvitation, repeatSince: Date): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await holdOrganisation(trx, invitation.organisationId);
        const recent = await trx
          .selectFrom('invitations')
          .select('id')
          .where('kind', '=', 'team')
          .where('organisation_id', '=', invitation.organisationId)
          .where('email_normalized', '=', invitation.emailNormalized)
          .where('accepted_at', 'is', null)
          .where('revoked_at', 'is', null)
          .where('created_at', '>', toDbTime(repeatSince))
          .executeTakeFirst();
        if (recent) throw justSent();
        await trx
          .deleteFrom('invitations')
          .where('kind', '=', 'team')
          .where('organisation_id', '=', invitation.organisationId)
          .where('email_normalized', '=', invitation.emailNormalized)
          .where('accepted_at', 'is', null)
          .execute();
        await trx
          .insertInto('invitations')
          .values({
            token_hash: invitation.tokenHash,
            kind: 'team',
            organisation_id: invitation.organisationId,
            email: invitation.email,
            email_normalized: invitation.emailNormalized,
            role: invitation.role,
            event_id: null,
            sponsorship_id: null,
            invited_by: invitation.invitedBy,
            created_at: toDbTime(invitation.createdAt),
            expires_at: toDbTime(invitation.expiresAt),
          })
          .execute();
      });
    },

    /**
     * One sponsorship per event and sponsor address: inviting again keeps the row (and updates the
     * amount when one is given) and replaces its invitation, so only the newest link works.
     */
    async inviteSponsor(
      invitation: NewInvitation & { eventId: number; amountCents: number | undefined },
      /** Another module's write in the same transaction (the packages offered). */
      alsoWrite: ((trx: Db, sponsorshipId: number) => Promise<void>) | null,
      /** An invitation of the sponsorship made after this is the same one again: refused (justSent). */
      repeatSince: Date,
    ): Promise<{ sponsorshipId: number }> {
      return db.transaction().execute(async (trx) => {
        // The upsert holds the sponsorship's row until the end: a second invitation waits and then sees the first.
        const sponsorship = await writes.upsertInvitedSponsorship(trx, {
          eventId: invitation.eventId,
          organisationId: invitation.organisationId,
          sponsorEmail: invitation.email,
          sponsorEmailNormalized: invitation.emailNormalized,
          amountCents: invitation.amountCents,
          at: invitation.createdAt,
        });
        const recent = await trx
          .selectFrom('invitations')
          .select('id')
          .where('sponsorship_id', '=', sponsorship.id)
          .where('accepted_at', 'is', null)
          .where('created_at', '>', toDbTime(repeatSince))
          .executeTakeFirst();
        if (recent) throw justSent();
        await replaceSponsorLinks(trx, sponsorship.id, invitation);
        if (alsoWrite) await alsoWrite(trx, sponsorship.id);
        return { sponsorshipId: sponsorship.id };
      });
    },

    /**
     * Claims a team invitation and makes the user a member of its organisation (organisation role
     * member, the invitation's role, onboarding done); 409 when the user already belongs to one.
     */
    async acceptTeamInvitation(
      invitation: InvitationRecord,
      user: { sub: string; email: string },
      now: Date,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await claim(trx, invitation.id, user.sub, now);
        await writes.joinOrganisation(trx, {
          sub: user.sub,
          email: user.email,
          emailNormalized: invitation.emailNormalized,
          role: invitation.role,
          organisationId: invitation.organisationId,
          now,
        });
      });
    },

    /** Claims a sponsor invitation and links the registered user to the sponsorship. */
    async acceptSponsorInvitation(invitation: InvitationRecord, sub: string, now: Date): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await claim(trx, invitation.id, sub, now);
        if (invitation.sponsorshipId === null) return;
        await writes.linkSponsorAccount(trx, invitation.sponsorshipId, sub, now);
      });
    },

    /**
     * A further guest link for the address's newest sponsorship with the organisation (the chat's
     * e-mail notice to a sponsor without an account). Earlier links stay valid. False when there is no
     * such sponsorship.
     */
    async addSponsorGuestInvitation(invitation: {
      tokenHash: string;
      organisationId: number;
      emailNormalized: string;
      createdAt: Date;
      expiresAt: Date;
      /** The sponsorship the link opens; without it, the address's latest with the organisation. */
      sponsorshipId?: number | undefined;
    }): Promise<boolean> {
      let query = db
        .selectFrom('sponsorships')
        .select(['id', 'event_id', 'sponsor_email'])
        .where('organisation_id', '=', invitation.organisationId)
        .where('sponsor_email_normalized', '=', invitation.emailNormalized);
      if (invitation.sponsorshipId !== undefined) query = query.where('id', '=', invitation.sponsorshipId);
      const sponsorship = await query.orderBy('id', 'desc').executeTakeFirst();
      if (!sponsorship) return false;
      await db
        .insertInto('invitations')
        .values({
          token_hash: invitation.tokenHash,
          kind: 'sponsor',
          organisation_id: invitation.organisationId,
          email: sponsorship.sponsor_email,
          email_normalized: invitation.emailNormalized,
          role: 'sponsor',
          event_id: sponsorship.event_id,
          sponsorship_id: sponsorship.id,
          invited_by: null,
          created_at: toDbTime(invitation.createdAt),
          expires_at: toDbTime(invitation.expiresAt),
        })
        .execute();
      return true;
    },

    /**
     * What sending a sponsorship's invitation again needs: its event, address and status, and when the
     * organisation last sent it (chat notices' guest links do not count: they have no inviter).
     */
    async sponsorshipToRemind(sponsorshipId: number) {
      const row = await db
        .selectFrom('sponsorships as s')
        .leftJoin('invitations as i', (join) =>
          join.onRef('i.sponsorship_id', '=', 's.id').on('i.invited_by', 'is not', null),
        )
        .select(['s.id', 's.event_id', 's.sponsor_email', 's.sponsor_email_normalized', 's.status'])
        .select((eb) => eb.fn.max('i.created_at').as('last_sent'))
        .where('s.id', '=', sponsorshipId)
        .groupBy(['s.id', 's.event_id', 's.sponsor_email', 's.sponsor_email_normalized', 's.status'])
        .executeTakeFirst();
      return row
        ? {
            id: Number(row.id),
            eventId: Number(row.event_id),
            email: row.sponsor_email,
            emailNormalized: row.sponsor_email_normalized,
            status: row.status,
            lastSent: row.last_sent === null ? null : fromDbTime(row.last_sent),
          }
        : undefined;
    },

    /** The sponsorship's links replaced by one new (the earlier ones stop working), as inviting again does. */
    async replaceSponsorInvitation(sponsorshipId: number, invitation: NewInvitation & { eventId: number }) {
      await db.transaction().execute((trx) => replaceSponsorLinks(trx, sponsorshipId, invitation));
    },
  };
}

export type InvitationsRepository = ReturnType<typeof createInvitationsRepository>;
