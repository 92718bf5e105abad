// The open tasks of an organisation, each a small indexed query: events without a file (and without
// the generated agreement), signed sponsorships to confirm or countersign, invitations not yet accepted (nor revoked). Archived events and their
// sponsorships and invitations are no task.
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { fromDbTime, toDbBool, toDbTime } from '../../db/values.ts';

/** Each list is capped: the dashboard shows the first few and the count. */
const LIST_LIMIT = 50;

export function createTasksRepository(db: Db) {
  return {
    async eventsWithoutFile(organisationId: number) {
      return (
        db
          .selectFrom('events as e')
          .select(['e.id', 'e.title', 'e.event_date'])
          .where('e.organisation_id', '=', organisationId)
          .where('e.archived_at', 'is', null)
          // An event that uses the generated agreement needs no PDF of its own (issue 58).
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('agreement_settings as a')
                  .select('a.event_id')
                  .whereRef('a.event_id', '=', 'e.id')
                  .where('a.mode', '=', 'generated'),
              ),
            ),
          )
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('event_files as f')
                  .select('f.s3_id')
                  .whereRef('f.event_id', '=', 'e.id')
                  .where('f.sponsorship_id', 'is', null)
                  .where('f.attached', '=', toDbBool(true))
                  .where('f.status', '=', 'stored'),
              ),
            ),
          )
          .orderBy('e.event_date')
          .orderBy('e.id')
          .limit(LIST_LIMIT)
          .execute()
      );
    },

    /** Each with what the organiser does next: countersign a generated agreement, or confirm an uploaded copy. */
    async sponsorshipsToConfirm(organisationId: number) {
      const rows = await db
        .selectFrom('sponsorships as s')
        .innerJoin('events as e', 'e.id', 's.event_id')
        .leftJoin('agreement_settings as a', 'a.event_id', 's.event_id')
        .leftJoin('sponsor_profiles as sp', 'sp.email_normalized', 's.sponsor_email_normalized')
        .leftJoin('sponsor_legal_details as sl', 'sl.email_normalized', 's.sponsor_email_normalized')
        .select(['s.id', 's.event_id', 'e.title as event_title', 's.sponsor_email', 'a.mode'])
        .select(
          sql<string | null>`coalesce(nullif(trim(sp.public_name), ''), nullif(trim(sl.legal_name), ''))`.as(
            'sponsor_name',
          ),
        )
        .where('s.organisation_id', '=', organisationId)
        .where('s.status', '=', 'signed')
        .where('e.archived_at', 'is', null)
        .orderBy('s.updated_at')
        .orderBy('s.id')
        .limit(LIST_LIMIT)
        .execute();
      return rows.map(({ mode, ...row }) => ({
        ...row,
        action: mode === 'generated' ? ('countersign' as const) : ('confirm' as const),
      }));
    },

    /**
     * Team invitations not yet accepted (and not expired), and the sponsors who have not signed: their
     * sponsorship is invited or has its agreement downloaded. A sponsor's acceptance of the link says
     * nothing (most sign as guests and never accept it), and an expired link of a sponsor who has not
     * signed is one more reason to send it again (one link per sponsorship, so one entry each).
     */
    async pendingInvitations(organisationId: number, now: Date) {
      const rows = await db
        .selectFrom('invitations as i')
        .leftJoin('events as e', 'e.id', 'i.event_id')
        .leftJoin('sponsorships as s', 's.id', 'i.sponsorship_id')
        .select(['i.kind', 'i.email', 'i.event_id', 'e.title as event_title', 'i.expires_at'])
        .where('i.organisation_id', '=', organisationId)
        .where('i.revoked_at', 'is', null)
        .where('e.archived_at', 'is', null)
        .where((eb) =>
          eb.or([
            eb.and([
              eb('i.kind', '=', 'team'),
              eb('i.accepted_at', 'is', null),
              eb('i.expires_at', '>', toDbTime(now)),
            ]),
            // The organiser's invitation, not the guest links mails and notices make for the same sponsor.
            eb.and([
              eb('i.kind', '=', 'sponsor'),
              eb('i.invited_by', 'is not', null),
              eb('s.status', 'in', ['invited', 'downloaded']),
            ]),
          ]),
        )
        .orderBy('i.expires_at')
        .orderBy('i.id')
        .limit(LIST_LIMIT)
        .execute();
      return rows.map((row) => ({ ...row, expires_at: fromDbTime(row.expires_at).toISOString() }));
    },
  };
}

export type TasksRepository = ReturnType<typeof createTasksRepository>;
