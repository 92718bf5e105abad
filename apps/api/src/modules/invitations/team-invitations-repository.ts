// An organisation's team invitations on the team page (issue 21, point 5): listed with their state,
// renewed (a new token hash and expiry, so the earlier link stops working) and revoked (the row is
// kept, so its link can say it was revoked).
import type { Role, TeamInvitationState } from '@sp/shared';
import type { Db } from '../../db/index.ts';
import { fromDbTime, fromDbTimeOrNull, toDbTime } from '../../db/values.ts';

export type TeamInvitationRecord = {
  id: number;
  organisationId: number;
  email: string;
  role: Role;
  createdAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
  revokedAt: Date | null;
};

/** The page lists the newest; older ones are of no use there. */
const LIST_LIMIT = 100;

const columns = [
  'id',
  'organisation_id',
  'email',
  'role',
  'created_at',
  'expires_at',
  'accepted_at',
  'revoked_at',
] as const;

type Row = {
  id: number;
  organisation_id: number;
  email: string;
  role: string;
  created_at: string | Date;
  expires_at: string | Date;
  accepted_at: string | Date | null;
  revoked_at: string | Date | null;
};

const toRecord = (row: Row): TeamInvitationRecord => ({
  id: row.id,
  organisationId: row.organisation_id,
  email: row.email,
  role: row.role as Role,
  createdAt: fromDbTime(row.created_at),
  expiresAt: fromDbTime(row.expires_at),
  acceptedAt: fromDbTimeOrNull(row.accepted_at),
  revokedAt: fromDbTimeOrNull(row.revoked_at),
});

export const stateOf = (invitation: TeamInvitationRecord, now: Date): TeamInvitationState =>
  invitation.acceptedAt !== null
    ? 'accepted'
    : invitation.revokedAt !== null
      ? 'revoked'
      : invitation.expiresAt <= now
        ? 'expired'
        : 'pending';

export function createTeamInvitationsRepository(db: Db) {
  return {
    async list(organisationId: number): Promise<TeamInvitationRecord[]> {
      const rows = await db
        .selectFrom('invitations')
        .select(columns)
        .where('organisation_id', '=', organisationId)
        .where('kind', '=', 'team')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(LIST_LIMIT)
        .execute();
      return rows.map(toRecord);
    },

    async find(id: number): Promise<TeamInvitationRecord | undefined> {
      const row = await db
        .selectFrom('invitations')
        .select(columns)
        .where('id', '=', id)
        .where('kind', '=', 'team')
        .executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },

    /** A new link for an invitation not yet accepted (decided in the same statement); false otherwise. */
    async renew(id: number, tokenHash: string, createdAt: Date, expiresAt: Date): Promise<boolean> {
      const result = await db
        .updateTable('invitations')
        .set({
          token_hash: tokenHash,
          created_at: toDbTime(createdAt),
          expires_at: toDbTime(expiresAt),
          revoked_at: null,
        })
        .where('id', '=', id)
        .where('kind', '=', 'team')
        .where('accepted_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Revokes an invitation not yet accepted; revoking again keeps the first time. False when accepted. */
    async revoke(id: number, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('invitations')
        .set((eb) => ({ revoked_at: eb.fn.coalesce('revoked_at', eb.val(toDbTime(now))) }))
        .where('id', '=', id)
        .where('kind', '=', 'team')
        .where('accepted_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type TeamInvitationsRepository = ReturnType<typeof createTeamInvitationsRepository>;
