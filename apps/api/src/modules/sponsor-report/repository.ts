// The sponsor-report module's tables (migration 0060): the sealed reports made, and the claims of
// the day-after mail. Kysely only here.
import type { Db } from '../../db/index.ts';
import { fromDbTime, fromDbTimeOrNull, toDbTime } from '../../db/values.ts';
import type { ReportLanguage } from './report-input.ts';

export type SealedReport = {
  id: number;
  sponsorshipId: number;
  organisationId: number;
  sha256: string;
  inputSha256: string;
  blobKey: string;
  size: number;
  language: ReportLanguage;
  sealedAt: Date;
};

type NewReport = Omit<SealedReport, 'id'>;

export function createSponsorReportRepository(db: Db) {
  const toReport = (r: {
    id: number;
    sponsorship_id: number;
    organisation_id: number;
    sha256: string;
    input_sha256: string;
    blob_key: string;
    size: number;
    language: ReportLanguage;
    sealed_at: string | Date;
  }): SealedReport => ({
    id: Number(r.id),
    sponsorshipId: Number(r.sponsorship_id),
    organisationId: Number(r.organisation_id),
    sha256: r.sha256,
    inputSha256: r.input_sha256,
    blobKey: r.blob_key,
    size: Number(r.size),
    language: r.language,
    sealedAt: fromDbTime(r.sealed_at),
  });

  return {
    async latest(sponsorshipId: number): Promise<SealedReport | null> {
      const row = await db
        .selectFrom('sponsor_reports')
        .selectAll()
        .where('sponsorship_id', '=', sponsorshipId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? toReport(row) : null;
    },

    async bySha(sha256: string): Promise<SealedReport | null> {
      const row = await db.selectFrom('sponsor_reports').selectAll().where('sha256', '=', sha256).executeTakeFirst();
      return row ? toReport(row) : null;
    },

    async insert(report: NewReport): Promise<SealedReport> {
      const row = await db
        .insertInto('sponsor_reports')
        .values({
          sponsorship_id: report.sponsorshipId,
          organisation_id: report.organisationId,
          sha256: report.sha256,
          input_sha256: report.inputSha256,
          blob_key: report.blobKey,
          size: report.size,
          language: report.language,
          sealed_at: toDbTime(report.sealedAt),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toReport(row);
    },

    /**
     * Claims the day-after mail of a sponsorship: true for exactly one caller (the primary key
     * decides, on both engines), so two processes or two runs never send it twice. An unsent claim
     * made before `staleBefore` is taken over by a conditional update, again by one caller only.
     */
    async claimAfterEventSend(sponsorshipId: number, at: Date, staleBefore: Date): Promise<boolean> {
      const inserted = await db
        .insertInto('sponsor_report_sends')
        .values({ sponsorship_id: sponsorshipId, claimed_at: toDbTime(at), sent_at: null })
        .onConflict((oc) => oc.column('sponsorship_id').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return true;
      const taken = await db
        .updateTable('sponsor_report_sends')
        .set({ claimed_at: toDbTime(at) })
        .where('sponsorship_id', '=', sponsorshipId)
        .where('sent_at', 'is', null)
        .where('claimed_at', '<', toDbTime(staleBefore))
        .executeTakeFirst();
      return Number(taken.numUpdatedRows) === 1;
    },

    /** Gives back an unsent claim (its send failed), so the next run tries again. */
    async releaseAfterEventSend(sponsorshipId: number): Promise<void> {
      await db
        .deleteFrom('sponsor_report_sends')
        .where('sponsorship_id', '=', sponsorshipId)
        .where('sent_at', 'is', null)
        .execute();
    },

    async markSent(sponsorshipId: number, at: Date): Promise<void> {
      await db
        .updateTable('sponsor_report_sends')
        .set({ sent_at: toDbTime(at) })
        .where('sponsorship_id', '=', sponsorshipId)
        .execute();
    },

    async afterEventSend(sponsorshipId: number): Promise<{ claimedAt: Date; sentAt: Date | null } | null> {
      const row = await db
        .selectFrom('sponsor_report_sends')
        .selectAll()
        .where('sponsorship_id', '=', sponsorshipId)
        .executeTakeFirst();
      return row ? { claimedAt: fromDbTime(row.claimed_at), sentAt: fromDbTimeOrNull(row.sent_at) } : null;
    },

    /**
     * Confirmed sponsorships of events dated from `firstEventDay` to `lastEventDay` (YYYY-MM-DD) whose
     * day-after mail is unclaimed (or claimed before `staleBefore` and never sent). The first day bounds
     * it: events long past when this began get none.
     */
    async dueAfterEvent(
      firstEventDay: string,
      lastEventDay: string,
      staleBefore: Date,
      limit = 200,
    ): Promise<number[]> {
      const rows = await db
        .selectFrom('sponsorships as s')
        .innerJoin('events as e', 'e.id', 's.event_id')
        .leftJoin('sponsor_report_sends as r', 'r.sponsorship_id', 's.id')
        .select('s.id')
        .where('s.status', '=', 'confirmed')
        .where('e.event_date', '<=', lastEventDay)
        .where('e.event_date', '>=', firstEventDay)
        .where((eb) =>
          eb.or([
            eb('r.sponsorship_id', 'is', null),
            eb.and([eb('r.sent_at', 'is', null), eb('r.claimed_at', '<', toDbTime(staleBefore))]),
          ]),
        )
        .orderBy('s.id')
        .limit(limit)
        .execute();
      return rows.map((r) => Number(r.id));
    },
  };
}

export type SponsorReportRepository = ReturnType<typeof createSponsorReportRepository>;
