import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmSponsorship } from '../sponsorships/test-support.ts';
import { ENGINES } from '../../../test/helpers.ts';
import { startIdentityApp, uniqueEmail, type IdentityTestApp } from '../../identity/test-support.ts';
import { onboardedUser, pdfBytes, requester, validEvent, type TestUser } from '../events/test-support.ts';
import { registerWithInvitation } from '../invitations/test-support.ts';

describe.each(ENGINES)('data export on %s', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  const call = requester(() => t);

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    organiser = await onboardedUser(t, 'veranstalter');
  });
  afterAll(async () => t.close());

  it("answers the caller's own data as a JSON download, and only theirs", async () => {
    const event = (await call('POST', '/api/event/-1', organiser.token, validEvent({ title: 'Export-Fest' }))).json();
    const sponsorEmail = uniqueEmail('sponsor');
    const invited = await call('POST', '/api/sponsor-invitation', organiser.token, {
      email: sponsorEmail,
      event_id: event.id,
      amount_cents: 1234,
    });
    const token = new URL(invited.json().url).searchParams.get('token')!;
    const sponsor = await registerWithInvitation(t, sponsorEmail, token);
    const conversation = (
      await call('POST', `/api/conversation/${encodeURIComponent(organiser.email)}`, sponsor.token)
    ).json();
    await call('POST', `/api/conversation/${conversation.id}/message`, sponsor.token, {
      message: '<b>Hallo</b> & Grüße',
    });
    await call('POST', `/api/conversation/${conversation.id}/message`, organiser.token, {
      message: 'Antwort des Vereins',
    });

    const res = await call('GET', '/api/data-export', organiser.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="sponsoring-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const mine = res.json();
    expect(mine.account).toEqual({ cognito_id: organiser.sub, email: organiser.email });
    expect(mine.organisation).toMatchObject({ name: 'Sportverein Musterstadt e.V.', city: 'Berlin' });
    expect(mine.events_created).toEqual([expect.objectContaining({ id: event.id, title: 'Export-Fest' })]);
    expect(mine.invitations_sent).toEqual([expect.objectContaining({ kind: 'sponsor', email: sponsorEmail })]);
    expect(mine.messages_written.map((m: { message: string }) => m.message)).toEqual(['Antwort des Vereins']);
    expect(mine.sponsorships).toEqual([]);
    // Settings, in-app alerts and the account as the identity provider holds it, without secrets.
    await call('PUT', '/api/settings', organiser.token, { language: 'en', chat_email_notices: false });
    const later = (await call('GET', '/api/data-export', organiser.token)).json();
    expect(later.settings).toEqual({ language: 'en', chat_email_notices: false, dashboard_view: null });
    expect(mine.settings).toEqual({ language: 'de', chat_email_notices: true, dashboard_view: null });
    expect(mine.notifications).toEqual([
      expect.objectContaining({
        kind: 'new_message',
        link: expect.any(String),
        count: 1,
        read_at: null,
        params: expect.any(Object),
      }),
    ]);
    expect(mine.identity).toMatchObject({
      email: organiser.email,
      email_verified: true,
      mfa_enabled: false,
      sessions: [expect.objectContaining({ client_id: t.config.identity.clientId, revoked_at: null })],
      devices: [],
    });
    const text = JSON.stringify(later);
    for (const secret of ['password_hash', 'totp_secret', 'refresh_token_hash', 'password_verifier', 'scrypt']) {
      expect(text).not.toContain(secret);
    }
    expect(mine.archived_agreements).toEqual([]);

    const theirs = (await call('GET', '/api/data-export', sponsor.token)).json();
    expect(theirs.sponsorships).toEqual([
      expect.objectContaining({ event_title: 'Export-Fest', amount_cents: 1234, status: 'invited' }),
    ]);
    expect(theirs.messages_written.map((m: { message: string }) => m.message)).toEqual(['<b>Hallo</b> & Grüße']);
    expect(theirs.events_created).toEqual([]);
    expect(theirs.invitations_received).toContainEqual(
      expect.objectContaining({
        kind: 'sponsor',
        email: sponsorEmail,
        organisation_name: 'Sportverein Musterstadt e.V.',
      }),
    );
    expect(JSON.stringify(theirs)).not.toContain('Antwort des Vereins');
    expect((await call('GET', '/api/data-export', null)).statusCode).toBe(401);
  });

  it("includes the package a sponsor took and the sponsorship's activity log", async () => {
    const event = (await call('POST', '/api/event/-1', organiser.token, validEvent({ title: 'Paket-Fest' }))).json();
    const gold = (
      await call('POST', `/api/event/${event.id}/packages`, organiser.token, {
        name: 'Gold',
        price_cents: 300_000,
        capacity: 1,
        benefits: [{ title: 'Vortrag', kind: 'talk', due_date: null, sponsor_delivers: true }],
      })
    ).json();
    const sponsorEmail = uniqueEmail('paket');
    const invited = await call('POST', '/api/sponsor-invitation', organiser.token, {
      email: sponsorEmail,
      event_id: event.id,
      package_ids: [gold.id],
    });
    const token = new URL(invited.json().url).searchParams.get('token')!;
    const sponsor = await registerWithInvitation(t, sponsorEmail, token);
    const sponsorshipId = invited.json().sponsorId;
    expect(
      (await call('POST', `/api/sponsorships/${sponsorshipId}/package`, sponsor.token, { package_id: gold.id }))
        .statusCode,
    ).toBe(200);

    // Confirmed: the benefit becomes a deliverable; the sponsor gives the talk's title and a comment.
    await confirmSponsorship(t, { token, email: sponsorEmail, sponsorshipId }, organiser.token);
    const [talk] = (await call('GET', `/api/sponsorships/${sponsorshipId}/deliverables`, sponsor.token)).json()
      .deliverables;
    expect(
      (await call('PUT', `/api/deliverables/${talk.id}/input`, sponsor.token, { text: 'Sport verbindet' })).statusCode,
    ).toBe(200);
    expect(
      (await call('POST', `/api/deliverables/${talk.id}/comments`, sponsor.token, { text: 'Passt das so?' }))
        .statusCode,
    ).toBe(200);

    const theirs = (await call('GET', '/api/data-export', sponsor.token)).json();
    expect(theirs.sponsorships[0].deliverables).toEqual([
      expect.objectContaining({
        title: 'Vortrag',
        kind: 'talk',
        sponsor_input: 'Sport verbindet',
        provided_at: expect.any(String),
        comments: [expect.objectContaining({ side: 'sponsor', text: 'Passt das so?' })],
      }),
    ]);
    expect(theirs.sponsorships[0].deliverable_activity).toContainEqual(
      expect.objectContaining({ side: 'sponsor', title: 'Vortrag' }),
    );
    expect(theirs.sponsorships).toEqual([
      expect.objectContaining({
        event_title: 'Paket-Fest',
        package_name: 'Gold',
        amount_cents: 300_000,
        activity: [
          expect.objectContaining({ kind: 'offered', side: 'organisation', package_name: 'Gold' }),
          expect.objectContaining({ kind: 'chosen', side: 'sponsor', package_name: 'Gold', amount_cents: 300_000 }),
          expect.objectContaining({
            kind: 'status_changed',
            side: 'organisation',
            from_status: 'signed',
            to_status: 'confirmed',
          }),
        ],
      }),
    ]);
  });

  it("includes the sponsor's archived signed agreements once their organisation was deleted", async () => {
    const owner = await onboardedUser(t, 'veranstalter');
    const event = (await call('POST', '/api/event/-1', owner.token, validEvent({ title: 'Archiv-Fest' }))).json();
    const sponsorEmail = uniqueEmail('archived');
    const invited = await call('POST', '/api/sponsor-invitation', owner.token, {
      email: sponsorEmail,
      event_id: event.id,
      amount_cents: 5000,
    });
    const sponsorshipId = invited.json().sponsorId;
    const sponsor = await registerWithInvitation(
      t,
      sponsorEmail,
      new URL(invited.json().url).searchParams.get('token')!,
    );
    const upload = (
      await call('POST', `/api/sponsorships/${sponsorshipId}/signed-agreement/upload-url`, sponsor.token, {
        file_name: 'Zusage.pdf',
      })
    ).json();
    await t.app.inject({
      method: 'PUT',
      url: upload.url,
      headers: { 'content-type': 'application/pdf' },
      payload: pdfBytes(),
    });
    await call('PUT', `/api/sponsorships/${sponsorshipId}/signed-agreement`, sponsor.token, {
      s3_id: upload.s3_id,
      key: upload.key,
    });
    expect((await call('DELETE', `/api/user-profile/${owner.sub}`, owner.token)).statusCode).toBe(204);

    const theirs = (await call('GET', '/api/data-export', sponsor.token)).json();
    expect(theirs.sponsorships).toEqual([]);
    expect(theirs.archived_agreements).toEqual([
      expect.objectContaining({
        event_title: 'Archiv-Fest',
        organisation_name: 'Sportverein Musterstadt e.V.',
        sponsor_email: sponsorEmail,
        amount_cents: 5000,
        status: 'signed',
        file_name: 'Zusage.pdf',
        download_path: expect.stringMatching(/^\/api\/archived-agreements\/\d+\/file$/),
        retain_until: expect.any(String),
      }),
    ]);
    const download = await call('GET', theirs.archived_agreements[0].download_path, sponsor.token);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload).toEqual(pdfBytes());
    // Nobody else's export mentions it.
    expect((await call('GET', '/api/data-export', organiser.token)).json().archived_agreements).toEqual([]);
  });
});
