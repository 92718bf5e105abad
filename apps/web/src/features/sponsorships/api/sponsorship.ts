// A sponsorship as the web app uses it (camelCase), mapped once from the wire.
import type { DocumentLanguage, SponsorshipStatus, SponsorshipWire } from '@sp/shared';
import type { ApiAuth } from '@/lib/api-client';

export type AgreementFile = { s3Id: string; name: string; key: string };

export type Sponsorship = {
  id: number;
  eventId: number;
  eventTitle: string;
  eventDate: string;
  organisationId: number;
  organisationName: string;
  sponsorEmail: string;
  /** The sponsor's organisation as the sponsor entered it; null until they did. */
  sponsorName: string | null;
  status: SponsorshipStatus;
  amountCents: number | null;
  agreementFiles: AgreementFile[];
  signedAgreement: (AgreementFile & { size: number | null; uploadedAt: string }) | null;
  agreementDownloadedAt: string | null;
  /** The language the sponsor uses as the server knows it (their documents follow it); null until told. */
  sponsorLanguage: DocumentLanguage | null;
};

export function toSponsorship(wire: SponsorshipWire): Sponsorship {
  return {
    id: wire.id,
    eventId: wire.event_id,
    eventTitle: wire.event_title,
    eventDate: wire.event_date,
    organisationId: wire.organisation_id,
    organisationName: wire.organisation_name,
    sponsorEmail: wire.sponsor_email,
    sponsorName: wire.sponsor_name,
    status: wire.status,
    amountCents: wire.amount_cents,
    agreementFiles: wire.agreement_files.map((f) => ({ s3Id: f.s3_id, name: f.name, key: f.key })),
    signedAgreement: wire.signed_agreement
      ? {
          s3Id: wire.signed_agreement.s3_id,
          name: wire.signed_agreement.name,
          key: wire.signed_agreement.key,
          size: wire.signed_agreement.size,
          uploadedAt: wire.signed_agreement.uploaded_at,
        }
      : null,
    agreementDownloadedAt: wire.agreement_downloaded_at,
    sponsorLanguage: wire.sponsor_language,
  };
}

/** Who is asking: the signed-in user, or a sponsor with the invitation link. */
export type SponsorViewer = { kind: 'user' } | { kind: 'guest'; token: string; email: string };

export const authOf = (viewer: SponsorViewer): ApiAuth =>
  viewer.kind === 'guest' ? { guest: { token: viewer.token, email: viewer.email } } : 'bearer';

export const viewerKey = (viewer: SponsorViewer) => (viewer.kind === 'guest' ? `guest:${viewer.email}` : 'me');

/** Open sponsorships can still be signed, withdrawn, declined or get a new amount. */
export const isOpen = (status: Sponsorship['status']) =>
  status === 'invited' || status === 'downloaded' || status === 'signed';

/** How a sponsorship names its sponsor: the organisation when known, else the address. */
export const sponsorLabel = (s: Pick<Sponsorship, 'sponsorName' | 'sponsorEmail'>): string =>
  s.sponsorName ?? s.sponsorEmail;
