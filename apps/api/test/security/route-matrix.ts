// The authorisation matrix (issue 10): every route of the app against every kind of caller, with the
// status each must get. route-matrix.test.ts runs one test per cell and fails when the app has a route
// this table does not list. Placeholders in `url` and `body` ({eventA}, {orgB}, ...) are the world's
// ids (world.ts); a placeholder that is the whole string becomes the id itself, so numbers stay
// numbers. GET rows cover Fastify's automatic HEAD twin.
//
// Callers: anonymous (no credentials), guest (the link of a sponsor invitation to A's event, as
// `token:email`), otherGuest (the link of an invitation to B's event), sponsor (registered, invited
// to A's event under their own address), organiserB, removed (removed from A by its owner), revoked
// (member of A after GlobalSignOut), memberA (veranstalter who joined A by invitation), organiserA
// (owner of A). Rows that change state are ordered so the caller allowed to change it comes last.
import { AGREEMENT_ROWS } from './route-matrix-agreements.ts';
import { FULFILMENT_ROWS } from './route-matrix-fulfilment.ts';
import { INVOICE_ROWS } from './route-matrix-invoices.ts';
import { PACKAGE_ROWS } from './route-matrix-packages.ts';
import { TICKET_ROWS } from './route-matrix-tickets.ts';
import { READINESS_ROWS } from './route-matrix-readiness.ts';
import { RENEWAL_ROWS } from './route-matrix-renewals.ts';
import { SPONSOR_VIEW_ROWS } from './route-matrix-sponsor-view.ts';
import { IDENTITY_ROWS } from './route-matrix-identity.ts';
import { SHIPMENT_ROWS } from './route-matrix-shipments.ts';
import { CALENDAR_FEED_ROWS } from './route-matrix-calendar-feeds.ts';
import { WEBHOOK_ROWS } from './route-matrix-webhooks.ts';
import { SPONSOR_WALL_ROWS } from './route-matrix-sponsor-wall.ts';
import { SPONSOR_REPORT_ROWS } from './route-matrix-sponsor-report.ts';
import { LIFECYCLE_ROWS } from './route-matrix-lifecycle.ts';
import { bearer, everyone, guestOnly, organisationA, type MatrixRow } from './route-matrix-expectations.ts';

export type { MatrixRow } from './route-matrix-expectations.ts';

export const ROUTE_MATRIX: MatrixRow[] = [
  // Public
  { method: 'GET', route: '/api/health', url: '/api/health', expect: everyone(200) },
  { method: 'GET', route: '/api/ready', url: '/api/ready', expect: everyone(200) },
  { method: 'GET', route: '/config.json', url: '/config.json', expect: everyone(200) },
  { method: 'GET', route: '/api/docs', url: '/api/docs', expect: everyone(200) },
  { method: 'GET', route: '/api/docs/', url: '/api/docs/', expect: everyone(200) },
  { method: 'GET', route: '/api/docs/json', url: '/api/docs/json', expect: everyone(200) },
  { method: 'GET', route: '/api/docs/yaml', url: '/api/docs/yaml', expect: everyone(200) },
  { method: 'GET', route: '/api/docs/static/index.html', url: '/api/docs/static/index.html', expect: everyone(302) },
  {
    method: 'GET',
    route: '/api/docs/static/swagger-initializer.js',
    url: '/api/docs/static/swagger-initializer.js',
    expect: everyone(200),
  },
  { method: 'GET', route: '/api/docs/*', url: '/api/docs/static/swagger-ui.css', expect: everyone(200) },
  {
    method: 'GET',
    route: '/dev/mailbox',
    url: '/dev/mailbox',
    expect: everyone(404),
    note: 'only with the operator token, which no caller has',
  },
  { method: 'GET', route: '/dev/mailbox.json', url: '/dev/mailbox.json', expect: everyone(404) },
  { method: 'GET', route: '/dev/mailbox.css', url: '/dev/mailbox.css', expect: everyone(200) },
  { method: 'GET', route: '/api/invite/:code', url: '/api/invite/{inviteCode}', expect: everyone(200) },
  {
    method: 'GET',
    route: '/api/invitations/:token',
    url: '/api/invitations/{teamInvitationToken}',
    expect: everyone(200),
  },

  // Identity provider (route-matrix-identity.ts).
  ...IDENTITY_ROWS,
  // Shipments and the venue link (route-matrix-shipments.ts).
  ...SHIPMENT_ROWS,
  // Calendar feeds (route-matrix-calendar-feeds.ts).
  ...CALENDAR_FEED_ROWS,
  // Webhooks (route-matrix-webhooks.ts).
  ...WEBHOOK_ROWS,
  // Archiving and deleting events, the team page's invitations (route-matrix-lifecycle.ts).
  ...LIFECYCLE_ROWS,

  // Profiles and settings: only your own.
  {
    method: 'GET',
    route: '/api/user-profile/:cognitoId',
    url: '/api/user-profile/{organiserASub}',
    expect: organisationA(200, 403, { memberA: 403 }),
  },
  {
    method: 'PUT',
    route: '/api/user-profile/:cognitoId',
    url: '/api/user-profile/{organiserASub}',
    body: { city: 'Berlin' },
    expect: organisationA(200, 403, { memberA: 403 }),
  },
  {
    method: 'DELETE',
    route: '/api/user-profile/:cognitoId',
    url: '/api/user-profile/{expendableMemberSub}',
    expect: bearer(403),
    note: "another person's account: nobody may delete it, not even the owner of its organisation",
  },
  { method: 'GET', route: '/api/settings', url: '/api/settings', expect: bearer(200) },
  {
    method: 'PUT',
    route: '/api/settings',
    url: '/api/settings',
    body: { chat_email_notices: true, dashboard_view: 'organiser' },
    expect: bearer(200),
  },
  { method: 'GET', route: '/api/search', url: '/api/search?q=Sommerfest', expect: bearer(200) },
  { method: 'GET', route: '/api/data-export', url: '/api/data-export', expect: bearer(200) },

  // Team
  { method: 'GET', route: '/api/users/:organisationId', url: '/api/users/{orgA}', expect: organisationA(200) },
  {
    method: 'POST',
    route: '/api/invitations',
    url: '/api/invitations',
    body: { email: '{newEmail}', organisation_id: '{orgA}' },
    expect: bearer(201, { sponsor: 403, removed: 403 }),
    note: 'organisation_id in the body is ignored: the invitation is always into your own organisation',
  },
  {
    method: 'POST',
    route: '/api/invitations/accept/:token',
    url: '/api/invitations/accept/{teamInvitationToken}',
    body: { token: '{teamInvitationToken}', cognitoId: '{callerSub}', email: '{callerEmail}' },
    expect: bearer(403),
    note: 'the invitation is addressed to someone else',
  },

  // Events and files
  { method: 'GET', route: '/api/events/:organisationId', url: '/api/events/{orgA}', expect: organisationA(200) },
  {
    method: 'GET',
    route: '/api/event/:id',
    url: '/api/event/{eventA}',
    expect: organisationA(200, 404, { removed: 403, sponsor: 403 }),
  },
  {
    method: 'POST',
    route: '/api/event/:id',
    url: '/api/event/-1',
    body: { title: 'Neu', event_date: '2026-08-01', location: 'Halle', description: 'Neu.', organisation_id: '{orgA}' },
    expect: bearer(201, { sponsor: 403, removed: 403 }),
    note: "creates in the caller's own organisation; organisation_id in the body is ignored",
  },
  {
    method: 'PUT',
    route: '/api/event/:id',
    url: '/api/event/{eventA}',
    body: {
      title: 'Sommerfest A',
      event_date: '2026-07-04',
      location: 'Stadtpark Musterstadt',
      description: 'Unser Sommerfest mit Musik und Sport.',
      files: [{ s3_id: '{fileS3IdA}', name: '{fileNameA}', key: '{fileKeyA}' }],
    },
    expect: organisationA(200, 404, { removed: 403, sponsor: 403 }),
  },
  {
    method: 'GET',
    route: '/api/file/upload/:organisationId/:eventId/:fileName/:extension',
    url: '/api/file/upload/{orgA}/{eventA}/Vertrag/pdf',
    expect: organisationA(200),
  },
  {
    method: 'PUT',
    route: '/api/files/upload/:token',
    url: '(minted per cell)',
    mode: 'upload',
    expect: everyone(204),
    note: 'the signed URL is the authority (single use, 15 min): whoever holds it may PUT once',
  },
  {
    method: 'GET',
    route: '/api/download',
    url: '/api/download?key={fileKeyA}',
    expect: organisationA(200, 404, { guest: 200, otherGuest: 404, sponsor: 200 }),
    note: "404, not 403, for a key the caller may not see; A's sponsors may download A's agreement",
  },

  // Sponsorships
  { method: 'GET', route: '/api/sponsorships', url: '/api/sponsorships', expect: bearer(200) },
  {
    method: 'GET',
    route: '/api/event/:id/sponsorships',
    url: '/api/event/{eventA}/sponsorships',
    expect: organisationA(200, 404, { removed: 403, sponsor: 403 }),
  },
  {
    method: 'GET',
    route: '/api/event/:id/sponsorships.csv',
    url: '/api/event/{eventA}/sponsorships.csv',
    expect: organisationA(200, 404, { removed: 403, sponsor: 403 }),
  },
  {
    method: 'GET',
    route: '/api/sponsorships/:id',
    url: '/api/sponsorships/{sponsorshipA}',
    expect: organisationA(200, 404, { guest: 200, otherGuest: 404 }),
    note: '404 for a sponsorship the caller has nothing to do with',
  },
  {
    method: 'POST',
    route: '/api/sponsorships/:id/signed-agreement/upload-url',
    url: '/api/sponsorships/{sponsorshipA}/signed-agreement/upload-url',
    body: { file_name: 'unterschrieben.pdf' },
    expect: organisationA(404, 404, { guest: 200, otherGuest: 404 }),
    note: "only the sponsor uploads the signed copy; the organisation's people may not",
  },
  {
    method: 'PUT',
    route: '/api/sponsorships/:id/signed-agreement',
    url: '/api/sponsorships/{sponsorshipA}/signed-agreement',
    body: { s3_id: '{fileKeyB}', key: '{fileKeyB}' },
    expect: organisationA(404, 404, { guest: 400, otherGuest: 404 }),
    note: "a key of B's event is never the guest's upload",
  },
  {
    method: 'PUT',
    route: '/api/sponsorships/:id/sponsor-language',
    url: '/api/sponsorships/{sponsorshipA}/sponsor-language',
    body: { language: 'en' },
    expect: organisationA(404, 404, { guest: 200, otherGuest: 404 }),
    note: 'only the sponsor tells their language; the organisation sees the sponsorship but gets 404 here',
  },
  {
    method: 'POST',
    route: '/api/sponsorships/:id/status',
    url: '/api/sponsorships/{sponsorshipA}/status',
    body: { status: 'confirmed' },
    expect: organisationA(409, 404, { guest: 403, otherGuest: 404 }),
    note: 'organisers may confirm, but only a signed sponsorship (409 here); the sponsor may not confirm',
  },
  {
    method: 'PATCH',
    route: '/api/sponsorships/:id',
    url: '/api/sponsorships/{sponsorshipA}',
    body: { amount_cents: 25_000 },
    expect: organisationA(200, 404, { guest: 403, otherGuest: 404 }),
  },
  { method: 'GET', route: '/api/archived-agreements', url: '/api/archived-agreements', expect: bearer(200) },

  ...PACKAGE_ROWS,
  {
    method: 'GET',
    route: '/api/archived-agreements/:id/file',
    url: '/api/archived-agreements/{archivedAgreementOfSponsor}/file',
    expect: bearer(404, { sponsor: 200 }),
    note: "a deleted organisation's signed agreement (legal retention): only its sponsor, by their address",
  },
  {
    method: 'POST',
    route: '/api/sponsor-invitation',
    url: '/api/sponsor-invitation',
    body: { email: '{newEmail}', event_id: '{eventA}' },
    expect: organisationA(201, 404, { removed: 403, sponsor: 403 }),
  },
  {
    method: 'POST',
    route: '/api/sponsorships/:id/invitation',
    url: '/api/sponsorships/{sponsorshipA}/invitation',
    expect: organisationA(429, 404, { removed: 403, sponsor: 403 }),
    note: "the organisation's own sponsorship, but invited moments ago: sent again at most hourly",
  },

  ...FULFILMENT_ROWS,
  ...TICKET_ROWS,
  ...INVOICE_ROWS,
  ...AGREEMENT_ROWS,
  ...READINESS_ROWS,
  ...RENEWAL_ROWS,
  ...SPONSOR_VIEW_ROWS,
  // Sponsor profiles and the public sponsor wall (route-matrix-sponsor-wall.ts).
  ...SPONSOR_WALL_ROWS,
  ...SPONSOR_REPORT_ROWS,

  // Chat
  { method: 'GET', route: '/api/conversation', url: '/api/conversation', expect: bearer(200) },
  { method: 'GET', route: '/api/conversation/unread', url: '/api/conversation/unread', expect: bearer(200) },
  {
    method: 'GET',
    route: '/api/conversation/:id',
    url: '/api/conversation/{conversationA}',
    expect: organisationA(200, 404),
  },
  {
    method: 'POST',
    route: '/api/conversation/:id/message',
    url: '/api/conversation/{conversationA}/message',
    body: { message: 'Hallo' },
    expect: organisationA(201, 404),
  },
  {
    method: 'POST',
    route: '/api/conversation/:email',
    url: '/api/conversation/{guestEmailA}',
    body: {},
    expect: bearer(200, { sponsor: 404, removed: 404 }),
    note: "organisers get their own organisation's conversation with the address (B a new one of B's)",
  },
  { method: 'GET', route: '/api/token/conversation', url: '/api/token/conversation', expect: guestOnly(200, 200) },
  {
    method: 'GET',
    route: '/api/token/conversation/unread',
    url: '/api/token/conversation/unread',
    expect: guestOnly(200, 200),
  },
  {
    method: 'GET',
    route: '/api/token/conversation/:id',
    url: '/api/token/conversation/{conversationA}',
    expect: guestOnly(200, 404),
  },
  {
    method: 'POST',
    route: '/api/token/conversation/:id/message',
    url: '/api/token/conversation/{conversationA}/message',
    body: { message: 'Hallo' },
    expect: guestOnly(201, 404),
  },
  {
    method: 'POST',
    route: '/api/stream/ticket',
    url: '/api/stream/ticket',
    expect: { ...bearer(200), guest: 200, otherGuest: 200 },
  },
  {
    method: 'GET',
    route: '/api/stream',
    url: '/api/stream',
    mode: 'stream',
    expect: { ...bearer(200), guest: 200, otherGuest: 200 },
  },

  // Notifications (alerts): only your own.
  { method: 'GET', route: '/api/notifications', url: '/api/notifications', expect: bearer(200) },
  {
    method: 'POST',
    route: '/api/notifications/read',
    url: '/api/notifications/read',
    body: { ids: [1, 2, 3] },
    expect: bearer(200),
    note: "ids of anyone else's alerts are ignored (route-matrix.test.ts checks)",
  },

  // Dashboard
  {
    method: 'GET',
    route: '/api/organisation/:organisationId/tasks',
    url: '/api/organisation/{orgA}/tasks',
    expect: organisationA(200),
  },
  {
    method: 'GET',
    route: '/api/organisation/:organisationId/progress',
    url: '/api/organisation/{orgA}/progress',
    expect: organisationA(200),
  },
  {
    method: 'GET',
    route: '/api/organisation/:organisationId/sponsoring-numbers',
    url: '/api/organisation/{orgA}/sponsoring-numbers',
    expect: organisationA(200),
  },
  {
    method: 'GET',
    route: '/api/organisation/:id/operator-log',
    url: '/api/organisation/{orgA}/operator-log',
    expect: organisationA(200, 403, { memberA: 403 }),
    note: "the organisation's owner only",
  },

  // State-changing rows last, the allowed caller last of all.
  {
    method: 'DELETE',
    route: '/api/users/:organisationId/:cognitoId',
    url: '/api/users/{orgA}/{expendableMemberSub}',
    expect: organisationA(204, 403, { memberA: 403 }),
    note: "only the organisation's owner removes members",
  },
  {
    method: 'POST',
    route: '/api/user-profile',
    url: '/api/user-profile',
    body: {
      role: 'veranstalter',
      organisation_name: 'Neu e.V.',
      street: 'Weg',
      house_number: '1',
      postal_code: '10115',
      city: 'Berlin',
      country: 'DE',
    },
    expect: bearer(409, { removed: 201 }),
    note: 'onboarding once; a removed member may start over with an organisation of their own',
  },
];
