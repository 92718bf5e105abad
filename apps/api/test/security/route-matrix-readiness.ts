// Rows of the authorisation matrix for the readiness board: the event's organisation (owner and
// member) reads the board and the notice log and chases; B, guests and the removed member do not
// (404 for an event that is not theirs, 403 where a role is refused before looking).
import { organisationA, type MatrixRow } from './route-matrix-expectations.ts';

const theirs = organisationA(200, 404, { removed: 403, sponsor: 403 });

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
];
