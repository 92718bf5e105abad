// The authorisation matrix's rows for sponsor profiles and the public sponsor wall (issue 18, points
// 4 and 5): a sponsor's own profile by address (account or any of their links; people who are not
// sponsors are refused), the consent that only the sponsorship's sponsor sets, the organisers' switch
// of the wall, and the public feed and logo files that need no sign-in.
import { everyone, organisationA, type Expectation, type MatrixRow } from './route-matrix-expectations.ts';

/** The caller's own sponsor profile: every sponsor (both links, the registered sponsor); no one else. */
const sponsorsOwn = (ok: number): Expectation => ({
  anonymous: 401,
  revoked: 401,
  guest: ok,
  otherGuest: ok,
  sponsor: ok,
  organiserB: 403,
  removed: 403,
  memberA: 403,
  organiserA: 403,
});

export const SPONSOR_WALL_ROWS: MatrixRow[] = [
  { method: 'GET', route: '/api/sponsor-profile', url: '/api/sponsor-profile', expect: sponsorsOwn(200) },
  {
    method: 'PUT',
    route: '/api/sponsor-profile',
    url: '/api/sponsor-profile',
    body: { public_name: 'Matrix AG', description_de: 'Hallo', description_en: 'Hello', website: 'https://m.example' },
    expect: sponsorsOwn(200),
  },
  {
    method: 'PUT',
    route: '/api/sponsor-profile/logo',
    url: '/api/sponsor-profile/logo',
    mode: 'logo',
    expect: sponsorsOwn(200),
    note: 'a real PNG as raw bytes',
  },
  { method: 'DELETE', route: '/api/sponsor-profile/logo', url: '/api/sponsor-profile/logo', expect: sponsorsOwn(200) },
  { method: 'GET', route: '/api/sponsor-profile/legal', url: '/api/sponsor-profile/legal', expect: sponsorsOwn(200) },
  {
    method: 'PUT',
    route: '/api/sponsor-profile/legal',
    url: '/api/sponsor-profile/legal',
    body: {
      legal_name: 'Matrix AG',
      street: 'Hauptstraße',
      house_number: '1',
      postal_code: '10115',
      city: 'Berlin',
      country: 'DE',
      vat_id: null,
      billing_email: null,
      language: 'de',
    },
    expect: sponsorsOwn(200),
  },
  {
    method: 'PUT',
    route: '/api/sponsorships/:id/wall-consent',
    url: '/api/sponsorships/{sponsorshipA}/wall-consent',
    body: { show_on_wall: false },
    expect: organisationA(403, 404, { guest: 200, otherGuest: 404 }),
    note: "the guest's sponsorship: only its sponsor consents; A's members see it but do not decide",
  },
  {
    method: 'GET',
    route: '/api/public/sponsor-logos/:profileId/:file',
    url: '/api/public/sponsor-logos/1/00000000000000000000000000000000.webp',
    expect: everyone(404),
    note: 'public by design; a logo that is not the current one is not found (sponsor-profiles.test.ts serves real ones)',
  },
  {
    method: 'GET',
    route: '/api/event/:id/sponsor-wall',
    url: '/api/event/{eventA}/sponsor-wall',
    expect: organisationA(200, 404, { removed: 403, sponsor: 403 }),
  },
  {
    method: 'PUT',
    route: '/api/event/:id/sponsor-wall',
    url: '/api/event/{eventA}/sponsor-wall',
    body: { enabled: true },
    expect: organisationA(200, 404, { removed: 403, sponsor: 403 }),
  },
  {
    method: 'GET',
    route: '/api/public/events/:id/sponsors',
    url: '/api/public/events/{eventA}/sponsors',
    expect: everyone(200),
    note: 'public once the row above switched the wall on (404 before, sponsor-wall.test.ts)',
  },
  {
    method: 'POST',
    route: '/api/public/events/:id/wall-views',
    url: '/api/public/events/{eventA}/wall-views',
    body: { placement: 'page', sponsors: [1, 2] },
    expect: everyone(204),
    note: 'public by design; counts only entries on the wall, never a credential (wall-stats.test.ts)',
  },
  {
    method: 'GET',
    route: '/api/public/events/:id/wall-click/:sponsorshipId',
    url: '/api/public/events/{eventA}/wall-click/{sponsorshipA}',
    expect: everyone(404),
    note: "public by design; A's sponsorship is not on the wall (not confirmed), so there is nothing to follow",
  },
  {
    method: 'GET',
    route: '/api/event/:id/sponsor-wall/stats',
    url: '/api/event/{eventA}/sponsor-wall/stats',
    expect: organisationA(200, 404, { removed: 403, sponsor: 403 }),
  },
  {
    method: 'GET',
    route: '/api/sponsorships/:id/wall-stats',
    url: '/api/sponsorships/{sponsorshipA}/wall-stats',
    expect: organisationA(200, 404, { guest: 200, otherGuest: 404 }),
    note: "the sponsorship's own figures: its sponsor and its organisation",
  },
];
