// Gathers what a report says from the modules that own each fact, through their APIs only: the
// sponsorship and event, the package, the deliverables (fulfilment) with their evidence (evidence.ts),
// the wall figures (wall-stats), tickets, the sealed agreement and the invoices.
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../lib/document-cache.ts';
import type { ModuleApis } from '../kit.ts';
import type { SponsorshipRecord } from '../sponsorships/index.ts';
import type { EvidenceSource } from './evidence.ts';
import type { ReportInput, ReportLanguage } from './report-input.ts';

export type ReportSources = {
  findEvent: ModuleApis['access']['events']['findEvent'];
  chosenPackage: ModuleApis['packages']['chosenPackage'];
  legalDetails: ModuleApis['sponsor-profiles']['legalDetails'];
  deliverables: ModuleApis['fulfilment']['forReport'];
  evidence: EvidenceSource;
  wallFigures: ModuleApis['wall-stats']['figuresOf'];
  tickets: ModuleApis['tickets']['usageOf'];
  agreement: ModuleApis['agreements']['sealedReference'];
  invoices: ModuleApis['invoices']['referencesOf'];
  publicUrl: string;
};

/**
 * The report's language is the sponsorship's document language, as its agreement's (decision 074):
 * the organiser's choice, else the sponsor's, else their legal details', else German.
 */
export const reportLanguageOf = (
  s: Pick<SponsorshipRecord, 'agreementLanguage' | 'sponsorLanguage'>,
  legalLanguage: ReportLanguage | null,
): ReportLanguage => s.agreementLanguage ?? s.sponsorLanguage ?? legalLanguage ?? 'de';

export async function gatherReport(sources: ReportSources, s: SponsorshipRecord): Promise<ReportInput> {
  const [event, chosen, legal, deliverables, wall, tickets, agreement, invoices] = await Promise.all([
    sources.findEvent(s.eventId),
    sources.chosenPackage(s.id),
    sources.legalDetails(s.sponsorEmailNormalized),
    sources.deliverables(s.id),
    sources.wallFigures(s.id),
    sources.tickets(s.id),
    sources.agreement(s.id),
    sources.invoices(s.id),
  ]);
  const evidence = await sources.evidence(s.id);
  return {
    language: reportLanguageOf(s, legal?.language ?? null),
    sponsorshipId: s.id,
    organisation: s.organisationName,
    sponsor: { name: legal?.legalName || s.sponsorEmail, email: s.sponsorEmail },
    event: {
      title: event?.title ?? s.eventTitle,
      date: event?.eventDate ?? s.eventDate,
      location: event?.location ?? '',
    },
    packageName: chosen?.name ?? null,
    amountCents: s.amountCents,
    deliverables: deliverables.map((d) => ({
      id: d.id,
      title: d.title,
      status: d.status,
      dueDate: d.dueDate,
      doneAt: d.doneAt?.toISOString() ?? null,
      evidence: evidence.get(d.id) ?? [],
    })),
    wall,
    tickets,
    agreement: agreement
      ? { kind: 'sealed', sha256: agreement.sha256, completedAt: agreement.completedAt.toISOString() }
      : s.signedFileId
        ? { kind: 'uploaded', fileName: null }
        : { kind: 'none' },
    invoices,
    verifyUrl: `${sources.publicUrl}/verify-agreement/`,
  };
}

/** The hash of what a report shows (images by their own hash): the same data, the same report. */
export function inputHash(input: ReportInput): string {
  const sha = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');
  const hashed = {
    ...input,
    deliverables: input.deliverables.map((d) => ({
      ...d,
      evidence: d.evidence.map((e) => ({ ...e, bytes: sha(e.bytes) })),
    })),
  };
  return sha(canonicalJson(hashed));
}
