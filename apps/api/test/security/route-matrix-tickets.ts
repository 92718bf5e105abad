// Rows of the authorisation matrix for sponsor tickets: the registered sponsor and A's organisation
// see the confirmed sponsorship's seats, name people and change them; the guest of A's other
// sponsorship, B and the removed member get 404. The event's list, CSV and door are A's organisers'.
import { organisationA, type MatrixRow } from './route-matrix-expectations.ts';

const organisersOfEvent = (ok: number) => organisationA(ok, 404, { removed: 403, sponsor: 403 });

export const TICKET_ROWS: MatrixRow[] = [
  {
    method: 'GET',
    route: '/api/sponsorships/:id/tickets',
    url: '/api/sponsorships/{confirmedSponsorshipA}/tickets',
    expect: organisationA(200, 404, { sponsor: 200, guest: 404, otherGuest: 404 }),
  },
  {
    method: 'POST',
    route: '/api/sponsorships/:id/tickets',
    url: '/api/sponsorships/{confirmedSponsorshipA}/tickets',
    body: { deliverable_id: '{ticketsDeliverableA}', name: 'Grace Hopper', email: 'grace@example.org' },
    expect: organisationA(200, 404, { sponsor: 200, guest: 404, otherGuest: 404 }),
    note: 'both parties name people while seats are left',
  },
  {
    method: 'PUT',
    route: '/api/tickets/:id',
    url: '/api/tickets/{ticketA}',
    body: { name: 'Ada Lovelace', email: 'ada@example.org' },
    expect: organisationA(200, 404, { sponsor: 200, guest: 404, otherGuest: 404 }),
    note: 'the same person again keeps the ticket',
  },
  {
    method: 'GET',
    route: '/api/event/:id/tickets',
    url: '/api/event/{eventA}/tickets',
    expect: organisersOfEvent(200),
  },
  {
    method: 'GET',
    route: '/api/event/:id/tickets.csv',
    url: '/api/event/{eventA}/tickets.csv',
    expect: organisersOfEvent(200),
  },
  {
    method: 'POST',
    route: '/api/event/:id/check-in',
    url: '/api/event/{eventA}/check-in',
    body: { code: '1-1-0000-0000-0000-0000' },
    expect: organisersOfEvent(400),
    note: 'the organisers reach the door, where a code not signed by us is refused as forged',
  },
  {
    method: 'DELETE',
    route: '/api/tickets/:id',
    url: '/api/tickets/{ticketA}',
    expect: organisationA(404, 404, { sponsor: 200, guest: 404, otherGuest: 404 }),
    note: "the sponsor frees the seat; A's member and owner, asking next, find the ticket gone",
  },
];
