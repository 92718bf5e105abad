// Rows of the authorisation matrix for the readiness board: the event's organisation (owner and
// member) reads the board and the notice log and chases; B, guests and the removed member do not
// (404 for an event that is not theirs, 403 where a role is refused before looking).
import { bearer, organisationA, type MatrixRow } from './route-matrix-expectations.ts';

const theirs = organisationA(200, 404, { removed: 403, sponsor: 403 });
/** Across events: every organiser reads their own organisation's board (B's is B's); sponsors are refused. */
const ownOrganisation = bearer(200, { removed: 403, sponsor: 403 });

export const READINESS_ROWS: MatrixRow[] = [
  { method: 'GET', route: '/api/events/:eventId/readiness', url: '/api/events/{eventA}/readiness', expect: theirs },
  {
    method: 'POST',
    route: '/api/events/:eventId/readiness/chase',
    url: '/api/events/{eventA}/readiness/chase',
    body: { all_waiting_sponsor: true, dry_run: true },
    expect: theirs,
  },
  {
    method: 'GET',
    route: '/api/events/:eventId/readiness/notices',
    url: '/api/events/{eventA}/readiness/notices',
    expect: theirs,
  },
  { method: 'GET', route: '/api/readiness', url: '/api/readiness', expect: ownOrganisation },
  {
    method: 'POST',
    route: '/api/readiness/chase',
    url: '/api/readiness/chase',
    body: { all_waiting_sponsor: true, dry_run: true },
    expect: ownOrganisation,
    note: 'B chases only its own sponsorships (an id of A is not among its rows: the across-events test)',
  },
];
