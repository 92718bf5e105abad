// Rows of the authorisation matrix for fulfilment: the organisation (owner and member) works A's
// deliverables; the registered sponsor (whose confirmed sponsorship of A has them) sees them,
// provides input and comments; the guest of A's other sponsorship, B and the removed member get 404
// (or 403 where a route refuses a role before looking: the summary is A's organisers' only).
import { bearer, organisationA, type MatrixRow } from './route-matrix-expectations.ts';

export const FULFILMENT_ROWS: MatrixRow[] = [
  {
    method: 'GET',
    route: '/api/fulfilment',
    url: '/api/fulfilment?status=open',
    expect: bearer(403, { organiserB: 200, memberA: 200, organiserA: 200 }),
    note: "every organiser sees their own organisation's (B's list is empty); others are not organisers",
  },
  {
    method: 'GET',
    route: '/api/event/:id/deliverables',
    url: '/api/event/{eventA}/deliverables',
    expect: organisationA(200, 404, { removed: 403, sponsor: 403 }),
  },
  {
    method: 'GET',
    route: '/api/organisation/:id/fulfilment-summary',
    url: '/api/organisation/{orgA}/fulfilment-summary',
    expect: organisationA(200, 403),
  },
  { method: 'GET', route: '/api/my-deliverables', url: '/api/my-deliverables', expect: bearer(200) },
  {
    method: 'GET',
    route: '/api/sponsorships/:id/deliverables',
    url: '/api/sponsorships/{sponsorshipA}/deliverables',
    expect: organisationA(200, 404, { guest: 200, otherGuest: 404 }),
  },
  {
    method: 'PUT',
    route: '/api/deliverables/:id/input',
    url: '/api/deliverables/{deliverableA}/input',
    body: { text: 'Logo folgt' },
    expect: organisationA(403, 404, { guest: 404, otherGuest: 404, sponsor: 200 }),
    note: "only the sponsor of the deliverable's sponsorship provides input",
  },
  {
    method: 'POST',
    route: '/api/deliverables/:id/comments',
    url: '/api/deliverables/{deliverableA}/comments',
    body: { text: 'Danke' },
    expect: organisationA(200, 404, { guest: 404, otherGuest: 404, sponsor: 200 }),
  },
  {
    method: 'PATCH',
    route: '/api/deliverables/:id',
    url: '/api/deliverables/{deliverableA}',
    body: { status: 'in_progress' },
    expect: organisationA(200, 404, { guest: 404, otherGuest: 404, sponsor: 403 }),
  },
];
