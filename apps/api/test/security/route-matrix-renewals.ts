// Rows of the authorisation matrix for the next edition and renewals (decision 101): only the event's
// organisation plans and offers (B gets 404 for A's event; the removed member and the sponsor are
// refused by role first); only the sponsorship's parties read its renewal, and only its sponsor answers.
// The world's event A is no next edition and its sponsorship has no offer: the renewals test
// (modules/renewals) covers the answers with an offer for the owner, the stranger and another sponsor.
import { bearer, organisationA, type MatrixRow } from './route-matrix-expectations.ts';

const theirs = (ok: number) => organisationA(ok, 404, { removed: 403, sponsor: 403 });
/** Bearer or guest link; nobody has an offer on sponsorship A. */
const noOffer = { ...bearer(404), guest: 404, otherGuest: 404 };

export const RENEWAL_ROWS: MatrixRow[] = [
  {
    method: 'POST',
    route: '/api/event/:id/next-edition',
    url: '/api/event/{eventA}/next-edition',
    body: { title: 'Nächstes Jahr', event_date: '2031-05-01', location: 'Köln', price_change_percent: 5 },
    expect: theirs(201),
  },
  { method: 'GET', route: '/api/events/:id/renewals', url: '/api/events/{eventA}/renewals', expect: theirs(200) },
  {
    method: 'POST',
    route: '/api/events/:id/renewals',
    url: '/api/events/{eventA}/renewals',
    body: { deadline: '2031-01-01', offers: [{ previous_sponsorship_id: '{sponsorshipA}', package_id: '{packageA}' }] },
    expect: theirs(409),
    note: 'event A is no next edition: its organisation gets renewal.no-previous-edition',
  },
  {
    method: 'POST',
    route: '/api/renewal-offers/:id/reminder',
    url: '/api/renewal-offers/{sponsorshipA}/reminder',
    expect: bearer(404),
    note: 'no such offer; with one, another organisation gets 404 too (renewals test)',
  },
  {
    method: 'GET',
    route: '/api/sponsorships/:id/renewal',
    url: '/api/sponsorships/{sponsorshipA}/renewal',
    expect: organisationA(200, 404, { guest: 200, otherGuest: 404 }),
    note: 'its parties read it (no offer: null); anyone else 404',
  },
  {
    method: 'POST',
    route: '/api/sponsorships/:id/renewal/accept',
    url: '/api/sponsorships/{sponsorshipA}/renewal/accept',
    body: { package_id: '{packageA}' },
    expect: noOffer,
  },
  {
    method: 'POST',
    route: '/api/sponsorships/:id/renewal/decline',
    url: '/api/sponsorships/{sponsorshipA}/renewal/decline',
    expect: noOffer,
  },
];
