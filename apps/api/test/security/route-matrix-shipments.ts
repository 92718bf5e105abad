// Rows of the authorisation matrix for shipments (decision 082): A's organisers see A's event's
// shipments and manage its venue link; the guest of A's sponsorship sees and announces its shipments
// (the organisation sees them but does not announce); the venue routes take no credentials, only the
// venue token in the path, so an unknown token is 404 for everyone.
import { everyone, organisationA, type MatrixRow } from './route-matrix-expectations.ts';

const UNKNOWN_VENUE_TOKEN = 'A'.repeat(43);

export const SHIPMENT_ROWS: MatrixRow[] = [
  {
    method: 'GET',
    route: '/api/event/:id/shipments',
    url: '/api/event/{eventA}/shipments',
    expect: organisationA(200, 404, { removed: 403, sponsor: 403 }),
  },
  {
    method: 'GET',
    route: '/api/event/:id/venue-link',
    url: '/api/event/{eventA}/venue-link',
    expect: organisationA(200, 404, { removed: 403, sponsor: 403 }),
  },
  {
    method: 'POST',
    route: '/api/event/:id/venue-link',
    url: '/api/event/{eventA}/venue-link',
    expect: organisationA(201, 404, { removed: 403, sponsor: 403 }),
  },
  {
    method: 'DELETE',
    route: '/api/event/:id/venue-link',
    url: '/api/event/{eventA}/venue-link',
    expect: organisationA(200, 404, { removed: 403, sponsor: 403 }),
  },
  {
    method: 'GET',
    route: '/api/sponsorships/:id/shipments',
    url: '/api/sponsorships/{sponsorshipA}/shipments',
    expect: organisationA(200, 404, { guest: 200, otherGuest: 404 }),
  },
  {
    method: 'POST',
    route: '/api/sponsorships/:id/shipments',
    url: '/api/sponsorships/{sponsorshipA}/shipments',
    body: { carrier: 'DHL', tracking: '00340434161094042557', parcel_count: 2, expected_date: '2030-01-01' },
    expect: organisationA(403, 404, { guest: 201, otherGuest: 404 }),
    note: 'only the sponsor announces; the organisation sees the sponsorship but is refused',
  },
  {
    method: 'GET',
    route: '/api/venue/:token/shipments',
    url: `/api/venue/${UNKNOWN_VENUE_TOKEN}/shipments`,
    expect: everyone(404),
    note: 'the venue token is the only credential; the valid and revoked cases are in shipments.test.ts',
  },
  {
    method: 'POST',
    route: '/api/venue/:token/shipments/:id/received',
    url: `/api/venue/${UNKNOWN_VENUE_TOKEN}/shipments/1/received`,
    body: { note: null },
    expect: everyone(404),
  },
  {
    method: 'GET',
    route: '/api/sponsorships/:id/shipments/:shipmentId/photo',
    url: '/api/sponsorships/{sponsorshipA}/shipments/2147483647/photo',
    expect: organisationA(404, 404, { guest: 404, otherGuest: 404 }),
    note:
      'the parties pass the sponsorship check and get 404 shipment.not-found (no such parcel); the photo of ' +
      "a real parcel for both parties, a stranger and another sponsorship's guest is in shipments.test.ts",
  },
  {
    method: 'GET',
    route: '/api/venue/:token/shipments/:id/photo',
    url: `/api/venue/${UNKNOWN_VENUE_TOKEN}/shipments/1/photo`,
    expect: everyone(404),
  },
  {
    method: 'PUT',
    route: '/api/venue/:token/shipments/:id/photo',
    url: `/api/venue/${UNKNOWN_VENUE_TOKEN}/shipments/1/photo`,
    body: {},
    expect: everyone(404),
  },
];
