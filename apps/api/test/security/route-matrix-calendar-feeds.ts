// Rows of the authorisation matrix for calendar feeds (decision 088): every organiser makes, lists and
// revokes their own organisation's feed and their own person feed (B's organiser gets B's, never A's:
// there is no id to name another's); sponsors and removed members are refused. A sponsorship's feed is
// its sponsor's: the guest of A's sponsorship gets it, A's organisation sees the sponsorship but is
// refused, anyone else 404. The feed itself takes no credentials, only the token in the path.
import { bearer, everyone, organisationA, type MatrixRow } from './route-matrix-expectations.ts';

const UNKNOWN_FEED_TOKEN = 'A'.repeat(43);
const organisers = (ok: number) => bearer(ok, { sponsor: 403, removed: 403 });
const sponsorOfA = (ok: number) => organisationA(403, 404, { guest: ok, otherGuest: 404 });

export const CALENDAR_FEED_ROWS: MatrixRow[] = [
  {
    method: 'GET',
    route: '/api/calendar/:token.ics',
    url: `/api/calendar/${UNKNOWN_FEED_TOKEN}.ics`,
    expect: everyone(404),
    note: 'the token is the only credential; valid, rotated and revoked feeds are in calendar-feeds.test.ts',
  },
  { method: 'GET', route: '/api/calendar-feeds', url: '/api/calendar-feeds', expect: organisers(200) },
  {
    method: 'POST',
    route: '/api/calendar-feeds/:kind',
    url: '/api/calendar-feeds/organisation',
    body: { language: 'de' },
    expect: organisers(201),
    note: "always the caller's own organisation or own person feed",
  },
  {
    method: 'DELETE',
    route: '/api/calendar-feeds/:kind',
    url: '/api/calendar-feeds/person',
    expect: organisers(200),
  },
  {
    method: 'GET',
    route: '/api/sponsorships/:id/calendar-feed',
    url: '/api/sponsorships/{sponsorshipA}/calendar-feed',
    expect: sponsorOfA(200),
  },
  {
    method: 'POST',
    route: '/api/sponsorships/:id/calendar-feed',
    url: '/api/sponsorships/{sponsorshipA}/calendar-feed',
    body: { language: 'en' },
    expect: sponsorOfA(201),
    note: 'only the sponsor subscribes to their sponsorship; the organisation has its own feed',
  },
  {
    method: 'DELETE',
    route: '/api/sponsorships/:id/calendar-feed',
    url: '/api/sponsorships/{sponsorshipA}/calendar-feed',
    expect: sponsorOfA(200),
  },
];
