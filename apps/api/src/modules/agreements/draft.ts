// The current draft of a sponsorship's agreement: gathered from the owning modules' APIs (never their
// tables) into a snapshot, rendered, hashed. Whatever changes the data changes the hash. The PDF is
// rendered once per snapshot and kept by a hash of the whole snapshot (lib/document-cache.ts, decision
// 068): a read of a known snapshot renders nothing, and no entry can be stale.
import type { AgreementMissing, PackageBenefit } from '@sp/shared';
import type { EventAccess } from '../access/index.ts';
import type { OrganisationMasterData } from '../profiles/index.ts';
import type { SponsorLegalDetails } from '../sponsor-profiles/index.ts';
import type { SponsorshipRecord } from '../sponsorships/index.ts';
import { documentKey, type DocumentCache } from '../../lib/document-cache.ts';
import { workPool } from '../../lib/work-pool.ts';
import { DRAFT_RENDERER_VERSION } from './render.ts';
import type { Settings } from './repository.ts';
import type { AgreementSnapshot } from './snapshot.ts';
import { TEXTS, type AgreementLanguage } from './texts.ts';

type EventRecord = NonNullable<Awaited<ReturnType<EventAccess['findEvent']>>>;

export type DraftSources = {
  findEvent(eventId: number): Promise<EventRecord | undefined>;
  organisation(organisationId: number): Promise<OrganisationMasterData | null>;
  legalDetails(emailNormalized: string): Promise<SponsorLegalDetails | null>;
  chosenPackage(sponsorshipId: number): Promise<{ name: string; benefits: PackageBenefit[] } | null>;
};

export type Draft =
  | { ok: true; snapshot: AgreementSnapshot; bytes: Uint8Array; sha256: string; language: AgreementLanguage }
  | { ok: false; missing: AgreementMissing[]; language: AgreementLanguage };

export async function currentDraft(
  sources: DraftSources,
  sponsorship: SponsorshipRecord,
  settings: Settings,
  documents: DocumentCache,
): Promise<Draft> {
  const [event, organisation, legal, chosen] = await Promise.all([
    sources.findEvent(sponsorship.eventId),
    sources.organisation(sponsorship.organisationId),
    sources.legalDetails(sponsorship.sponsorEmailNormalized),
    sources.chosenPackage(sponsorship.id),
  ]);
  const language = agreementLanguageOf(sponsorship, legal);
  const missing: AgreementMissing[] = [];
  if (!legal) missing.push('sponsor_legal_details');
  if (!organisation || !organisation.street.trim() || !organisation.city.trim()) missing.push('organisation_address');
  if (!chosen) missing.push('package');
  if (sponsorship.amountCents === null) missing.push('amount');
  if (!legal || !organisation || !chosen || sponsorship.amountCents === null || missing.length > 0) {
    return { ok: false, missing, language };
  }
  const snapshot: AgreementSnapshot = {
    version: 1,
    language,
    sponsorshipId: sponsorship.id,
    issuedAt: sponsorship.createdAt.toISOString(),
    organisation: {
      name: organisation.name,
      street: organisation.street,
      houseNumber: organisation.houseNumber,
      postalCode: organisation.postalCode,
      city: organisation.city,
      country: organisation.country,
    },
    sponsor: {
      legalName: legal.legalName,
      street: legal.street,
      houseNumber: legal.houseNumber,
      postalCode: legal.postalCode,
      city: legal.city,
      country: legal.country,
      vatId: legal.vatId,
      email: sponsorship.sponsorEmail,
    },
    event: {
      title: event?.title ?? sponsorship.eventTitle,
      date: sponsorship.eventDate,
      location: event?.location ?? '',
    },
    package: {
      name: chosen.name,
      benefits: chosen.benefits.map((b) => ({ title: b.title, dueDate: b.due_date })),
    },
    amountCents: sponsorship.amountCents,
    paymentTermDays: settings.paymentTermDays,
    clauses: settings.clauses,
  };
  const { bytes, sha256 } = await renderedDraft(documents, snapshot);
  return { ok: true, snapshot, bytes, sha256, language };
}

/**
 * Which language the agreement is in (decision 074): the organiser's choice for it, else the language
 * the sponsor told, else the one in their legal details, else German.
 */
export const agreementLanguageOf = (
  sponsorship: Pick<SponsorshipRecord, 'agreementLanguage' | 'sponsorLanguage'>,
  legal: Pick<SponsorLegalDetails, 'language'> | null,
): AgreementLanguage => sponsorship.agreementLanguage ?? sponsorship.sponsorLanguage ?? legal?.language ?? 'de';

/** The organiser's preview: the event's terms and clauses with sample sponsor data. */
export async function previewDraft(
  event: EventRecord,
  organisation: OrganisationMasterData | null,
  settings: Settings,
  language: AgreementLanguage,
  documents: DocumentCache,
): Promise<Uint8Array> {
  const t = TEXTS[language];
  const preview = await renderedDraft(documents, {
    version: 1,
    language,
    sponsorshipId: 0,
    issuedAt: event.createdAt.toISOString(),
    organisation: {
      name: organisation?.name ?? '',
      street: organisation?.street ?? '',
      houseNumber: organisation?.houseNumber ?? '',
      postalCode: organisation?.postalCode ?? '',
      city: organisation?.city ?? '',
      country: organisation?.country ?? 'DE',
    },
    sponsor: {
      legalName: t.sampleSponsor,
      street: 'Musterstraße',
      houseNumber: '1',
      postalCode: '10115',
      city: 'Berlin',
      country: 'DE',
      vatId: 'DE123456789',
      email: 'sponsor@example.com',
    },
    event: { title: event.title, date: event.eventDate, location: event.location },
    package: {
      name: t.samplePackage,
      benefits: t.sampleBenefits.map((title) => ({ title, dueDate: event.eventDate })),
    },
    amountCents: 100_000,
    paymentTermDays: settings.paymentTermDays,
    clauses: settings.clauses,
  });
  return preview.bytes;
}

/** The draft PDF of a snapshot, rendered only when this process has not rendered that snapshot yet. */
const renderedDraft = (documents: DocumentCache, snapshot: AgreementSnapshot) =>
  documents.once(documentKey('agreement-draft', DRAFT_RENDERER_VERSION, snapshot), () =>
    workPool().run<Uint8Array>('agreement.draft', { snapshot }),
  );
