// What an agreement is made from: one frozen record of both parties' master data, the event, the
// package, the amount and the terms. The draft PDF is a function of it alone, so its SHA-256 names
// exactly this data; a signature keeps the snapshot it was given on (ARCHITECTURE.md: frozen).
import type { AgreementLanguage } from './texts.ts';

export type AgreementSnapshot = {
  version: 1;
  language: AgreementLanguage;
  sponsorshipId: number;
  /** The sponsorship's creation: the PDF's fixed creation date. */
  issuedAt: string;
  organisation: {
    name: string;
    street: string;
    houseNumber: string;
    postalCode: string;
    city: string;
    country: string;
  };
  sponsor: {
    legalName: string;
    street: string;
    houseNumber: string;
    postalCode: string;
    city: string;
    country: string;
    vatId: string | null;
    email: string;
  };
  event: { title: string; date: string; location: string };
  package: { name: string; benefits: Array<{ title: string; dueDate: string | null }> };
  amountCents: number;
  paymentTermDays: number;
  clauses: string;
};

export const referenceOf = (snapshot: Pick<AgreementSnapshot, 'sponsorshipId' | 'issuedAt'>) =>
  `SP-${snapshot.issuedAt.slice(0, 4)}-${String(snapshot.sponsorshipId).padStart(6, '0')}`;
