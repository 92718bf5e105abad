import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/helpers.ts';
import { lastOutboxId, startIdentityApp, uniqueEmail, type IdentityTestApp } from '../../identity/test-support.ts';
import { listOutbox } from '../../ports/mail/outbox.ts';
import { onboardedUser, requester, validEvent, type TestUser } from '../events/test-support.ts';
import { accept, invite, joinedMember, registerWithInvitation, signUpWithInvitation } from './test-support.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

// Issue 21, point 5: pending team invitations on the team page with state and expiry; resend, copy
// a link and revoke at any time; a revoked link says so.
describe.each(ENGINES)('team invitations on %s', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  let other: TestUser;
  let sponsorUser: TestUser;
  const call = requester(() => t);
  const listOf = async (user = organiser) => {
    const res = await call('GET', `/api/organisation/${user.organisationId}/team-invitations`, user.token);
    expect(res.statusCode).toBe(200);
    return res.json() as { id: number; email: string; state: string; expires_at: string; revoked_at: string | null }[];
  };
  const entryFor = async (email: string) => (await listOf()).find((i) => i.email === email)!;

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    [organiser, other, sponsorUser] = await Promise.all([
      onboardedUser(t, 'veranstalter'),
      onboardedUser(t, 'veranstalter'),
      onboardedUser(t, 'sponsor'),
    ]);
  });
  afterAll(async () => t.close());

  it('lists the invitations with state and expiry, newest first, and an accepted one as accepted', async () => {
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    const sent = await invite(t, organiser, first);
    await invite(t, organiser, second);
    const list = await listOf();
    const emails = list.map((i) => i.email);
    expect(emails.indexOf(second)).toBeLessThan(emails.indexOf(first));
    const entry = list.find((i) => i.email === first)!;
    expect(entry).toMatchObject({ state: 'pending', role: 'veranstalter', revoked_at: null, accepted_at: null });
    expect(entry.expires_at).toBe(sent.expires_at);
    expect(JSON.stringify(list)).not.toContain(sent.token);

    const user = await registerWithInvitation(t, first, sent.token);
    expect((await accept(t, user, sent.token)).statusCode).toBe(200);
    expect((await entryFor(first)).state).toBe('accepted');
    // Sponsor invitations are not team invitations.
    expect(list.every((i) => !i.email.startsWith('sponsor'))).toBe(true);
  });

  it('shows an invitation past its expiry as expired, and resending makes it pending with a new link and expiry', async () => {
    const email = uniqueEmail('late');
    const sent = await invite(t, organiser, email);
    const { id } = await entryFor(email);
    await t.database.db
      .updateTable('invitations')
      .set({ expires_at: new Date(t.clock().getTime() - DAY_MS).toISOString() })
      .where('id', '=', id)
      .execute();
    expect((await entryFor(email)).state).toBe('expired');

    const after = await lastOutboxId(t.database.db);
    const resent = await call('POST', `/api/team-invitations/${id}/resend`, organiser.token);
    expect(resent.statusCode).toBe(200);
    const body = resent.json();
    expect(body).toMatchObject({ id, email, organisation_id: organiser.organisationId });
    expect(body.token).not.toBe(sent.token);
    expect(Date.parse(body.expires_at) - t.clock().getTime()).toBe(7 * DAY_MS);
    const mails = (await listOutbox(t.database.db, 200)).filter((m) => m.to === email && m.id > after);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(body.url);
    expect((await entryFor(email)).state).toBe('pending');
    // The old link is dead, the new one works.
    expect((await call('GET', `/api/invitations/${sent.token}`, null)).statusCode).toBe(404);
    expect((await call('GET', `/api/invitations/${body.token}`, null)).statusCode).toBe(200);
  });

  it('copies a fresh link without mailing it; the earlier link stops working', async () => {
    const email = uniqueEmail('copy');
    const sent = await invite(t, organiser, email);
    const { id } = await entryFor(email);
    const after = await lastOutboxId(t.database.db);
    const link = await call('POST', `/api/team-invitations/${id}/link`, organiser.token);
    expect(link.statusCode).toBe(200);
    const url = new URL(link.json().url);
    expect(url.pathname).toBe('/invite/');
    expect(url.searchParams.get('email')).toBe(email);
    expect((await listOutbox(t.database.db, 200)).filter((m) => m.to === email && m.id > after)).toEqual([]);
    expect((await call('GET', `/api/invitations/${sent.token}`, null)).statusCode).toBe(404);
    expect((await call('GET', `/api/invitations/${link.json().token}`, null)).statusCode).toBe(200);
  });

  it('revokes: the link says revoked, cannot be used to sign up or accept, and resending revives it', async () => {
    const email = uniqueEmail('revoked');
    const sent = await invite(t, organiser, email);
    const { id } = await entryFor(email);
    const revoked = await call('DELETE', `/api/team-invitations/${id}`, organiser.token);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ id, state: 'revoked' });
    expect((await entryFor(email)).state).toBe('revoked');

    const lookup = await call('GET', `/api/invitations/${sent.token}`, null);
    expect(lookup.statusCode).toBe(410);
    expect(lookup.json().code).toBe('invitation.revoked');
    expect((await signUpWithInvitation(t, email, sent.token)).status).not.toBe(200);
    const tasks = await call('GET', `/api/organisation/${organiser.organisationId}/tasks`, organiser.token);
    expect(JSON.stringify(tasks.json().pending_invitations)).not.toContain(email);

    const resent = await call('POST', `/api/team-invitations/${id}/resend`, organiser.token);
    expect(resent.statusCode).toBe(200);
    expect((await entryFor(email)).state).toBe('pending');
    expect((await call('GET', `/api/invitations/${resent.json().token}`, null)).statusCode).toBe(200);
  });

  it('refuses a revoked link at acceptance with its own code', async () => {
    const email = uniqueEmail('late-revoke');
    const sent = await invite(t, organiser, email);
    const user = await registerWithInvitation(t, email, sent.token);
    const { id } = await entryFor(email);
    expect((await call('DELETE', `/api/team-invitations/${id}`, organiser.token)).statusCode).toBe(200);
    const res = await accept(t, user, sent.token);
    expect(res.statusCode).toBe(410);
    expect(res.json().code).toBe('invitation.revoked');
  });

  it('refuses resending, copying and revoking an accepted invitation', async () => {
    const member = await joinedMember(t, organiser);
    const { id } = await entryFor(member.email);
    for (const [method, url] of [
      ['POST', `/api/team-invitations/${id}/resend`],
      ['POST', `/api/team-invitations/${id}/link`],
      ['DELETE', `/api/team-invitations/${id}`],
    ] as const) {
      const res = await call(method, url, organiser.token);
      expect(res.statusCode, url).toBe(409);
      expect(res.json().code).toBe('invitation.already-accepted');
    }
  });

  it('keeps another organisation, a sponsor and anonymous callers out; an organising member may manage them', async () => {
    const email = uniqueEmail('guarded');
    await invite(t, organiser, email);
    const { id } = await entryFor(email);
    const theirs = await call('GET', `/api/organisation/${organiser.organisationId}/team-invitations`, other.token);
    expect(theirs.statusCode).toBe(403);
    expect((await call('GET', `/api/organisation/${organiser.organisationId}/team-invitations`, null)).statusCode).toBe(
      401,
    );
    expect(
      (await call('GET', `/api/organisation/${sponsorUser.organisationId}/team-invitations`, sponsorUser.token))
        .statusCode,
    ).toBe(403);
    for (const [method, url] of [
      ['POST', `/api/team-invitations/${id}/resend`],
      ['POST', `/api/team-invitations/${id}/link`],
      ['DELETE', `/api/team-invitations/${id}`],
    ] as const) {
      expect((await call(method, url, null)).statusCode, url).toBe(401);
      const other404 = await call(method, url, other.token);
      expect(other404.statusCode, url).toBe(404);
      expect(other404.json().code).toBe('invitation.not-found');
      expect((await call(method, url, sponsorUser.token)).statusCode, url).toBe(403);
    }
    expect((await entryFor(email)).state).toBe('pending');
    // A sponsor invitation's id is not a team invitation.
    const event = await call('POST', '/api/event/-1', organiser.token, validEvent());
    const invited = await call('POST', '/api/sponsor-invitation', organiser.token, {
      email: uniqueEmail('sponsor'),
      event_id: event.json().id,
    });
    const sponsorInvitation = await t.database.db
      .selectFrom('invitations')
      .select('id')
      .where('sponsorship_id', '=', invited.json().sponsorId)
      .executeTakeFirstOrThrow();
    const notTeam = await call('DELETE', `/api/team-invitations/${sponsorInvitation.id}`, organiser.token);
    expect(notTeam.statusCode).toBe(404);
    const member = await joinedMember(t, organiser);
    expect((await call('DELETE', `/api/team-invitations/${id}`, member.token)).statusCode).toBe(200);
    expect((await listOf(member)).find((i) => i.email === email)!.state).toBe('revoked');
  });
});
