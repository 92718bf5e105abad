// The world the authorisation matrix runs in (built once per engine and test file): two
// organisations A and B with their organisers, a member of A, a removed member, a user whose tokens
// were revoked by GlobalSignOut, a registered sponsor, and two sponsor invitations (one per
// organisation) whose links are the guests' credentials; events, files, conversations and
// sponsorships of both organisations, a signed agreement of the sponsor archived when a third
// organisation deleted its account, and the ids the matrix's routes point at.
import type { LightMyRequestResponse } from 'fastify';
import { sponsorKeyOf } from '@sp/shared';
import {
  callIdentity,
  newInvitationCode,
  signUpAndSignIn,
  startIdentityApp,
  uniqueEmail,
  type IdentityTestApp,
} from '../../src/identity/test-support.ts';
import { onboardedUser, pdfBytes, validEvent, type TestUser } from '../../src/modules/events/test-support.ts';
import { invite, joinedMember } from '../../src/modules/invitations/test-support.ts';
import { logoFile } from '../../src/modules/sponsor-profiles/test-support.ts';
import { invoicesOfWorld } from './world-invoices.ts';
import type { Engine } from '../../src/db/column-types.ts';
import type { InvariantsOptOut } from '../helpers.ts';

export const CALLERS = [
  'anonymous',
  'guest',
  'otherGuest',
  'sponsor',
  'organiserB',
  'removed',
  'revoked',
  'memberA',
  'organiserA',
] as const;
export type Caller = (typeof CALLERS)[number];

/** What a caller sends: a bearer token, guest credentials (`token:email`), or nothing. */
export type Credentials =
  | { kind: 'none' }
  | { kind: 'bearer'; token: string; refreshToken?: string; sub: string; email: string }
  | { kind: 'guest'; header: string; token: string; email: string };

export type Upload = { url: string; key: string; s3_id: string; file: string };

export type World = {
  t: IdentityTestApp;
  engine: Engine;
  callers: Record<Caller, Credentials>;
  organiserA: TestUser;
  organiserB: TestUser;
  memberA: TestUser;
  ids: {
    orgA: number;
    orgB: number;
    eventA: number;
    eventB: number;
    fileKeyA: string;
    fileKeyB: string;
    fileS3IdA: string;
    fileNameA: string;
    conversationA: number;
    conversationB: number;
    sponsorshipA: number;
    sponsorshipB: number;
    guestEmailA: string;
    inviteCode: string;
    teamInvitationToken: string;
    /** A member of A whom nobody but A's owner may remove (the matrix removes them last). */
    expendableMemberSub: string;
    /** The registered sponsor's signed agreement with an organisation C that deleted its account. */
    archivedAgreementOfSponsor: number;
    /** A package of A's event (unlimited), offered to the guest's sponsorship: in use. */
    packageA: number;
    deliverableA: number;
    /** A photo of delivery evidence on deliverableA (issue 60, point 1). */
    evidenceA: number;
    /** The tickets deliverable of the confirmed sponsorship of A, and the one person named for it. */
    ticketsDeliverableA: number;
    ticketA: number;
    /** Another event of A, with a package to copy. */
    secondEventA: number;
    /** A's webhook endpoint (with a queued test delivery), and one the matrix removes. */
    webhookA: number;
    expendableWebhookA: number;
    webhookDeliveryA: number;
    /** A's event without sponsorships, for the rows that archive and delete one (issue 21, point 4). */
    expendableEventA: number;
    /** A team invitation of A for the rows that resend, re-link and revoke it (issue 21, point 5). */
    expendableTeamInvitationA: number;
    /** The registered sponsor's confirmed sponsorship of A (with billing details): invoices (issue 20). */
    confirmedSponsorshipA: number;
    /** An issued invoice and a draft of A for that sponsorship. */
    invoiceA: number;
    invoiceDraftA: number;
    invoiceNumberFormat: string;
    /** The sponsor view's key of the guest's address, a sponsor of A only (decision 109). */
    sponsorKeyA: string;
  };
  /** A request with the caller's credentials. */
  request: (
    caller: Caller | Credentials,
    method: string,
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
};

/** Replaces {placeholders}; a placeholder that is the whole string becomes the value itself. */
export function resolvePlaceholders(value: unknown, values: (name: string) => unknown): unknown {
  if (typeof value === 'string') {
    const whole = /^\{(\w+)\}$/.exec(value);
    if (whole) return values(whole[1]!);
    return value.replace(/\{(\w+)\}/g, (_m, name: string) => String(values(name)));
  }
  if (Array.isArray(value)) return value.map((v) => resolvePlaceholders(v, values));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolvePlaceholders(v, values)]));
  }
  return value;
}

/**
 * A small amount in cents of the caller's own (its place among the callers, from 1): the same
 * payment by two organisers would be one repeated, while the N copies of one caller's are the same.
 */
export function callerCents(w: World, credentials: Credentials): number {
  return CALLERS.findIndex((caller) => w.callers[caller] === credentials) + 1 || CALLERS.length + 1;
}

export function authorizationOf(credentials: Credentials): Record<string, string> {
  if (credentials.kind === 'bearer') return { authorization: `Bearer ${credentials.token}` };
  if (credentials.kind === 'guest') return { authorization: credentials.header };
  return {};
}

const bearerOf = (user: TestUser | { sub: string; email: string; token: string }): Credentials => ({
  kind: 'bearer',
  token: user.token,
  sub: user.sub,
  email: user.email,
});

export async function buildWorld(
  engine: Engine,
  env: NodeJS.ProcessEnv = {},
  options: InvariantsOptOut = {},
): Promise<World> {
  // Generous limits: the matrix is about who may do what, the limits have their own tests.
  const t = await startIdentityApp(engine, {
    ...options,
    listen: true,
    env: {
      RATE_LIMIT_INVITE_CODE: 'off',
      RATE_LIMIT_INVITATION_TOKEN: 'off',
      RATE_LIMIT_GUEST_CHAT: 'off',
      RATE_LIMIT_UPLOADS: 'off',
      ...env,
    },
  });
  const inject = (credentials: Credentials, method: string, url: string, payload?: unknown, headers = {}) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { ...authorizationOf(credentials), ...headers },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const must = async (res: Promise<LightMyRequestResponse>, status: number) => {
    const answer = await res;
    if (answer.statusCode !== status) throw new Error(`world setup: ${answer.statusCode} ${answer.body}`);
    return answer;
  };

  const [organiserA, organiserB, sponsorUser] = await Promise.all([
    onboardedUser(t, 'veranstalter'),
    onboardedUser(t, 'veranstalter'),
    onboardedUser(t, 'sponsor'),
  ]);
  const memberA = await joinedMember(t, organiserA);
  const removed = await joinedMember(t, organiserA);
  const revokedUser = await joinedMember(t, organiserA);
  const expendable = await joinedMember(t, organiserA);
  await must(inject(bearerOf(organiserA), 'DELETE', `/api/users/${organiserA.organisationId}/${removed.sub}`), 204);

  const A = bearerOf(organiserA);
  const B = bearerOf(organiserB);
  const eventWithFile = async (who: Credentials, organisationId: number, title: string) => {
    const eventId = (await must(inject(who, 'POST', '/api/event/-1', validEvent({ title })), 201)).json<{
      id: number;
    }>().id;
    const upload = (
      await must(inject(who, 'GET', `/api/file/upload/${organisationId}/${eventId}/Vertrag/pdf`), 200)
    ).json<Upload>();
    await must(
      t.app.inject({
        method: 'PUT',
        url: upload.url,
        headers: { 'content-type': 'application/pdf' },
        payload: pdfBytes(title),
      }),
      204,
    );
    await must(
      inject(who, 'PUT', `/api/event/${eventId}`, {
        ...validEvent({ title }),
        files: [{ s3_id: upload.s3_id, name: upload.file, key: upload.key }],
      }),
      200,
    );
    return { eventId, key: upload.key, s3Id: upload.s3_id, file: upload.file };
  };
  const [a, b] = await Promise.all([
    eventWithFile(A, organiserA.organisationId, 'Sommerfest A'),
    eventWithFile(B, organiserB.organisationId, 'Sommerfest B'),
  ]);

  const packageOf = async (who: Credentials, eventId: number, name: string) =>
    (
      await must(
        inject(who, 'POST', `/api/event/${eventId}/packages`, {
          name,
          price_cents: 100_000,
          capacity: null,
          benefits: [
            { title: 'Logo', kind: 'logo', due_date: null, sponsor_delivers: true },
            { title: 'Tickets', kind: 'tickets', due_date: '2099-12-31', sponsor_delivers: true, quantity: 20 },
          ],
        }),
        201,
      )
    ).json<{ id: number }>().id;
  const packageA = await packageOf(A, a.eventId, 'Gold A');
  const secondEventA = (
    await must(inject(A, 'POST', '/api/event/-1', validEvent({ title: 'Herbstfest A' })), 201)
  ).json<{ id: number }>().id;
  await packageOf(A, secondEventA, 'Silber A');

  const inviteGuest = async (who: Credentials, eventId: number, packageIds: number[] = []) => {
    const email = uniqueEmail('guest');
    const res = await must(
      inject(who, 'POST', '/api/sponsor-invitation', { email, event_id: eventId, package_ids: packageIds }),
      201,
    );
    const token = new URL(res.json<{ url: string }>().url).searchParams.get('token')!;
    const guest: Credentials = { kind: 'guest', header: `${token}:${email}`, token, email };
    const conversation = (await must(inject(guest, 'GET', '/api/token/conversation'), 200)).json<
      Array<{ id: number }>
    >()[0]!.id;
    return { guest, email, sponsorshipId: res.json<{ sponsorId: number }>().sponsorId, conversation };
  };
  /** The registered sponsor's sponsorship of A, assigned packageA, signed and confirmed: its first deliverable. */
  const confirmedDeliverable = async (sponsorshipId: number) => {
    const sponsor = bearerOf(sponsorUser);
    await must(inject(A, 'POST', `/api/sponsorships/${sponsorshipId}/assignment`, { package_id: packageA }), 200);
    const upload = (
      await must(
        inject(sponsor, 'POST', `/api/sponsorships/${sponsorshipId}/signed-agreement/upload-url`, {
          file_name: 'signed.pdf',
        }),
        200,
      )
    ).json<Upload>();
    await must(
      t.app.inject({
        method: 'PUT',
        url: upload.url,
        headers: { 'content-type': 'application/pdf' },
        payload: pdfBytes('signed A'),
      }),
      204,
    );
    await must(
      inject(sponsor, 'PUT', `/api/sponsorships/${sponsorshipId}/signed-agreement`, {
        s3_id: upload.s3_id,
        key: upload.key,
      }),
      200,
    );
    await must(inject(A, 'POST', `/api/sponsorships/${sponsorshipId}/status`, { status: 'confirmed' }), 200);
    const listed = (await must(inject(sponsor, 'GET', `/api/sponsorships/${sponsorshipId}/deliverables`), 200)).json<{
      deliverables: Array<{ id: number }>;
    }>();
    return listed.deliverables[0]!.id;
  };
  const guestA = await inviteGuest(A, a.eventId, [packageA]);
  const guestB = await inviteGuest(B, b.eventId);
  // The registered sponsor is invited to A's event too: their own sponsorship, not the guest's.
  const sponsorOfA = (
    await must(inject(A, 'POST', '/api/sponsor-invitation', { email: sponsorUser.email, event_id: a.eventId }), 201)
  ).json<{ sponsorId: number }>().sponsorId;
  const deliverableA = await confirmedDeliverable(sponsorOfA);
  // The confirmed sponsorship's tickets benefit, with one person the sponsor named (issue 59 point 5).
  const ticketSeats = (
    await must(inject(bearerOf(sponsorUser), 'GET', `/api/sponsorships/${sponsorOfA}/tickets`), 200)
  ).json<{ benefits: Array<{ deliverable_id: number }> }>().benefits[0]!.deliverable_id;
  const ticketA = (
    await must(
      inject(bearerOf(sponsorUser), 'POST', `/api/sponsorships/${sponsorOfA}/tickets`, {
        deliverable_id: ticketSeats,
        name: 'Ada Lovelace',
        email: 'ada@example.org',
      }),
      200,
    )
  ).json<{ benefits: Array<{ holders: Array<{ id: number }> }> }>().benefits[0]!.holders[0]!.id;
  // An asset spec the matrix's PNG (64 × 32) meets, so the sponsor's upload cell is a real upload.
  const spec = { file_types: ['png'], min_width: 10, min_height: null, transparent: false, vector: false };
  await must(
    inject(A, 'PUT', `/api/deliverables/${deliverableA}/asset-spec`, { spec: { ...spec, alt_text_required: false } }),
    200,
  );
  const evidenceA = (
    await must(
      inject(A, 'POST', `/api/deliverables/${deliverableA}/evidence/image?kind=photo`, await logoFile('png', 48, 24), {
        'content-type': 'image/png',
      }),
      200,
    )
  ).json<{ id: number }>().id;
  const { invoiceA, invoiceDraftA } = await invoicesOfWorld(t, inject, must, {
    organiser: A,
    organisationId: organiserA.organisationId,
    sponsor: bearerOf(sponsorUser),
    sponsorshipId: sponsorOfA,
  });

  // Organisation C: the registered sponsor signed its agreement, then C's only member deleted the
  // account; the signed agreement is kept in the archive for the sponsor (legal retention).
  const organiserC = await onboardedUser(t, 'veranstalter');
  const C = bearerOf(organiserC);
  const c = await eventWithFile(C, organiserC.organisationId, 'Sommerfest C');
  const sponsorshipC = (
    await must(inject(C, 'POST', '/api/sponsor-invitation', { email: sponsorUser.email, event_id: c.eventId }), 201)
  ).json<{ sponsorId: number }>().sponsorId;
  const signedUpload = (
    await must(
      inject(bearerOf(sponsorUser), 'POST', `/api/sponsorships/${sponsorshipC}/signed-agreement/upload-url`, {
        file_name: 'unterschrieben.pdf',
      }),
      200,
    )
  ).json<Upload>();
  await must(
    t.app.inject({
      method: 'PUT',
      url: signedUpload.url,
      headers: { 'content-type': 'application/pdf' },
      payload: pdfBytes('signed C'),
    }),
    204,
  );
  await must(
    inject(bearerOf(sponsorUser), 'PUT', `/api/sponsorships/${sponsorshipC}/signed-agreement`, {
      s3_id: signedUpload.s3_id,
      key: signedUpload.key,
    }),
    200,
  );
  await must(inject(C, 'DELETE', `/api/user-profile/${organiserC.sub}`), 204);
  const archived = (await must(inject(bearerOf(sponsorUser), 'GET', '/api/archived-agreements'), 200)).json<
    Array<{ id: number }>
  >();
  if (archived.length !== 1) throw new Error('world setup: the signed agreement of C was not archived');

  const signOut = await callIdentity(t.app, 'GlobalSignOut', { AccessToken: revokedUser.token });
  if (signOut.status !== 200) throw new Error(`GlobalSignOut failed: ${JSON.stringify(signOut.body)}`);
  // Refused at once: the process that signed the user out forgets its cached answers (decision 004).

  const teamInvitation = await invite(t, organiserA, uniqueEmail('invitee'));
  const spareInvitee = uniqueEmail('spare-invitee');
  await invite(t, organiserA, spareInvitee);
  const teamInvitationsA = (
    await must(inject(A, 'GET', `/api/organisation/${organiserA.organisationId}/team-invitations`), 200)
  ).json<Array<{ id: number; email: string }>>();
  const expendableTeamInvitationA = teamInvitationsA.find((i) => i.email === spareInvitee)!.id;
  const expendableEventA = (
    await must(inject(A, 'POST', '/api/event/-1', validEvent({ title: 'Wegwerffest A' })), 201)
  ).json<{ id: number }>().id;
  // Webhooks (decision 111): one of A's endpoints with a queued test message, and one to remove.
  const makeWebhook = async () =>
    (
      await must(
        inject(A, 'POST', '/api/webhooks', { url: 'https://hooks.example.org/matrix', event_types: ['invoice.paid'] }),
        201,
      )
    ).json<{ endpoint: { id: number } }>().endpoint.id;
  const webhookA = await makeWebhook();
  const expendableWebhookA = await makeWebhook();
  const webhookDeliveryA = (await must(inject(A, 'POST', `/api/webhooks/${webhookA}/test`), 202)).json<{
    delivery: { id: number };
  }>().delivery.id;
  const callers: Record<Caller, Credentials> = {
    anonymous: { kind: 'none' },
    guest: guestA.guest,
    otherGuest: guestB.guest,
    sponsor: bearerOf(sponsorUser),
    organiserB: B,
    removed: bearerOf(removed),
    revoked: bearerOf(revokedUser),
    memberA: bearerOf(memberA),
    organiserA: A,
  };

  return {
    t,
    engine,
    callers,
    organiserA,
    organiserB,
    memberA,
    ids: {
      orgA: organiserA.organisationId,
      orgB: organiserB.organisationId,
      eventA: a.eventId,
      eventB: b.eventId,
      fileKeyA: a.key,
      fileKeyB: b.key,
      fileS3IdA: a.s3Id,
      fileNameA: a.file,
      conversationA: guestA.conversation,
      conversationB: guestB.conversation,
      sponsorshipA: guestA.sponsorshipId,
      sponsorshipB: guestB.sponsorshipId,
      guestEmailA: guestA.email,
      inviteCode: await newInvitationCode(t.database.db),
      teamInvitationToken: teamInvitation.token,
      expendableMemberSub: expendable.sub,
      archivedAgreementOfSponsor: archived[0]!.id,
      packageA,
      secondEventA,
      deliverableA,
      evidenceA,
      ticketsDeliverableA: ticketSeats,
      ticketA,
      expendableEventA,
      expendableTeamInvitationA,
      confirmedSponsorshipA: sponsorOfA,
      invoiceA,
      invoiceDraftA,
      invoiceNumberFormat: 'RE-{YYYY}-{NNNN}',
      sponsorKeyA: sponsorKeyOf(guestA.email.trim().toLowerCase()),
      webhookA,
      expendableWebhookA,
      webhookDeliveryA,
    },
    request: (caller, method, url, payload, headers) =>
      inject(typeof caller === 'string' ? callers[caller] : caller, method, url, payload, headers),
    close: () => t.close(),
  };
}

/** A new signed-in account, for identity operations that would change a matrix caller's own account. */
export async function throwawayAccount(t: IdentityTestApp): Promise<Credentials & { kind: 'bearer' }> {
  const user = await signUpAndSignIn(t, uniqueEmail('throwaway'));
  return { kind: 'bearer', token: user.AccessToken, refreshToken: user.RefreshToken, sub: user.sub, email: user.email };
}
