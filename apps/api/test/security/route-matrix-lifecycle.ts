// Rows of the authorisation matrix (route-matrix.ts) for issue 21, points 4 and 5: archiving and
// deleting an event, and the team page's invitations. Organisers of A (owner and member) may do all
// of it; the others are refused as for the event and invitation rows. The rows use A's expendable
// event and team invitation, so the matrix's other rows keep theirs.
import { organisationA, type MatrixRow } from './route-matrix-expectations.ts';

/** As reading an event: B's organiser finds nothing, a sponsor and a removed member are no organisers. */
const organisersOfA = (ok: number, overrides = {}) =>
  organisationA(ok, 404, { removed: 403, sponsor: 403, ...overrides });

export const LIFECYCLE_ROWS: MatrixRow[] = [
  {
    method: 'POST',
    route: '/api/event/:id/archive',
    url: '/api/event/{expendableEventA}/archive',
    expect: organisersOfA(200),
  },
  {
    method: 'POST',
    route: '/api/event/:id/unarchive',
    url: '/api/event/{expendableEventA}/unarchive',
    expect: organisersOfA(200),
  },
  {
    method: 'GET',
    route: '/api/event/:id/deletion',
    url: '/api/event/{expendableEventA}/deletion',
    expect: organisersOfA(200),
  },
  {
    method: 'DELETE',
    route: '/api/event/:id',
    url: '/api/event/{expendableEventA}',
    expect: organisersOfA(204, { organiserA: 404 }),
    note: "A's member deletes the event; A's owner, asking next, finds it gone (deleting is final)",
  },
  {
    method: 'GET',
    route: '/api/organisation/:organisationId/team-invitations',
    url: '/api/organisation/{orgA}/team-invitations',
    expect: organisationA(200),
  },
  {
    method: 'POST',
    route: '/api/team-invitations/:id/resend',
    url: '/api/team-invitations/{expendableTeamInvitationA}/resend',
    expect: organisersOfA(200),
  },
  {
    method: 'POST',
    route: '/api/team-invitations/:id/link',
    url: '/api/team-invitations/{expendableTeamInvitationA}/link',
    expect: organisersOfA(200),
  },
  {
    method: 'DELETE',
    route: '/api/team-invitations/:id',
    url: '/api/team-invitations/{expendableTeamInvitationA}',
    expect: organisersOfA(200),
    note: 'revoking twice keeps the invitation revoked',
  },
];
