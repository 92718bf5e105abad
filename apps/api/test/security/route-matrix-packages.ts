// Rows of the authorisation matrix for packages (issue 18, points 1-2), beside route-matrix.ts to keep it
// short: the organisers of the event's organisation manage them; the sponsorship's two parties see its
// offer, the sponsor chooses, the organisers assign and change the amount.
import { organisationA, type MatrixRow } from './route-matrix-expectations.ts';

export const PACKAGE_ROWS: MatrixRow[] = [
  {
    method: 'GET',
    route: '/api/event/:id/packages',
    url: '/api/event/{eventA}/packages',
    expect: organisationA(200, 404, { removed: 403, sponsor: 403 }),
  },
  {
    method: 'POST',
    route: '/api/event/:id/packages',
    url: '/api/event/{eventA}/packages',
    body: { name: 'Bronze', price_cents: 50_000, capacity: 10, benefits: [] },
    expect: organisationA(201, 404, { removed: 403, sponsor: 403 }),
  },
  {
    method: 'PUT',
    route: '/api/event/:id/packages/order',
    url: '/api/event/{eventA}/packages/order',
    body: { package_ids: ['{packageA}'] },
    expect: organisationA(400, 404, { removed: 403, sponsor: 403 }),
    note: 'every package of the event must be named; the rows above add packages, so A gets 400 here',
  },
  {
    method: 'POST',
    route: '/api/event/:id/packages/copy',
    url: '/api/event/{eventA}/packages/copy',
    body: { from_event_id: '{secondEventA}' },
    expect: organisationA(200, 404, { removed: 403, sponsor: 403 }),
  },
  {
    method: 'PUT',
    route: '/api/packages/:id',
    url: '/api/packages/{packageA}',
    body: { name: 'Gold A', price_cents: 100_000, capacity: null, benefits: [] },
    expect: organisationA(200, 404, { removed: 403, sponsor: 403 }),
  },
  {
    method: 'POST',
    route: '/api/packages/:id/archive',
    url: '/api/packages/{packageA}/archive',
    body: { archived: false },
    expect: organisationA(200, 404, { removed: 403, sponsor: 403 }),
  },
  {
    method: 'DELETE',
    route: '/api/packages/:id',
    url: '/api/packages/{packageA}',
    expect: organisationA(409, 404, { removed: 403, sponsor: 403 }),
    note: 'offered to the guest: in use, so A may only archive it',
  },
  {
    method: 'GET',
    route: '/api/sponsorships/:id/packages',
    url: '/api/sponsorships/{sponsorshipA}/packages',
    expect: organisationA(200, 404, { guest: 200, otherGuest: 404 }),
  },
  {
    method: 'POST',
    route: '/api/sponsorships/:id/package',
    url: '/api/sponsorships/{sponsorshipA}/package',
    body: { package_id: '{packageA}' },
    expect: organisationA(403, 404, { guest: 200, otherGuest: 404 }),
    note: 'only the sponsor chooses; organisers assign',
  },
  {
    method: 'POST',
    route: '/api/sponsorships/:id/assignment',
    url: '/api/sponsorships/{sponsorshipA}/assignment',
    body: { amount_cents: 30_000, note: 'Rabatt' },
    expect: organisationA(200, 404, { guest: 403, otherGuest: 404 }),
  },
];
