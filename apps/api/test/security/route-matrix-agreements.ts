// Rows of the authorisation matrix for agreements (issue 19): A's event settings and preview for A's
// organisers (B gets 404, a sponsor or removed member is refused before looking); the agreement of
// the guest's sponsorship of A for its two parties only. The world's event is in upload mode, so the
// parties' draft and signing calls answer 409 agreement.not-generated and signed.pdf 404 (the whole
// generated flow is in modules/agreements/agreements.test.ts); verification is public.
import { everyone, organisationA, type MatrixRow } from './route-matrix-expectations.ts';

const organisers = organisationA(200, 404, { removed: 403, sponsor: 403 });

export const AGREEMENT_ROWS: MatrixRow[] = [
  {
    method: 'GET',
    route: '/api/events/:id/agreement-settings',
    url: '/api/events/{eventA}/agreement-settings',
    expect: organisers,
  },
  {
    method: 'PUT',
    route: '/api/events/:id/agreement-settings',
    url: '/api/events/{eventA}/agreement-settings',
    body: { mode: 'upload', clauses: '', payment_term_days: 14, members_may_countersign: false },
    expect: organisers,
    note: 'a member may save when members_may_countersign stays as the owner set it',
  },
  {
    method: 'GET',
    route: '/api/events/:id/agreement-preview.pdf',
    url: '/api/events/{eventA}/agreement-preview.pdf?lang=en',
    expect: organisers,
  },
  {
    method: 'GET',
    route: '/api/sponsorships/:id/agreement',
    url: '/api/sponsorships/{sponsorshipA}/agreement',
    expect: organisationA(200, 404, { guest: 200, otherGuest: 404 }),
  },
  {
    method: 'PUT',
    route: '/api/sponsorships/:id/agreement/language',
    url: '/api/sponsorships/{sponsorshipA}/agreement/language',
    body: { language: 'en' },
    expect: organisationA(409, 404, { guest: 403, otherGuest: 404 }),
    note: "A's organisers choose, but A's event uses its own PDF (409); the sponsor may not choose",
  },
  {
    method: 'GET',
    route: '/api/sponsorships/:id/agreement/draft.pdf',
    url: '/api/sponsorships/{sponsorshipA}/agreement/draft.pdf',
    expect: organisationA(409, 404, { guest: 409, otherGuest: 404 }),
    note: "the parties learn that A's event uses its own PDF; nobody else learns the sponsorship exists",
  },
  {
    method: 'POST',
    route: '/api/sponsorships/:id/agreement/signatures',
    url: '/api/sponsorships/{sponsorshipA}/agreement/signatures',
    body: { document_sha256: 'a'.repeat(64), full_name: 'Anna', position: 'CEO', consent: true },
    expect: organisationA(409, 404, { guest: 409, otherGuest: 404 }),
  },
  {
    method: 'GET',
    route: '/api/sponsorships/:id/agreement/signed.pdf',
    url: '/api/sponsorships/{sponsorshipA}/agreement/signed.pdf',
    expect: organisationA(404, 404, { guest: 404, otherGuest: 404 }),
    note: 'not signed yet: agreement.not-found for the parties, sponsorship.not-found for the others',
  },
  {
    method: 'POST',
    route: '/api/public/agreements/verify',
    url: '/api/public/agreements/verify',
    expect: everyone(200),
    note: 'public: an empty body is simply not on record',
  },
  {
    method: 'GET',
    route: '/api/public/agreements/verify/:sha256',
    url: `/api/public/agreements/verify/${'0'.repeat(64)}`,
    expect: everyone(200),
  },
];
