import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/helpers.ts';
import { startIdentityApp, uniqueEmail, type IdentityTestApp } from '../../identity/test-support.ts';
import { normaliseEmail } from '../../lib/email.ts';
import { onboardedUser, pdfBytes, requester, validEvent, type TestUser } from '../events/test-support.ts';
import { joinedMember, registerWithInvitation, type SignedIn } from '../invitations/test-support.ts';

type Upload = { url: string; key: string; s3_id: string; file: string };
type Guest = { token: string; email: string; sponsorshipId: number };
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';

describe.each(ENGINES)('sponsorship decisions, own list and event counters on %s', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  let stranger: TestUser;
  let eventId: number;
  const call = requester(() => t);

  const asGuest = (method: Method, url: string, guest: Guest, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `${guest.token}:${guest.email}` },
      ...(payload ? { payload } : {}),
    });
  const asUser = (method: Method, url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

  const createEvent = async (owner: TestUser, title: string, date = '2026-07-04'): Promise<number> => {
    const res = await call('POST', '/api/event/-1', owner.token, validEvent({ title, event_date: date }));
    expect(res.statusCode).toBe(201);
    return res.json().id;
  };

  const inviteSponsor = async (
    options: { email?: string; event?: number; amount?: number; by?: TestUser } = {},
  ): Promise<Guest> => {
    const email = options.email ?? uniqueEmail('sponsor');
    const res = await call('POST', '/api/sponsor-invitation', (options.by ?? organiser).token, {
      email,
      event_id: options.event ?? eventId,
      amount_cents: options.amount ?? 50_000,
    });
    expect(res.statusCode).toBe(201);
    return { token: new URL(res.json().url).searchParams.get('token')!, email, sponsorshipId: res.json().sponsorId };
  };

  const uploadSigned = async (guest: Guest) => {
    const res = await asGuest('POST', `/api/sponsorships/${guest.sponsorshipId}/signed-agreement/upload-url`, guest, {
      file_name: 'unterschrieben.pdf',
    });
    expect(res.statusCode).toBe(200);
    const upload = res.json<Upload>();
    const put = await t.app.inject({
      method: 'PUT',
      url: upload.url,
      headers: { 'content-type': 'application/pdf' },
      payload: pdfBytes('signed'),
    });
    expect(put.statusCode).toBe(204);
    const attached = await asGuest('PUT', `/api/sponsorships/${guest.sponsorshipId}/signed-agreement`, guest, {
      s3_id: upload.s3_id,
      key: upload.key,
    });
    expect(attached.json().status).toBe('signed');
  };

  const setStatus = (guestOrToken: Guest | string, id: number, status: string) =>
    typeof guestOrToken === 'string'
      ? asUser('POST', `/api/sponsorships/${id}/status`, guestOrToken, { status })
      : asGuest('POST', `/api/sponsorships/${id}/status`, guestOrToken, { status });

  /** The notifications written into the conversation with that sponsor address. */
  const notifications = async (email: string) => {
    const rows = await t.database.db
      .selectFrom('messages as m')
      .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
      .select(['m.body'])
      .where('c.sponsor_email_normalized', '=', normaliseEmail(email))
      .where('m.type', '=', 'notification')
      .orderBy('m.id')
      .execute();
    return rows.map((r) => JSON.parse(r.body) as { key: string; params: Record<string, string> });
  };

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    [organiser, stranger] = await Promise.all([onboardedUser(t, 'veranstalter'), onboardedUser(t, 'beides')]);
    eventId = await createEvent(organiser, 'Stadtlauf');
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('lets organisers confirm a signed sponsorship only, and notes it in the conversation', async () => {
    const guest = await inviteSponsor();
    const early = await setStatus(organiser.token, guest.sponsorshipId, 'confirmed');
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('sponsorship.transition-invalid');

    await uploadSigned(guest);
    const confirmed = await setStatus(organiser.token, guest.sponsorshipId, 'confirmed');
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ id: guest.sponsorshipId, status: 'confirmed', amount_cents: 50_000 });
    expect(await notifications(guest.email)).toContainEqual({
      key: 'status_changed',
      params: { event: 'Stadtlauf', status: 'confirmed' },
    });

    // Decided: no second decision, no withdrawal, no new signed copy, no new amount.
    expect((await setStatus(organiser.token, guest.sponsorshipId, 'confirmed')).statusCode).toBe(409);
    expect((await setStatus(organiser.token, guest.sponsorshipId, 'declined')).statusCode).toBe(409);
    expect((await setStatus(guest, guest.sponsorshipId, 'withdrawn')).statusCode).toBe(409);
    const amount = await asUser('PATCH', `/api/sponsorships/${guest.sponsorshipId}`, organiser.token, {
      amount_cents: 1,
    });
    expect(amount.statusCode).toBe(409);
  });

  it('refuses the sponsor confirming or declining (403), and others (404)', async () => {
    const guest = await inviteSponsor();
    await uploadSigned(guest);
    expect((await setStatus(guest, guest.sponsorshipId, 'confirmed')).statusCode).toBe(403);
    expect((await setStatus(guest, guest.sponsorshipId, 'declined')).statusCode).toBe(403);
    const registered = await registerWithInvitation(t, guest.email, guest.token);
    expect((await setStatus(registered.token, guest.sponsorshipId, 'confirmed')).statusCode).toBe(403);
    expect(
      (await asUser('PATCH', `/api/sponsorships/${guest.sponsorshipId}`, registered.token, { amount_cents: 1 }))
        .statusCode,
    ).toBe(403);

    // An organiser of another organisation does not learn that it exists.
    expect((await setStatus(stranger.token, guest.sponsorshipId, 'confirmed')).statusCode).toBe(404);
    expect((await setStatus(stranger.token, guest.sponsorshipId, 'declined')).statusCode).toBe(404);
    expect(
      (await asUser('PATCH', `/api/sponsorships/${guest.sponsorshipId}`, stranger.token, { amount_cents: 1 }))
        .statusCode,
    ).toBe(404);
    // Another sponsor's link, and no credentials at all.
    const other = await inviteSponsor();
    expect((await setStatus(other, guest.sponsorshipId, 'withdrawn')).statusCode).toBe(404);
    expect(
      (await call('POST', `/api/sponsorships/${guest.sponsorshipId}/status`, null, { status: 'declined' })).statusCode,
    ).toBe(401);
    // The organisers cannot withdraw in the sponsor's name.
    expect((await setStatus(organiser.token, guest.sponsorshipId, 'withdrawn')).statusCode).toBe(403);
    // Nothing changed.
    expect((await call('GET', `/api/sponsorships/${guest.sponsorshipId}`, organiser.token)).json().status).toBe(
      'signed',
    );
  });

  it('lets a member with the sponsor role see, but not decide', async () => {
    const guest = await inviteSponsor();
    await uploadSigned(guest);
    const member = await joinedMember(t, organiser);
    // A member who joins takes the organisation's role; make this one a sponsor-only member.
    await t.database.db
      .updateTable('user_profiles')
      .set({ role: 'sponsor' })
      .where('cognito_id', '=', member.sub)
      .execute();
    expect((await call('GET', `/api/sponsorships/${guest.sponsorshipId}`, member.token)).statusCode).toBe(200);
    expect((await setStatus(member.token, guest.sponsorshipId, 'confirmed')).statusCode).toBe(403);
  });

  it('lets organisers decline from every open status', async () => {
    for (const reach of ['invited', 'downloaded', 'signed'] as const) {
      const guest = await inviteSponsor();
      if (reach === 'downloaded') {
        await t.database.db
          .updateTable('sponsorships')
          .set({ status: 'downloaded' })
          .where('id', '=', guest.sponsorshipId)
          .execute();
      }
      if (reach === 'signed') await uploadSigned(guest);
      const declined = await setStatus(organiser.token, guest.sponsorshipId, 'declined');
      expect(declined.statusCode, reach).toBe(200);
      expect(declined.json().status).toBe('declined');
      expect(await notifications(guest.email)).toContainEqual({
        key: 'status_changed',
        params: { event: 'Stadtlauf', status: 'declined' },
      });
      // Once declined, nothing more: the sponsor cannot return a signed copy or withdraw.
      expect((await setStatus(guest, guest.sponsorshipId, 'withdrawn')).statusCode).toBe(409);
      expect((await setStatus(organiser.token, guest.sponsorshipId, 'confirmed')).statusCode).toBe(409);
    }
  });

  it('lets the sponsor withdraw while open, as guest or signed in', async () => {
    const guest = await inviteSponsor();
    const withdrawn = await setStatus(guest, guest.sponsorshipId, 'withdrawn');
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().status).toBe('withdrawn');
    expect(await notifications(guest.email)).toContainEqual({
      key: 'status_changed',
      params: { event: 'Stadtlauf', status: 'withdrawn' },
    });
    expect((await setStatus(organiser.token, guest.sponsorshipId, 'declined')).statusCode).toBe(409);

    const second = await inviteSponsor();
    await uploadSigned(second);
    const user = await registerWithInvitation(t, second.email, second.token);
    const bySignedIn = await setStatus(user.token, second.sponsorshipId, 'withdrawn');
    expect(bySignedIn.statusCode).toBe(200);
    expect(bySignedIn.json().status).toBe('withdrawn');
    expect((await setStatus(organiser.token, second.sponsorshipId, 'confirmed')).statusCode).toBe(409);
  });

  it('refuses an unknown status and a sponsorship that does not exist', async () => {
    const guest = await inviteSponsor();
    expect((await setStatus(organiser.token, guest.sponsorshipId, 'signed')).statusCode).toBe(400);
    expect((await setStatus(organiser.token, 2_000_000_000, 'declined')).statusCode).toBe(404);
  });

  it('lets organisers change the amount while open', async () => {
    const guest = await inviteSponsor({ amount: 10_000 });
    const changed = await asUser('PATCH', `/api/sponsorships/${guest.sponsorshipId}`, organiser.token, {
      amount_cents: 250_000,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().amount_cents).toBe(250_000);
    expect((await asGuest('GET', `/api/sponsorships/${guest.sponsorshipId}`, guest)).json().amount_cents).toBe(250_000);
    const negative = await asUser('PATCH', `/api/sponsorships/${guest.sponsorshipId}`, organiser.token, {
      amount_cents: -1,
    });
    expect(negative.statusCode).toBe(400);
    // The sponsor cannot set their own amount.
    expect(
      (await asGuest('PATCH', `/api/sponsorships/${guest.sponsorshipId}`, guest, { amount_cents: 1 })).statusCode,
    ).toBe(403);
  });

  it("lists the signed-in sponsor's own sponsorships only, newest event first", async () => {
    const email = uniqueEmail('mine');
    const laterEvent = await createEvent(organiser, 'Herbstlauf', '2026-10-01');
    const strangerEvent = await createEvent(stranger, 'Fremdes Fest', '2026-08-15');
    const first = await inviteSponsor({ email, amount: 10_000 });
    const later = await inviteSponsor({ email, event: laterEvent, amount: 20_000 });
    const third = await inviteSponsor({ email, event: strangerEvent, amount: 30_000, by: stranger });
    // Someone else's sponsorship of the same event.
    await inviteSponsor({ event: laterEvent });

    const user: SignedIn = await registerWithInvitation(t, email, first.token);
    const res = await call('GET', '/api/sponsorships', user.token);
    expect(res.statusCode).toBe(200);
    const list = res.json<Array<{ id: number; event_title: string; sponsor_email: string }>>();
    expect(list.map((s) => s.id)).toEqual([later.sponsorshipId, third.sponsorshipId, first.sponsorshipId]);
    expect(list.every((s) => s.sponsor_email === email)).toBe(true);
    expect(list[1]).toMatchObject({ event_title: 'Fremdes Fest', organisation_name: 'Sportverein Musterstadt e.V.' });

    // The organisers see none of theirs as their own sponsorships; without a token, 401.
    expect((await call('GET', '/api/sponsorships', organiser.token)).json()).toEqual([]);
    expect((await call('GET', '/api/sponsorships', null)).statusCode).toBe(401);
    // Guest links are for one sponsorship, not for the list.
    expect((await asGuest('GET', '/api/sponsorships', first)).statusCode).toBe(401);
  });

  it('counts confirmed sponsors, their committed sum and the open ones on the event list', async () => {
    const owner = await onboardedUser(t, 'veranstalter');
    const counted = await createEvent(owner, 'Zählfest', '2026-09-09');
    const other = await createEvent(owner, 'Leeres Fest', '2026-09-01');
    const invite = (amount: number) => inviteSponsor({ event: counted, amount, by: owner });
    const [a, b, c, d, e] = await Promise.all([
      invite(150_000),
      invite(100_000),
      invite(70_000),
      invite(5_000),
      invite(9_000),
    ]);
    for (const guest of [a, b, c]) await uploadSigned(guest);
    for (const guest of [a, b]) {
      expect((await setStatus(owner.token, guest.sponsorshipId, 'confirmed')).statusCode).toBe(200);
    }
    expect((await setStatus(owner.token, d.sponsorshipId, 'declined')).statusCode).toBe(200);
    expect((await setStatus(e, e.sponsorshipId, 'withdrawn')).statusCode).toBe(200);
    // c stays signed (open); one more only invited (open).
    await invite(1_000);

    const res = await call('GET', `/api/events/${owner.organisationId}`, owner.token);
    expect(res.statusCode).toBe(200);
    const events =
      res.json<Array<{ id: number; sponsor_amount: number; committed_cents: number; open_sponsorships: number }>>();
    expect(events.find((ev) => ev.id === counted)).toMatchObject({
      sponsor_amount: 2,
      committed_cents: 250_000,
      open_sponsorships: 2,
    });
    expect(events.find((ev) => ev.id === other)).toMatchObject({
      sponsor_amount: 0,
      committed_cents: 0,
      open_sponsorships: 0,
    });
  });
});
