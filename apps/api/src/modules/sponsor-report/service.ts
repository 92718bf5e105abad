// The sponsor report's rules: both parties of a confirmed sponsorship may download its report (the
// sponsor from the link or the account, only their own: anyone else gets 404); an organiser may mail
// it to the sponsor; the day after the event it is mailed once by itself. Every report handed out
// is sealed on the worker pool, stored by its SHA-256 and found by the public verification. The
// same data gives the report already made (its input hash), so downloading twice seals once.
import type { AgreementVerification, SponsorReportState } from '@sp/shared';
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { addDays, germanDay } from '../../lib/calendar.ts';
import { fail } from '../../lib/errors.ts';
import { workPool } from '../../lib/work-pool.ts';
import type { BlobStore } from '../../ports/blobs/index.ts';
import type { MailPort } from '../../ports/mail/index.ts';
import type { SealKey } from '../agreements/index.ts';
import type { SponsorshipCaller, SponsorshipParties, SponsorshipRecord } from '../sponsorships/index.ts';
import { gatherReport, inputHash, reportLanguageOf, type ReportSources } from './gather.ts';
import { reportMail } from './mail.ts';
import type { SponsorReportRepository, SealedReport } from './repository.ts';
import type { sealReport } from './seal.ts';

/** Events this many days back still get their day-after mail (a server that was down catches up). */
const CATCH_UP_DAYS = 14;
/** A claim this old without its mail was left by a process that stopped midway: it is taken again. */
const STALE_CLAIM_MS = 60 * 60 * 1000;

const notAvailable = () => fail('sponsor-report.not-available', 'A report is made for confirmed sponsorships only');

const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function collect(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

export const reportFileName = (s: Pick<SponsorshipRecord, 'id'>, language: 'de' | 'en') =>
  `${language === 'de' ? 'sponsoring-report' : 'sponsor-report'}-${s.id}.pdf`;

export function createSponsorReportService(deps: {
  repo: SponsorReportRepository;
  parties: SponsorshipParties;
  byId: (id: number) => Promise<SponsorshipRecord | undefined>;
  sources: ReportSources;
  sealKey: () => Promise<SealKey>;
  blobs: BlobStore;
  mail: MailPort;
  log: { error(details: object, message: string): void };
  clock: () => Date;
}) {
  const { repo } = deps;

  /** The stored bytes when they still hash to the record, else null (then a new report is sealed). */
  const storedBytes = async (record: SealedReport): Promise<Buffer | null> => {
    const blob = await deps.blobs.read(record.blobKey);
    if (!blob) return null;
    const bytes = await collect(blob.body as Readable);
    return sha256Hex(bytes) === record.sha256 ? bytes : null;
  };

  /** The report of the sponsorship's data as it is now: the one made before, or a newly sealed one. */
  const make = async (s: SponsorshipRecord): Promise<{ bytes: Buffer; record: SealedReport; event: string }> => {
    if (s.status !== 'confirmed') throw notAvailable();
    const input = await gatherReport(deps.sources, s);
    const hash = inputHash(input);
    const latest = await repo.latest(s.id);
    if (latest && latest.inputSha256 === hash) {
      const bytes = await storedBytes(latest);
      if (bytes) return { bytes, record: latest, event: input.event.title };
    }
    const sealedAt = deps.clock();
    const job: Parameters<typeof sealReport>[0] = { report: input, sealedAt, key: await deps.sealKey() };
    const sealed = await workPool().run<Uint8Array>('sponsor-report.seal', job);
    const bytes = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
    const sha256 = sha256Hex(bytes);
    const blobKey = `sponsor-reports/${s.id}/${sha256}.pdf`;
    await deps.blobs.put(blobKey, bytes, 'application/pdf');
    const record = await repo.insert({
      sponsorshipId: s.id,
      organisationId: s.organisationId,
      sha256,
      inputSha256: hash,
      blobKey,
      size: bytes.length,
      language: input.language,
      sealedAt,
    });
    return { bytes, record, event: input.event.title };
  };

  const stateOf = async (s: SponsorshipRecord): Promise<SponsorReportState> => {
    const [latest, send] = await Promise.all([repo.latest(s.id), repo.afterEventSend(s.id)]);
    return {
      sponsorship_id: s.id,
      available: s.status === 'confirmed',
      language: latest?.language ?? reportLanguageOf(s, null),
      last_sealed: latest
        ? { sha256: latest.sha256, sealed_at: latest.sealedAt.toISOString(), size: latest.size }
        : null,
      sent_after_event_at: send?.sentAt?.toISOString() ?? null,
      links: { pdf: `/api/sponsorships/${s.id}/report.pdf`, verify_page: '/verify-agreement/' },
    };
  };

  const mailTo = async (s: SponsorshipRecord, idempotencyKey?: string) => {
    const made = await make(s);
    await deps.mail.send(
      reportMail({
        to: s.sponsorEmail,
        language: made.record.language,
        organisation: s.organisationName,
        event: made.event,
        verifyUrl: deps.sources.publicUrl + '/verify-agreement/',
        pdf: made.bytes,
        fileName: reportFileName(s, made.record.language),
        ...(idempotencyKey ? { idempotencyKey } : {}),
      }),
    );
  };

  return {
    /** GET /sponsorships/{id}/report */
    async state(caller: SponsorshipCaller, id: number): Promise<SponsorReportState> {
      const { sponsorship } = await deps.parties.visible(caller, id);
      return stateOf(sponsorship);
    },

    /** GET /sponsorships/{id}/report.pdf: the sealed PDF, for either party of the sponsorship. */
    async pdf(caller: SponsorshipCaller, id: number) {
      const { sponsorship } = await deps.parties.visible(caller, id);
      const made = await make(sponsorship);
      return { bytes: made.bytes, sha256: made.record.sha256, name: reportFileName(sponsorship, made.record.language) };
    },

    /** POST /sponsorships/{id}/report/send: an organiser mails the report to the sponsor now. */
    async send(caller: SponsorshipCaller, id: number) {
      const sponsorship = await deps.parties.organiserSponsorship(caller, id);
      await mailTo(sponsorship);
      return { ...(await stateOf(sponsorship)), sent_to: sponsorship.sponsorEmail };
    },

    /** For the public verification (agreements' page): a report sealed here, by its SHA-256. */
    async verify(sha256: string): Promise<AgreementVerification | null> {
      const record = await repo.bySha(sha256);
      if (!record) return null;
      const intact = (await storedBytes(record)) !== null;
      if (!intact) deps.log.error({ report: record.id, key: record.blobKey }, 'stored sponsor report fails its hash');
      return {
        found: true,
        status: intact ? 'verified' : 'stored_copy_damaged',
        signed_at: record.sealedAt.toISOString(),
        signers: [],
        document: 'sponsor_report',
      };
    },

    /**
     * The day-after run: each confirmed sponsorship of an event that was yesterday (or up to
     * CATCH_UP_DAYS before, for a server that was down) is mailed its report once. The claim row
     * decides who sends (its primary key); a failed send gives the claim back for the next run, and
     * a claim left unsent by a killed process is taken again after STALE_CLAIM_MS (the mail's
     * idempotency key keeps the outbox from holding it twice).
     */
    async runAfterEvent(at: Date): Promise<{ sent: number }> {
      const yesterday = addDays(germanDay(at), -1);
      let sent = 0;
      const staleBefore = new Date(at.getTime() - STALE_CLAIM_MS);
      for (const id of await repo.dueAfterEvent(addDays(yesterday, -CATCH_UP_DAYS), yesterday, staleBefore)) {
        if (!(await repo.claimAfterEventSend(id, at, staleBefore))) continue;
        const sponsorship = await deps.byId(id);
        if (!sponsorship) continue;
        try {
          await mailTo(sponsorship, `sponsor-report-after-event:${id}`);
          await repo.markSent(id, deps.clock());
          sent += 1;
        } catch (error) {
          deps.log.error(
            { err: error, sponsorshipId: id },
            'sponsor report after the event not sent; retried next run',
          );
          await repo.releaseAfterEventSend(id);
        }
      }
      return { sent };
    },
  };
}

export type SponsorReportService = ReturnType<typeof createSponsorReportService>;
