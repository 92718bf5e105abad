// The authorisation matrix's rows for the sealed sponsor report (issue 60 point 3, decision 108): the
// state and the PDF for both parties of the sponsorship (bearer or the sponsor's own link), the
// organisers' "send it now" (bearer only, organisers of A's organisation). The world's sponsorship
// of A is not confirmed, so its parties are told there is no report yet (409) and nobody else learns
// that it exists (404). The verification is the agreements' public route (route-matrix-agreements.ts).
import { organisationA, type MatrixRow } from './route-matrix-expectations.ts';

export const SPONSOR_REPORT_ROWS: MatrixRow[] = [
  {
    method: 'GET',
    route: '/api/sponsorships/:id/report',
    url: '/api/sponsorships/{sponsorshipA}/report',
    expect: organisationA(200, 404, { guest: 200, otherGuest: 404 }),
    note: "the report's state for both parties (available: false while not confirmed)",
  },
  {
    method: 'GET',
    route: '/api/sponsorships/:id/report.pdf',
    url: '/api/sponsorships/{sponsorshipA}/report.pdf',
    expect: organisationA(409, 404, { guest: 409, otherGuest: 404 }),
    note: 'not confirmed: sponsor-report.not-available for the parties, sponsorship.not-found for the others',
  },
  {
    method: 'POST',
    route: '/api/sponsorships/:id/report/send',
    url: '/api/sponsorships/{sponsorshipA}/report/send',
    expect: organisationA(409, 404),
    note: "the organisation's team only (as the other organiser decisions); A's sponsorship is not confirmed yet",
  },
];
