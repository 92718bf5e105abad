// Rows of the authorisation matrix for the sponsor view (decision 109): the organisation is always the
// caller's own, so B's list answers B's sponsors (200) and A's sponsor is not found for B (404); the
// removed member and the sponsor are no organisers (403); bearer only.
import { bearer, organisationA, type MatrixRow } from './route-matrix-expectations.ts';

const organisers = { removed: 403, sponsor: 403 };

export const SPONSOR_VIEW_ROWS: MatrixRow[] = [
  {
    method: 'GET',
    route: '/api/sponsors',
    url: '/api/sponsors',
    expect: bearer(200, organisers),
    note: "every organiser reads their own organisation's sponsors; B's list does not hold A's",
  },
  {
    method: 'GET',
    route: '/api/sponsors/:key',
    url: '/api/sponsors/{sponsorKeyA}',
    expect: organisationA(200, 404, organisers),
  },
  {
    method: 'POST',
    route: '/api/sponsors/:key/notes',
    url: '/api/sponsors/{sponsorKeyA}/notes',
    body: { text: 'Möchte nächstes Jahr wieder dabei sein.' },
    expect: organisationA(201, 404, organisers),
  },
];
