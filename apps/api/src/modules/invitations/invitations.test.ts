import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/helpers.ts';
import {
  lastOutboxId,
  signUpAndSignIn,
  startIdentityApp,
  uniqueEmail,
  type IdentityTestApp,
} from '../../identity/test-support.ts';
import { listOutbox } from '../../ports/mail/outbox.ts';
import { renderInvitationMail } from '../../ports/mail/templates.ts';
import { toDbTime } from '../../db/values.ts';
import { REMIND_AFTER_MS, REPEAT_WITHIN_MS } from './service.ts';
import { MASTER_DATA, onboardedUser, pdfBytes, requester, validEvent, type TestUser } from '../events/test-support.ts';
import { accept, invite, registerWithInvitation, signIn, signUpWithInvitation } from './test-support.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(ENGINES)('invitations on %s', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  let other: TestUser;
  let sponsor: TestUser;
  const call = requester(() => t);

  const mailsTo = async (to: string, after = 0) =>
    (await listOutbox(t.database.db, 200)).filter((m) => m.to === to && m.id > after);

  let sponsorEventId: number;

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    [organiser, other, sponsor] = await Promise.all([
      onboardedUser(t, 'veranstalter'),
      onboardedUser(t, 'beides'),
      onboardedUser(t, 'sponsor'),
    ]);
    sponsorEventId = (await call('POST', '/api/event/-1', organiser.token, validEvent({ title: 'Doppelklick' }))).json()
      .id;
  });
  afterAll(async () => t.close());

  it('refuses inviting without a token and as a sponsor-only user', async () => {
    expect((await call('POST', '/api/invitations', null, { email: uniqueEmail() })).statusCode).toBe(401);
    const res = await call('POST', '/api/invitations', sponsor.token, { email: uniqueEmail() });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('event.organisers-only');
  });

  it("invites into the inviter's own organisation with the inviter's own role and mails the link in German", async () => {
    const email = uniqueEmail('Invitee');
    const after = await lastOutboxId(t.database.db);
    const res = await call('POST', '/api/invitations', organiser.token, {
      email,
      organisation_id: other.organisationId,
      role: 'sponsor',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ organisation_id: organiser.organisationId, email, role: 'veranstalter' });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const url = new URL(body.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${t.config.publicUrl}/invite/`);
    expect(url.searchParams.get('token')).toBe(body.token);
    expect(url.searchParams.get('email')).toBe(email);
    expect(Date.parse(body.expires_at) - t.clock().getTime()).toBe(7 * DAY_MS);

    const mails = await mailsTo(email, after);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Einladung');
    expect(mails[0]!.text).toContain(body.url);
  });

  it('mails in English when the request asks for it', async () => {
    const email = uniqueEmail();
    const after = await lastOutboxId(t.database.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/invitations',
      headers: { authorization: `Bearer ${organiser.token}`, 'accept-language': 'en-GB,en;q=0.9' },
      payload: { email },
    });
    expect(res.statusCode).toBe(201);
    const [mail] = await mailsTo(email, after);
    expect(mail!.subject).toContain('Invitation to join');
    expect(mail!.text).toContain(res.json().url);
  });

  it('answers 409 and sends nothing for an address already in the organisation', async () => {
    const after = await lastOutboxId(t.database.db);
    const res = await call('POST', '/api/invitations', organiser.token, { email: organiser.email.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'team.already-member', detail: 'Already a member of this organisation' });
    expect(await lastOutboxId(t.database.db)).toBe(after);
  });

  it('shows the organisation name and nothing private on lookup, and 404 for unknown links', async () => {
    const email = uniqueEmail();
    const invitation = await invite(t, organiser, email);
    const res = await call('GET', `/api/invitations/${invitation.token}`, null);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      organisation_name: 'Sportverein Musterstadt e.V.',
      kind: 'team',
      email,
      event_id: null,
      event_title: null,
      sponsorship_id: null,
      expires_at: invitation.expires_at,
    });
    for (const token of ['x'.repeat(43), 'nope']) {
      const unknown = await call('GET', `/api/invitations/${token}`, null);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({
        detail: 'Invitation link invalid or expired.',
        code: 'invitation.link-invalid',
      });
    }
  });

  it('signs up with an invitation token and no code, but not with a token for another address', async () => {
    const email = uniqueEmail();
    const invitation = await invite(t, organiser, email);
    const wrong = await signUpWithInvitation(t, uniqueEmail('stranger'), invitation.token);
    expect(wrong.status).toBe(400);
    const none = await signUpWithInvitation(t, uniqueEmail('stranger'), 'y'.repeat(43));
    expect(none.status).toBe(400);

    const user = await registerWithInvitation(t, email.toUpperCase(), invitation.token);
    expect(user.sub).toBeTruthy();
  });

  it('accepts only for the named user, once; the member gets the organisation and the role', async () => {
    const email = uniqueEmail();
    const invitation = await invite(t, organiser, email);
    const user = await registerWithInvitation(t, email, invitation.token);
    const stranger = await signUpAndSignIn(t);

    // Another user presenting the link, or claiming another cognitoId, is refused.
    const asStranger = await accept(
      t,
      { sub: stranger.sub, email: stranger.email, token: stranger.AccessToken },
      invitation.token,
    );
    expect(asStranger.statusCode).toBe(403);
    const spoofed = await call('POST', `/api/invitations/accept/${invitation.token}`, stranger.AccessToken, {
      token: invitation.token,
      cognitoId: user.sub,
      email,
    });
    expect(spoofed.statusCode).toBe(403);

    const res = await accept(t, user, invitation.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      cognito_id: user.sub,
      email,
      organisation_id: organiser.organisationId,
      organisation_name: 'Sportverein Musterstadt e.V.',
      organisation_role: 'member',
      role: 'veranstalter',
      onboarding_completed: true,
    });
    const again = await accept(t, user, invitation.token);
    expect(again.statusCode).toBe(404);
    expect(again.json().detail).toBe('Token invalid or expired');
    expect((await call('GET', `/api/invitations/${invitation.token}`, null)).statusCode).toBe(404);
    // The new member is part of the organisation for its events at once.
    expect((await call('GET', `/api/events/${organiser.organisationId}`, user.token)).statusCode).toBe(200);
  });

  it('refuses accepting for a user who already belongs to an organisation', async () => {
    const invitation = await invite(t, organiser, other.email);
    const res = await accept(t, other, invitation.token);
    expect(res.statusCode).toBe(409);
    // Refused without using the link up.
    expect((await call('GET', `/api/invitations/${invitation.token}`, null)).statusCode).toBe(200);
  });

  it('replaces an earlier invitation for the same address', async () => {
    const email = uniqueEmail();
    const first = await invite(t, organiser, email);
    t.clock.advance(REPEAT_WITHIN_MS + 1);
    const second = await invite(t, organiser, email.toUpperCase());
    expect((await call('GET', `/api/invitations/${first.token}`, null)).statusCode).toBe(404);
    expect((await call('GET', `/api/invitations/${second.token}`, null)).statusCode).toBe(200);
  });

  it('sends the same invitation fired five times at once once: one mail, one working link (issue 55)', async () => {
    for (const [url, body] of [
      ['/api/invitations', { email: uniqueEmail('double-click') }],
      ['/api/sponsor-invitation', { email: uniqueEmail('double-click'), event_id: sponsorEventId }],
    ] as const) {
      const after = await lastOutboxId(t.database.db);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => call('POST', url, organiser.token, body as Record<string, unknown>)),
      );
      expect(answers.map((a) => a.statusCode).sort(), url).toEqual([201, 409, 409, 409, 409]);
      expect(answers.filter((a) => a.statusCode === 409).map((a) => a.json().code)).toEqual(
        Array(4).fill('invitation.just-sent'),
      );
      const mails = await mailsTo(body.email, after);
      expect(mails).toHaveLength(1);
      const sent = answers.find((a) => a.statusCode === 201)!.json<{ url: string }>().url;
      expect(mails[0]!.text).toContain(sent);
      const token = new URL(sent).searchParams.get('token')!;
      expect((await call('GET', `/api/invitations/${token}`, null)).statusCode).toBe(200);
      // Moments later it is a new invitation again, whose link replaces the first.
      t.clock.advance(REPEAT_WITHIN_MS + 1);
      expect((await call('POST', url, organiser.token, body as Record<string, unknown>)).statusCode).toBe(201);
      expect((await call('GET', `/api/invitations/${token}`, null)).statusCode).toBe(404);
    }
  });

  describe('sponsor invitations', () => {
    let eventId: number;
    beforeAll(async () => {
      eventId = (await call('POST', '/api/event/-1', organiser.token, validEvent({ title: 'Stadtlauf' }))).json().id;
    });

    it('creates a sponsorship, mails the sponsor link and counts it as open', async () => {
      const email = uniqueEmail('sponsor');
      const after = await lastOutboxId(t.database.db);
      const res = await call('POST', '/api/sponsor-invitation', organiser.token, {
        email,
        event_id: eventId,
        amount_cents: 150_000,
      });
      expect(res.statusCode).toBe(201);
      const { sponsorId, url } = res.json();
      expect(sponsorId).toBeGreaterThan(0);
      const link = new URL(url);
      expect(`${link.origin}${link.pathname}`).toBe(`${t.config.publicUrl}/invite-sponsor/`);
      expect(link.searchParams.get('email')).toBe(email);
      const [mail] = await mailsTo(email, after);
      expect(mail!.text).toContain(url);
      expect(mail!.subject).toContain('Stadtlauf');

      const token = link.searchParams.get('token')!;
      const lookup = await call('GET', `/api/invitations/${token}`, null);
      expect(lookup.json()).toMatchObject({ kind: 'sponsor', email, event_id: eventId, event_title: 'Stadtlauf' });
      expect(Date.parse(lookup.json().expires_at) - t.clock().getTime()).toBe(90 * DAY_MS);

      const list = (await call('GET', `/api/events/${organiser.organisationId}`, organiser.token)).json();
      expect(list.find((e: { id: number }) => e.id === eventId)).toMatchObject({
        open_sponsorships: 1,
        sponsor_amount: 0,
        committed_cents: 0,
      });

      // Inviting the same sponsor again re-issues the link instead of a second sponsorship.
      t.clock.advance(REPEAT_WITHIN_MS + 1);
      const again = await call('POST', '/api/sponsor-invitation', organiser.token, {
        email: email.toUpperCase(),
        event_id: eventId,
      });
      expect(again.statusCode).toBe(201);
      expect(again.json().sponsorId).toBe(sponsorId);
      expect((await call('GET', `/api/invitations/${token}`, null)).statusCode).toBe(404);
      const event = (await call('GET', `/api/event/${eventId}`, organiser.token)).json();
      expect(event.open_sponsorships).toBe(1);
      const row = await t.database.db
        .selectFrom('sponsorships')
        .selectAll()
        .where('id', '=', sponsorId)
        .executeTakeFirstOrThrow();
      expect(Number(row.amount_cents)).toBe(150_000);

      // The sponsor registers with the link and accepts: linked, keeping no organisation of ours.
      const newToken = new URL(again.json().url).searchParams.get('token')!;
      const user = await registerWithInvitation(t, email, newToken);
      const accepted = await accept(t, user, newToken);
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json().user).toMatchObject({ cognito_id: user.sub, organisation_id: null });
      const linked = await t.database.db
        .selectFrom('sponsorships')
        .selectAll()
        .where('id', '=', sponsorId)
        .executeTakeFirstOrThrow();
      expect(linked.sponsor_cognito_id).toBe(user.sub);
    });

    it("lets the invited sponsor download the event's files with the link or signed in, nobody else", async () => {
      const created = (await call('POST', '/api/event/-1', organiser.token, validEvent({ title: 'Mit Datei' }))).json();
      const upload = (
        await call('GET', `/api/file/upload/${organiser.organisationId}/${created.id}/Vertrag/pdf`, organiser.token)
      ).json();
      const put = await t.app.inject({
        method: 'PUT',
        url: upload.url,
        headers: { 'content-type': 'application/pdf' },
        payload: pdfBytes(),
      });
      expect(put.statusCode).toBe(204);
      const file = { s3_id: upload.s3_id, name: upload.file, key: upload.key };
      expect(
        (await call('PUT', `/api/event/${created.id}`, organiser.token, validEvent({ files: [file] }))).statusCode,
      ).toBe(200);

      const email = uniqueEmail('guest');
      const link = new URL(
        (await call('POST', '/api/sponsor-invitation', organiser.token, { email, event_id: created.id })).json().url,
      );
      const token = link.searchParams.get('token')!;
      const elsewhere = new URL(
        (await call('POST', '/api/sponsor-invitation', organiser.token, { email, event_id: eventId })).json().url,
      ).searchParams.get('token')!;
      const download = (authorization?: string) =>
        t.app.inject({
          method: 'GET',
          url: `/api/download?key=${encodeURIComponent(upload.key)}`,
          headers: authorization ? { authorization } : {},
        });

      const asGuest = await download(`${token}:${email}`);
      expect(asGuest.statusCode).toBe(200);
      expect(asGuest.rawPayload).toEqual(pdfBytes());
      expect((await download(`${token}:${uniqueEmail()}`)).statusCode).toBe(404);
      expect((await download(`${elsewhere}:${email}`)).statusCode).toBe(404);
      expect((await download()).statusCode).toBe(401);

      const signedIn = await signUpAndSignIn(t, email);
      expect((await download(`Bearer ${signedIn.AccessToken}`)).statusCode).toBe(200);
      const stranger = await signUpAndSignIn(t);
      expect((await download(`Bearer ${stranger.AccessToken}`)).statusCode).toBe(404);

      t.clock.advance(91 * DAY_MS);
      expect((await download(`${token}:${email}`)).statusCode).toBe(404);
      t.clock.advance(-91 * DAY_MS);
    });

    it('sends the invitation again as a reminder with a new link, once an hour, while the sponsor has not answered', async () => {
      const email = uniqueEmail('remind');
      const first = await call('POST', '/api/sponsor-invitation', organiser.token, {
        email,
        event_id: eventId,
        amount_cents: 90_000,
      });
      const { sponsorId, url } = first.json();
      const remind = (token: string) => call('POST', `/api/sponsorships/${sponsorId}/invitation`, token);

      // Within the hour of the first: refused, nothing mailed.
      const after = await lastOutboxId(t.database.db);
      const early = await remind(organiser.token);
      expect(early.statusCode).toBe(429);
      expect(early.json().code).toBe('invitation.sent-recently');
      expect(await mailsTo(email, after)).toEqual([]);

      // Nobody else: another organisation, a sponsor.
      expect((await remind(other.token)).statusCode).toBe(404);
      expect((await remind(sponsor.token)).statusCode).toBe(403);
      expect((await call('POST', '/api/sponsorships/2147483647/invitation', organiser.token)).statusCode).toBe(404);

      await t.database.db
        .updateTable('invitations')
        .set({ created_at: toDbTime(new Date(t.clock().getTime() - REMIND_AFTER_MS)) })
        .where('sponsorship_id', '=', sponsorId)
        .execute();
      const reminded = await remind(organiser.token);
      expect(reminded.statusCode).toBe(200);
      expect(reminded.json().sent_at).toBe(t.clock().toISOString());
      const [mail] = await mailsTo(email, after);
      expect(mail!.subject).toBe(`Erinnerung: Sponsoring-Anfrage von ${MASTER_DATA.organisation_name}: Stadtlauf`);
      expect(mail!.text).toContain('Ein früher gesendeter Link gilt nicht mehr.');
      const newUrl = /https?:\/\/\S*invite-sponsor\/\?\S+/.exec(mail!.text)![0];
      const oldToken = new URL(url).searchParams.get('token')!;
      const newToken = new URL(newUrl).searchParams.get('token')!;
      expect(newToken).not.toBe(oldToken);
      expect((await call('GET', `/api/invitations/${oldToken}`, null)).statusCode).toBe(404);
      expect((await call('GET', `/api/invitations/${newToken}`, null)).json()).toMatchObject({
        email,
        event_id: eventId,
      });
      // The offer stays as it was.
      const listed = (await call('GET', `/api/event/${eventId}/sponsorships`, organiser.token)).json();
      expect(listed.find((s: { id: number }) => s.id === sponsorId)).toMatchObject({ amount_cents: 90_000 });
      // And again only an hour later.
      expect((await remind(organiser.token)).statusCode).toBe(429);

      // Once the sponsorship is decided, no reminder.
      await call('POST', `/api/sponsorships/${sponsorId}/status`, organiser.token, { status: 'declined' });
      await t.database.db
        .updateTable('invitations')
        .set({ created_at: toDbTime(new Date(t.clock().getTime() - REMIND_AFTER_MS)) })
        .where('sponsorship_id', '=', sponsorId)
        .execute();
      const decided = await remind(organiser.token);
      expect(decided.statusCode).toBe(409);
      expect(decided.json().code).toBe('invitation.not-needed');
    });

    it('refuses sponsors, and events of another organisation', async () => {
      const sponsorships = () =>
        t.database.db.selectFrom('sponsorships').select('id').where('event_id', '=', eventId).execute();
      const before = (await sponsorships()).length;
      const asSponsor = await call('POST', '/api/sponsor-invitation', sponsor.token, {
        email: uniqueEmail(),
        event_id: eventId,
      });
      expect(asSponsor.statusCode).toBe(403);
      const otherOrg = await call('POST', '/api/sponsor-invitation', other.token, {
        email: uniqueEmail(),
        event_id: eventId,
      });
      expect(otherOrg.statusCode).toBe(404);
      expect(await sponsorships()).toHaveLength(before);
    });
  });

  // Last: moves the app's clock past the links' validity (and the access tokens').
  it('refuses expired links for lookup, sign-up and accept', async () => {
    const email = uniqueEmail();
    const invitation = await invite(t, organiser, email);
    const pending = await invite(t, organiser, uniqueEmail());
    const user = await signUpAndSignIn(t, email);
    t.clock.advance(7 * DAY_MS + 1000);

    expect((await call('GET', `/api/invitations/${invitation.token}`, null)).statusCode).toBe(404);
    const token = await signIn(t, email);
    const res = await accept(t, { sub: user.sub, email, token }, invitation.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Token invalid or expired');
    const signUp = await signUpWithInvitation(t, new URL(pending.url).searchParams.get('email')!, pending.token);
    expect(signUp.status).toBe(400);
  });
});

describe('invitation mails', () => {
  const url = 'https://sp.example.org/invite/?token=abc_-123&email=a%40example.org';
  const expiresAt = new Date('2026-12-01T10:00:00Z');

  it('renders the team invitation in German and English with the link', () => {
    const de = renderInvitationMail(
      'a@example.org',
      { kind: 'team-invitation', organisationName: 'TSV <1860>', url, expiresAt },
      'de',
    );
    expect(de.subject).toBe('Einladung in das Team von TSV <1860> auf der Sponsoring-Plattform');
    expect(de.text).toContain(url);
    expect(de.text).toContain('01.12.2026');
    expect(de.html).toContain(url.replace(/&/g, '&amp;'));
    expect(de.html).toContain('TSV &lt;1860&gt;');
    const en = renderInvitationMail(
      'a@example.org',
      { kind: 'team-invitation', organisationName: 'TSV', url, expiresAt },
      'en',
    );
    expect(en.subject).toBe('Invitation to join TSV on Sponsoring Platform');
    expect(en.text).toContain(url);
  });

  it('renders the sponsor invitation in German and English with the link and the event', () => {
    const sponsorUrl = url.replace('/invite/', '/invite-sponsor/');
    for (const language of ['de', 'en'] as const) {
      const mail = renderInvitationMail(
        'a@example.org',
        { kind: 'sponsor-invitation', organisationName: 'TSV', eventTitle: 'Stadtlauf', url: sponsorUrl, expiresAt },
        language,
      );
      expect(mail.to).toBe('a@example.org');
      expect(mail.subject).toContain('Stadtlauf');
      expect(mail.text).toContain(sponsorUrl);
      expect(mail.subject).toContain(language === 'de' ? 'Sponsoring-Anfrage' : 'Sponsorship request');
    }
  });
});
