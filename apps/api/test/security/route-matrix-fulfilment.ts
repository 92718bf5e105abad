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
  {
    method: 'GET',
    route: '/api/deliverables/:id/asset',
    url: '/api/deliverables/{deliverableA}/asset',
    expect: organisationA(200, 404, { guest: 404, otherGuest: 404, sponsor: 200 }),
  },
  {
    method: 'PUT',
    route: '/api/deliverables/:id/asset-spec',
    url: '/api/deliverables/{deliverableA}/asset-spec',
    body: {
      spec: {
        file_types: ['png'],
        min_width: 10,
        min_height: null,
        transparent: false,
        vector: false,
        alt_text_required: false,
      },
    },
    expect: organisationA(200, 404, { guest: 404, otherGuest: 404, sponsor: 403 }),
  },
  {
    method: 'PUT',
    route: '/api/deliverables/:id/asset',
    url: '/api/deliverables/{deliverableA}/asset',
    mode: 'logo',
    expect: organisationA(403, 404, { guest: 404, otherGuest: 404, sponsor: 200 }),
    note: 'a real PNG as raw bytes; only the sponsor uploads, and each upload is a new round',
  },
  {
    method: 'POST',
    route: '/api/deliverables/:id/asset/decision',
    url: '/api/deliverables/{deliverableA}/asset/decision',
    body: { round: 999_999, decision: 'approve', comment: '' },
    expect: organisationA(409, 404, { guest: 404, otherGuest: 404, sponsor: 403 }),
    note: 'a round that does not exist: the organisation reaches the conditional update, which changes nothing',
  },
  {
    method: 'GET',
    route: '/api/deliverables/:id/asset/rounds/:round/file',
    url: '/api/deliverables/{deliverableA}/asset/rounds/999999/file',
    expect: organisationA(404, 404, { guest: 404, otherGuest: 404, sponsor: 404 }),
    note: 'no such round: every party gets 404 (the file of a real round is tested in modules/assets)',
  },
  {
    method: 'GET',
    route: '/api/events/:eventId/print-bundle.zip',
    url: '/api/events/{eventA}/print-bundle.zip',
    expect: organisationA(200, 404, { removed: 403, sponsor: 403 }),
    note: "the event's organisers only (another organisation's event is not found)",
  },
];
